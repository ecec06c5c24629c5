import Foundation
import Tern
import Yams

/// Writes a `SpecDefinition` as YAML, keeping the key order it was read with.
///
/// Keys read from the file come first, in file order; fields that gained a value are appended in
/// the documented order (`SpecReader.fieldOrder`); JSON objects keep their file order, new keys
/// sorted. Strings are quoted only when they would otherwise read back as another type, numbers
/// are formatted here (never `2.5e+0`). Comments and flow style (`{ a: 1 }`) are not kept:
/// Yams cannot carry them through a node tree.
struct SpecWriter {
    let spec: SpecDefinition
    /// The name a spec gets when `name:` is absent (its file name); such a name is not written.
    let defaultName: String

    /// The YAML text of the spec.
    func yaml() throws(WorkspaceError) -> String {
        do {
            return try Yams.serialize(node: document(), indent: 2, width: -1, allowUnicode: true)
        } catch {
            throw WorkspaceError(.io, "cannot write the spec as YAML: \(error)", underlying: error)
        }
    }

    /// The top-level mapping.
    func document() -> Node {
        var values: [String: Node] = [:]
        let recorded = spec.layout[order: ""]
        if spec.name != defaultName || recorded.contains("name") { values["name"] = Self.string(spec.name) }
        if let target = spec.target { values["target"] = Self.string(target) }
        // A GraphQL spec read without a method (a POST) is written without one.
        let graphQLPost = if case .graphql? = spec.body { spec.method == "POST" && !recorded.isEmpty } else { false }
        if !spec.isWebSocket && !spec.isGRPC && !graphQLPost || recorded.contains("method") {
            values["method"] = Self.string(spec.method)
        }
        if !spec.isGRPC || !spec.path.isEmpty { values["path"] = Self.string(spec.path) }
        if let grpc = spec.grpc { values["grpc"] = self.grpc(grpc) }
        if spec.isWebSocket, recorded.contains("protocol") || !SpecDefinition.isWebSocketURL(spec.path) {
            values["protocol"] = Self.string("websocket")
        }
        if let webSocket = spec.websocket, webSocket != WebSocketDefinition() || recorded.contains("websocket") {
            values["websocket"] = self.webSocket(webSocket)
        }
        if let until = spec.until { values["until"] = Self.until(until) }
        if !spec.query.isEmpty {
            values["query"] = Self.mapping(spec.query.map { ($0.name, json($0.value, at: "query/" + $0.name)) })
        }
        if spec.arrayEncoding != .individual || recorded.contains("arrayEncoding") {
            values["arrayEncoding"] = Self.string(spec.arrayEncoding.rawValue)
        }
        if !spec.headers.isEmpty { values["headers"] = Self.pairs(spec.headers) }
        if let auth = spec.auth { values["auth"] = Self.auth(auth) }
        if !spec.disabled.isEmpty {
            var lists: [(String, Node)] = []
            if !spec.disabled.headers.isEmpty {
                lists.append(("headers", Node(spec.disabled.headers.map(Self.string))))
            }
            if !spec.disabled.query.isEmpty { lists.append(("query", Node(spec.disabled.query.map(Self.string)))) }
            values["disabled"] = Self.mapping(lists)
        }
        if let body = spec.body { values["body"] = self.body(body) }
        if spec.transaction != .data || recorded.contains("transaction") {
            values["transaction"] = Self.string(spec.transaction.rawValue)
        }
        if let storageKey = spec.storageKey { values["storageKey"] = Self.string(storageKey) }
        if let validFor = spec.validFor { values["validFor"] = Self.number(validFor, preferInteger: true) }
        if !spec.cookies || recorded.contains("cookies") { values["cookies"] = Node(spec.cookies ? "true" : "false") }
        if let redirects = spec.redirects {
            values["redirects"] = Self.mapping([
                ("follow", Node(redirects.follow ? "true" : "false")), ("max", Node(String(redirects.maximum))),
            ])
        }
        if let stream = spec.stream {
            values["stream"] = Self.mapping([
                ("reconnect", Node(stream.enabled ? "true" : "false")), ("max", Node(String(stream.maximum))),
            ])
        }
        if let sample = spec.sample { values["sample"] = self.sample(sample) }
        if !spec.verifyIgnore.isEmpty {
            values["verify"] = Self.mapping([("ignore", Node(spec.verifyIgnore.map(Self.string)))])
        }
        if !spec.requires.isEmpty { values["requires"] = requires() }
        if !spec.capture.isEmpty { values["capture"] = capture() }
        if !spec.expect.isEmpty { values["expect"] = expect() }
        if let operation = spec.openAPI {
            values["openapi"] = Self.mapping([
                ("document", Self.string(operation.document)), ("operation", Self.string(operation.operation)),
            ])
        }
        if let notes = spec.notes { values["notes"] = Self.string(notes) }
        return ordered(values, at: "", canonical: SpecReader.fieldOrder)
    }

