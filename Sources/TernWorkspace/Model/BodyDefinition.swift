public import Tern

/// A spec's body as written under `body:`: exactly one of `json`, `form`, `text`, `file`, `multipart`, `graphql`.
public enum BodyDefinition: Sendable, Equatable {
    /// `json:` any YAML value, sent as JSON; string leaves are templated.
    case json(JSONValue)
    /// `form:` name/value pairs in file order, sent as `application/x-www-form-urlencoded`.
    case form([(name: String, value: String)])
    /// `text:` a string sent as `text/plain; charset=utf-8`.
    case text(String)
    /// `file:` a path (relative to the workspace root) whose contents are streamed.
    case file(String)
    /// `multipart:` a list of parts, each a value or a file.
    case multipart([MultipartPartDefinition])
    /// `graphql:` a query with its operation name and variables, sent as GraphQL-over-HTTP JSON.
    case graphql(GraphQLBodyDefinition)

    /// The YAML key of this kind (`json`, `form`, ...).
    public var kind: String {
        switch self {
        case .json: "json"
        case .form: "form"
        case .text: "text"
        case .file: "file"
        case .multipart: "multipart"
        case .graphql: "graphql"
        }
    }

    /// The kinds, in the order the docs list them.
    static let kinds = ["json", "form", "text", "file", "multipart", "graphql"]

    /// Whether both are the same kind with equal contents (form pairs compared in order).
    public static func == (lhs: BodyDefinition, rhs: BodyDefinition) -> Bool {
        switch (lhs, rhs) {
        case (.json(let a), .json(let b)): a == b
        case (.form(let a), .form(let b)): Pairs.equal(a, b)
        case (.text(let a), .text(let b)): a == b
        case (.file(let a), .file(let b)): a == b
        case (.multipart(let a), .multipart(let b)): a == b
        case (.graphql(let a), .graphql(let b)): a == b
        default: false
        }
    }
}
