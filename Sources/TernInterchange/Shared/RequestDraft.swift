import Tern
import TernWorkspace

/// One request as an importer read it, before its URL is split into a target and a path.
struct RequestDraft {
    /// A header or query row; disabled rows are kept but not sent.
    struct Row {
        /// The name.
        var name: String
        /// The value.
        var value: String
        /// Whether the source switched it off.
        var disabled = false
    }

    /// The item's name as the source shows it.
    var name: String
    /// Folders under the group.
    var folders: [String]
    /// The method as written.
    var method: String
    /// The full URL without its query (templates kept).
    var url: String
    /// Query rows in order.
    var query: [Row] = []
    /// Header rows in order.
    var headers: [Row] = []
    /// The body.
    var body: BodyDefinition?
    /// A saved response.
    var sample: SampleDefinition?
    /// The `auth:` an auth block maps to.
    var auth: AuthDefinition?
    /// What the source holds for this request that Tern cannot run, kept as the spec's `notes:`.
    var notes: [String] = []
    /// The conversation of a WebSocket request (Insomnia's `websocket_request`, a `ws://` URL).
    var websocket: WebSocketDefinition?
    /// The call of a gRPC request (a `.http` file's `GRPC`, Insomnia's `grpc_request`): its metadata are
    /// `headers`, `url` is the server (`grpc://HOST:PORT`).
    var grpc: GRPCDefinition?
    /// Where a gRPC request's descriptors come from and its TLS settings, for its target.
    var grpcTarget: WorkspaceTarget?
    /// Values taken from the answer (`capture:`), from a script the source runs after the request.
    var capture: [CaptureRule] = []
    /// What the answer must satisfy (`expect:`), from the source's assertions.
    var expect: [ResponseExpectation] = []
    /// A key other drafts name in `requires`, unique in the source (`nil`: none needs it).
    var key: String?
    /// The keys of the drafts answered before this one, made `requires:` once the plan has their ids.
    var requires: [String] = []

    /// Whether a header `name` is set (enabled), compared case-insensitively.
    func hasHeader(_ name: String) -> Bool {
        headers.contains { !$0.disabled && $0.name.lowercased() == name.lowercased() }
    }

    /// Every templated string of the request rewritten by `transform` (URL, query, headers, body).
    mutating func rewriteStrings(_ transform: (String) -> String) {
        url = transform(url)
        for index in query.indices { query[index].value = transform(query[index].value) }
        for index in headers.indices { headers[index].value = transform(headers[index].value) }
        switch body {
        case .json(let value): body = .json(Self.rewrite(value, transform))
        case .form(let pairs): body = .form(pairs.map { ($0.name, transform($0.value)) })
        case .text(let text): body = .text(transform(text))
        case .file(let path): body = .file(transform(path))
        case .multipart(let parts):
            body = .multipart(
                parts.map {
                    MultipartPartDefinition(
                        name: $0.name, value: $0.value.map(transform), file: $0.file.map(transform),
                        contentType: $0.contentType)
                })
        case .graphql(var graphQL):
            graphQL.variables = graphQL.variables.map { Self.rewrite($0, transform) }
            body = .graphql(graphQL)
        case nil: break
        }
        auth = auth.map { Self.rewrite($0, transform) }
        if let messages = grpc?.messages { grpc?.messages = messages.map { Self.rewrite($0, transform) } }
    }

    private static func rewrite(_ auth: AuthDefinition, _ transform: (String) -> String) -> AuthDefinition {
        switch auth {
        case .none: .none
        case .basic(let username, let password): .basic(username: transform(username), password: transform(password))
        case .digest(let username, let password):
            .digest(username: transform(username), password: transform(password))
        case .bearer(let token): .bearer(token: transform(token))
        case .apiKey(let name, let value, let location):
            .apiKey(name: name, value: transform(value), location: location)
        case .aws(let accessKey, let secretKey, let sessionToken, let region, let service):
            .aws(
                accessKey: transform(accessKey), secretKey: transform(secretKey),
                sessionToken: sessionToken.map(transform),
                region: transform(region), service: transform(service))
        case .oauth2(let definition): .oauth2(definition.mapValues(transform))
        }
    }

    static func rewrite(_ value: JSONValue, _ transform: (String) -> String) -> JSONValue {
        switch value {
        case .string(let text): .string(transform(text))
        case .array(let items): .array(items.map { rewrite($0, transform) })
        case .object(let members): .object(members.mapValues { rewrite($0, transform) })
        default: value
        }
    }
}