    private func grpc(_ definition: GRPCDefinition) -> Node {
        var pairs: [(String, Node)] = [("method", Self.string(definition.method))]
        if definition.messages.count == 1, !spec.layout[order: "grpc"].contains("messages") {
            pairs.append(("message", json(definition.messages[0], at: "grpc/messages/0")))
        } else if !definition.messages.isEmpty {
            let messages = definition.messages.enumerated().map { index, message in
                json(message, at: "grpc/messages/\(index)")
            }
            pairs.append(("messages", Node(messages)))
        }
        if !definition.metadata.isEmpty {
            pairs.append(("metadata", Self.pairs(definition.metadata.map { (name: $0.name, value: $0.value) })))
        }
        if let timeout = definition.timeout { pairs.append(("timeout", Node(String(timeout)))) }
        return Self.mapping(pairs)
    }

    private func webSocket(_ definition: WebSocketDefinition) -> Node {
        var pairs: [(String, Node)] = []
        if !definition.messages.isEmpty {
            let messages = definition.messages.enumerated().map { index, message -> Node in
                switch message {
                case .text(let text): Self.string(text)
                case .json(let value): Self.mapping([("json", json(value, at: "websocket/messages/\(index)/json"))])
                case .binary(let base64): Self.mapping([("binary", Self.string(base64))])
                }
            }
            pairs.append(("messages", Node(messages)))
        }
        if definition.until != .default { pairs.append(("until", Self.until(definition.until))) }
        if let bytes = definition.maxMessageBytes { pairs.append(("maxMessageBytes", Node(String(bytes)))) }
        if !definition.sample.isEmpty {
            let sample = definition.sample.enumerated().map { index, item -> Node in
                let value: Node
                switch item.message {
                case .text(let text): value = Self.string(text)
                case .json(let json):
                    value = Self.mapping([("json", self.json(json, at: "websocket/sample/\(index)/json"))])
                case .binary(let base64): value = Self.mapping([("binary", Self.string(base64))])
                }
                return Self.mapping([(item.direction == .received ? "in" : "out", value)])
            }
            pairs.append(("sample", Node(sample)))
        }
        if !definition.compression { pairs.append(("compression", Node("false"))) }
        return Self.mapping(pairs)
    }

    /// `{received: N, idle: SECONDS, closed: true}`, what is set of it.
    private static func until(_ until: WebSocketDefinition.Until) -> Node {
        var pairs: [(String, Node)] = []
        if let received = until.received { pairs.append(("received", Node(String(received)))) }
        if let idle = until.idle { pairs.append(("idle", Self.number(idle, preferInteger: true))) }
        if until.closed { pairs.append(("closed", Node("true"))) }
        return Self.mapping(pairs)
    }

    private func body(_ body: BodyDefinition) -> Node {
        let value: Node
        switch body {
        case .json(let json): value = self.json(json, at: "body/json")
        case .form(let pairs): value = Self.pairs(pairs)
        case .text(let text): value = Self.string(text)
        case .file(let path): value = Self.string(path)
        case .multipart(let parts):
            value = Node(parts.enumerated().map { index, part in multipartPart(part, at: "body/multipart/\(index)") })
        case .graphql(let graphQL):
            var values: [String: Node] = [:]
            if let file = graphQL.queryFile {
                values["queryFile"] = Self.string(file)
            } else {
                values["query"] = Self.string(graphQL.query)
            }
            if let name = graphQL.operationName { values["operationName"] = Self.string(name) }
            if let variables = graphQL.variables { values["variables"] = json(variables, at: "body/graphql/variables") }
            if !graphQL.check { values["check"] = Node("false") }
            value = ordered(values, at: "body/graphql", canonical: GraphQLBodyDefinition.fields)
        }
        return Self.mapping([(body.kind, value)])
    }

