public import Tern

/// `body.graphql:` a GraphQL operation, sent as GraphQL-over-HTTP JSON (`{"query", "operationName", "variables"}`).
public struct GraphQLBodyDefinition: Sendable, Equatable {
    /// The document (`query User($id: ID!) { user(id: $id) { name } }`), sent as written: not templated.
    public var query: String
    /// The file the document was read from (`queryFile:`, relative to the spec's own file), `nil` when it is
    /// written inline: `query` then holds the file's text as it was when the spec was read.
    public var queryFile: String?
    /// Which operation of the document to run, when it holds several.
    public var operationName: String?
    /// The operation's variables; string leaves are templated like a `json` body.
    public var variables: JSONValue?
    /// Whether the operation is checked against the target's schema before it is sent (`check: false`: sent
    /// as written, for a server whose introspection is off).
    public var check = true

    /// Makes a GraphQL body.
    public init(query: String, operationName: String? = nil, variables: JSONValue? = nil) {
        self.query = query
        self.operationName = operationName
        self.variables = variables
    }

    /// The fields of `body.graphql`, in the order the writer puts them.
    static let fields = ["query", "queryFile", "operationName", "variables", "check"]

    /// The request body as GraphQL-over-HTTP sends it, from an already rendered `variables`.
    public func document(variables rendered: JSONValue?) -> JSONValue {
        var object: [String: JSONValue] = ["query": .string(query)]
        if let operationName { object["operationName"] = .string(operationName) }
        if let rendered { object["variables"] = rendered }
        return .object(object)
    }

    /// A GraphQL body from a GraphQL-over-HTTP JSON document (`{"query": ..., ...}`), `nil` when it is not one
    /// (no string `query`, another key, or `variables` that is neither a mapping nor null).
    public init?(document: JSONValue) {
        guard case .object(let object) = document, case .string(let query)? = object["query"],
            Set(object.keys).isSubset(of: ["query", "operationName", "variables"])
        else { return nil }
        self.query = query
        if case .string(let name)? = object["operationName"] { operationName = name }
        switch object["variables"] {
        case .object(let values)?: variables = .object(values)
        case .null?, nil: break
        default: return nil
        }
    }
}
