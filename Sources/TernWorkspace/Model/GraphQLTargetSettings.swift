public import Tern

/// A target's `graphql:`: where its schema comes from, and where its subscriptions go.
public struct GraphQLTargetSettings: Sendable, Equatable {
    /// Where the schema operations are checked against comes from.
    public enum Schema: Sendable, Equatable {
        /// Asked of the server by introspection once (with the target's auth) and kept in `.tern/graphql/`.
        case introspection
        /// An SDL file in the workspace (`schema.graphql`), relative to its root.
        case file(String)
        /// No schema: operations are sent unchecked.
        case none
    }

    /// `schema:` (`introspection` when not written).
    public var schema: Schema = .introspection
    /// `subscriptions:` the graphql-transport-ws endpoint (`ws://…`) beside an HTTP one, templated.
    public var subscriptions: String?
    /// `connectionParams:` the payload of graphql-transport-ws's `connection_init` (a JSON object whose
    /// strings are templated, as a `json` body's are): where servers that authenticate the connection rather
    /// than the upgrade read credentials (Apollo's and graphql-ws's `connectionParams`).
    public var connectionParams: JSONValue?

    /// Settings with the defaults.
    public init(schema: Schema = .introspection, subscriptions: String? = nil, connectionParams: JSONValue? = nil) {
        self.schema = schema
        self.subscriptions = subscriptions
        self.connectionParams = connectionParams
    }
}