    private func multipartPart(_ part: MultipartPartDefinition, at path: String) -> Node {
        var values: [String: Node] = ["name": Self.string(part.name)]
        if let value = part.value { values["value"] = Self.string(value) }
        if let file = part.file { values["file"] = Self.string(file) }
        if let type = part.contentType { values["contentType"] = Self.string(type) }
        if let filename = part.filename { values["filename"] = Self.string(filename) }
        return ordered(values, at: path, canonical: ["name", "value", "file", "contentType", "filename"])
    }

    private func sample(_ sample: SampleDefinition) -> Node {
        var values: [String: Node] = [:]
        let recorded = spec.layout[order: "sample"]
        if sample.status != 200 || recorded.contains("status") { values["status"] = Node(String(sample.status)) }
        if !sample.headers.isEmpty { values["headers"] = Self.pairs(sample.headers) }
        if !sample.packedBody.isNull {
            // In the order it was packed: the file's, or by key for a body made by Tern.
            values["body"] = sample.packedBody.fold(
                scalar: { json($0, at: "sample/body") }, array: { Node($0) },
                object: { Self.mapping($0.map { ($0.key, $0.value) }) })
        }
        return ordered(values, at: "sample", canonical: ["status", "headers", "body"])
    }

    /// A JSON value; objects keep the key order recorded at `path`.
    func json(_ value: JSONValue, at path: String) -> Node {
        switch value {
        case .null: return Node("null")
        case .bool(let flag): return Node(flag ? "true" : "false")
        case .int(let number): return Node(String(number))
        case .double(let number): return Self.number(number, preferInteger: false)
        case .string(let text): return Self.string(text)
        case .array(let elements):
            return Node(elements.enumerated().map { json($1, at: SpecLayout.join(path, String($0))) })
        case .object(let fields):
            var values: [String: Node] = [:]
            for (key, field) in fields { values[key] = json(field, at: SpecLayout.join(path, key)) }
            return ordered(values, at: path, canonical: fields.keys.sorted())
        }
    }

    /// A mapping of `values`: keys recorded at `path` first (in file order), then the rest in `canonical` order.
    private func ordered(_ values: [String: Node], at path: String, canonical: [String]) -> Node {
        var keys = spec.layout[order: path].filter { values[$0] != nil }
        var placed = Set(keys)
        for key in canonical where values[key] != nil && !placed.contains(key) {
            keys.append(key)
            placed.insert(key)
        }
        for key in values.keys.sorted() where !placed.contains(key) { keys.append(key) }
        return Self.mapping(keys.compactMap { key in values[key].map { (key, $0) } })
    }

    static func mapping(_ pairs: [(String, Node)]) -> Node {
        Node(pairs.map { (string($0.0), $0.1) }, .implicit, .block)
    }

    private static func pairs(_ pairs: [(name: String, value: String)]) -> Node {
        mapping(pairs.map { ($0.name, string($0.value)) })
    }

    /// A string scalar, quoted when it would read back as something else, literal when multi-line.
    static func string(_ text: String) -> Node {
        if text.contains("\n") { return Node(text, .implicit, .literal) }
        return Node(text, .implicit, ScalarValue.needsQuotes(text) ? .doubleQuoted : .any)
    }

    /// A number as people write it: `600`, `2.5`, `0.001`; whole values as integers when `preferInteger`.
    static func number(_ value: Double, preferInteger: Bool) -> Node {
        guard value.isFinite else { return Node(value.isNaN ? ".nan" : (value < 0 ? "-.inf" : ".inf")) }
        if preferInteger, value == value.rounded(), abs(value) < 1e15 { return Node(String(Int64(value))) }
        return Node("\(value)")
    }
}
