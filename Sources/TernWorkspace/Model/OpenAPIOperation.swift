/// The OpenAPI operation a spec was imported from (`openapi:` in a spec file): the description kept
/// in the workspace and the operation's method and path template, which contract checks look up.
///
/// ```yaml
/// openapi:
///   document: openapi/petstore.yaml
///   operation: GET /pets/{petId}
/// ```
public struct OpenAPIOperation: Sendable, Equatable {
    /// The description's path relative to the workspace folder.
    public var document: String
    /// The method, upper-case (`GET`).
    public var method: String
    /// The path template as the description writes it (`/pets/{petId}`).
    public var path: String

    /// Makes a reference.
    public init(document: String, method: String, path: String) {
        self.document = document
        self.method = method.uppercased()
        self.path = path
    }

    /// `GET /pets/{petId}`.
    public var operation: String { "\(method) \(path)" }
}
