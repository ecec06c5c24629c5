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

    /// Settings with the defaults.
    public init(schema: Schema = .introspection, subscriptions: String? = nil) {
        self.schema = schema
        self.subscriptions = subscriptions
    }
}
