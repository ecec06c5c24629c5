import Foundation
import HTTPTypes
import Tern
import Yams

/// Reads one spec file (`specs/**/*.yaml`) into a `SpecDefinition`.
///
/// Target names are checked later, against the workspace (`Workspace.load`), so a file can be
/// re-read on its own when saving.
struct SpecReader {
    /// Every field a spec may have, in the order the docs (and new files) list them.
    static let fieldOrder = [
        "name", "target", "method", "path", "protocol", "query", "arrayEncoding", "headers", "auth", "disabled",
        "body", "websocket", "grpc", "until", "transaction", "storageKey", "validFor", "cookies", "redirects", "stream",
        "sample",
        "verify", "requires",
        "capture",
        "expect", "openapi", "notes",
    ]

    var reader: NodeReader
    var layout = SpecLayout()

    init(file: URL) {
        reader = NodeReader(file: file)
    }

    /// Reads `text` (the contents of the reader's file); `defaultName` is used when `name:` is absent.
    mutating func read(text: String, defaultName: String) throws(WorkspaceError) -> SpecDefinition {
        guard let root = try YAMLSource.compose(text: text, file: reader.file) else {
            throw WorkspaceError(
                .missingField, "the spec is empty: it needs at least 'method' and 'path'", file: reader.file, at: .start
            )
        }
        return try read(root, defaultName: defaultName)
    }

    /// Reads the root node of a spec file.
    mutating func read(_ root: Node, defaultName: String) throws(WorkspaceError) -> SpecDefinition {
        layout.document = SourceLocation(root)
        let fields = try reader.fields(root, of: "a spec", allowed: Self.fieldOrder)
        layout[order: ""] = fields.keys

        // A gRPC spec names its method in `grpc:`; the target's baseURL is the server: no path is needed.
        let grpcNode = fields["grpc"]
        let pathNode = grpcNode == nil ? try required("path", in: fields) : fields["path"]
        var path = ""
        if let pathNode { path = try reader.string(pathNode, field: "path") }
        var webSocket: WebSocketDefinition?
        if let node = fields["protocol"] {
            let name = try reader.oneOf(node, field: "protocol", allowed: ["http", "websocket"])
            if name == "websocket" { webSocket = WebSocketDefinition() }
        }
        if let node = fields["websocket"] { webSocket = try self.webSocket(node) }
        if SpecDefinition.isWebSocketURL(path), webSocket == nil { webSocket = WebSocketDefinition() }
        // The body first: a GraphQL operation goes as a POST (a subscription as a conversation), so its spec
        // may leave the method out, as a WebSocket's (a GET) and a gRPC call's may.
        let body = try fields["body"].flatMap { node throws(WorkspaceError) in try self.body(node) }
        let isGraphQL = if case .graphql? = body { true } else { false }
        var methodText = grpcNode == nil && !isGraphQL ? "GET" : "POST"
        if webSocket == nil && grpcNode == nil && !isGraphQL || fields["method"] != nil {
            let method = try required("method", in: fields)
            methodText = try reader.string(method, field: "method")
            guard HTTPRequest.Method(methodText.uppercased()) != nil else {
                throw reader.error(
                    "'\(methodText)' is not an HTTP method (GET, POST, PUT, PATCH, DELETE, ...)", at: method)
            }
            if webSocket != nil, methodText.uppercased() != "GET" {
                throw reader.error("a WebSocket opens with GET, not \(methodText): leave 'method' out", at: method)
            }
        }
        var spec = SpecDefinition(name: defaultName, method: methodText, path: path)
        spec.websocket = webSocket
        if let pathNode { layout[location: "path"] = SourceLocation(pathNode) }
        if let grpcNode {
            if webSocket != nil { throw reader.error("a spec is a WebSocket or a gRPC call, not both", at: grpcNode) }
            spec.grpc = try grpc(grpcNode)
        }

        if let node = fields["name"] { spec.name = try reader.optionalString(node, field: "name") ?? defaultName }
        if let node = fields["target"] {
            spec.target = try reader.optionalString(node, field: "target")
            layout[location: "target"] = SourceLocation(node)
        }
        if let node = fields["query"] { spec.query = try query(node) }
        if let node = fields["arrayEncoding"] {
            spec.arrayEncoding = try reader.choice(node, field: "arrayEncoding")
        }
        if let node = fields["headers"] {
            var locations: [String: SourceLocation] = [:]
            spec.headers = try reader.stringPairs(node, field: "headers", headerNames: true) {
                locations["headers/" + $0] = $1
            }
            for (path, location) in locations { layout[location: path] = location }
        }
        if let node = fields["auth"] {
            var locations: [String: SourceLocation] = [:]
            spec.auth = try reader.auth(node) { locations[$0] = $1 }
            for (path, location) in locations { layout[location: path] = location }
        }
        if let node = fields["disabled"] { spec.disabled = try disabled(node) }
        spec.body = body
        if let node = fields["until"] {
            guard isGraphQL else {
                throw reader.error(
                    "'until' ends a GraphQL subscription (a spec with a graphql body); a WebSocket spec's goes in "
                        + "'websocket.until'", at: node)
            }
            spec.until = try webSocketUntil(node, field: "until")
        }
        if let node = fields["transaction"] { spec.transaction = try reader.choice(node, field: "transaction") }
        if let node = fields["storageKey"] {
            spec.storageKey = try reader.optionalString(node, field: "storageKey")
            locate("storageKey", node, spec.storageKey ?? "")
        }
        if let node = fields["validFor"] { spec.validFor = try optionalSeconds(node, field: "validFor") }
        if let node = fields["cookies"] { spec.cookies = try reader.bool(node, field: "cookies") }
        if let node = fields["redirects"] { spec.redirects = try reader.redirectPolicy(node, base: .default) }
        if let node = fields["stream"] { spec.stream = try reader.streamReconnection(node) }
        if let node = fields["sample"] { spec.sample = try sample(node) }
        if let node = fields["verify"] { spec.verifyIgnore = try reader.verifyIgnore(node) }
        if let node = fields["requires"] { spec.requires = try requires(node) }
        if let node = fields["capture"] { spec.capture = try capture(node) }
        if let node = fields["expect"] { spec.expect = try expect(node) }
        if let node = fields["openapi"] { spec.openAPI = try openAPIOperation(node) }
        if spec.openAPI == nil, spec.expect.contains(.openAPIContract), let node = fields["expect"] {
            throw reader.error(
                "'expect.openapi' checks the answer against the spec's OpenAPI operation, and this spec has none "
                    + "('openapi: {document: FILE, operation: METHOD /path}', which an OpenAPI import writes)",
                at: node)
        }
        if let node = fields["notes"] { spec.notes = try reader.optionalString(node, field: "notes") }
        spec.layout = layout
        return spec
    }

    /// The node of a required field, or an error at the mapping naming it; when an unknown key is close to
    /// it (`methd`), the error is at that key and says "unknown field 'methd' (did you mean 'method'?)".
    func required(_ field: String, in fields: Fields) throws(WorkspaceError) -> Node {
        guard let node = fields[field] else {
            if let typo = fields.misspelling(of: field) {
                throw reader.error(
                    .missingField,
                    "unknown field '\(typo.key)' (did you mean '\(field)'?); missing required field '\(field)'",
                    at: typo.node)
            }
            throw reader.error(.missingField, "missing required field '\(field)'", at: fields.node)
        }
        return node
    }

    /// Records where a templated value is.
    mutating func locate(_ path: String, _ node: Node, _ value: String) {
        if value.contains("{{") { layout[location: path] = SourceLocation(node) }
    }

    /// `openapi: {document: FILE, operation: "GET /pets/{petId}"}`.
    private mutating func openAPIOperation(_ node: Node) throws(WorkspaceError) -> OpenAPIOperation {
        let fields = try reader.fields(node, of: "'openapi'", allowed: ["document", "operation"])
        let document = try reader.string(try required("document", in: fields), field: "openapi.document")
        let operationNode = try required("operation", in: fields)
        let operation = try reader.string(operationNode, field: "openapi.operation")
        let parts = operation.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[1].hasPrefix("/"), !parts[0].isEmpty else {
            throw reader.error("'openapi.operation' is 'METHOD /path' as the description writes it", at: operationNode)
        }
        return OpenAPIOperation(document: document, method: parts[0], path: parts[1])
    }

    /// `disabled: { headers: [NAME...], query: [NAME...] }`.
    private mutating func disabled(_ node: Node) throws(WorkspaceError) -> DisabledItems {
        if case .scalar(let scalar) = node, ScalarValue.isNull(scalar) { return DisabledItems() }
        let fields = try reader.fields(node, of: "'disabled'", allowed: ["headers", "query"])
        var items = DisabledItems()
        if let list = fields["headers"] { items.headers = try names(list, field: "disabled.headers") }
        if let list = fields["query"] { items.query = try names(list, field: "disabled.query") }
        return items
    }

    private func names(_ node: Node, field: String) throws(WorkspaceError) -> [String] {
        guard case .sequence(let sequence) = node else {
            throw reader.error("'\(field)' must be a list of names, not \(NodeReader.describe(node))", at: node)
        }
        var result: [String] = []
        for item in sequence { result.append(try reader.string(item, field: field)) }
        return result
    }

    private mutating func query(_ node: Node) throws(WorkspaceError) -> [(name: String, value: JSONValue)] {
        if case .scalar(let scalar) = node, ScalarValue.isNull(scalar) { return [] }
        var result: [(name: String, value: JSONValue)] = []
        var layout = self.layout
        try reader.forEachEntry(node, of: "'query'") { key, _, value throws(WorkspaceError) in
            result.append((key, try reader.json(value, path: "query/" + key, layout: &layout)))
        }
        self.layout = layout
        return result
    }

    private func optionalSeconds(_ node: Node, field: String) throws(WorkspaceError) -> Double? {
        if case .scalar(let scalar) = node, ScalarValue.isNull(scalar) { return nil }
        return try reader.seconds(node, field: field, maximum: WorkspaceLimits.maximumValidity)
    }

    private mutating func sample(_ node: Node) throws(WorkspaceError) -> SampleDefinition? {
        if case .scalar(let scalar) = node, ScalarValue.isNull(scalar) { return nil }
        let fields = try reader.fields(node, of: "'sample'", allowed: ["status", "headers", "body"])
        layout[order: "sample"] = fields.keys
        var sample = SampleDefinition()
        if let status = fields["status"] {
            sample.status = try reader.int(status, field: "sample.status")
            guard (100...599).contains(sample.status) else {
                throw reader.error("'sample.status' must be an HTTP status from 100 to 599", at: status)
            }
        }
        if let headers = fields["headers"] {
            sample.headers = try reader.stringPairs(headers, field: "sample.headers", headerNames: true)
        }
        if let body = fields["body"] {
            sample.packedBody = try reader.packedJSON(body, path: "sample/body", layout: &layout)
        }
        return sample
    }
}
