import Foundation
import HTTPTypes
import Tern

/// Turns one spec into a `Request`: renders its templates and assembles URL, headers, body and sample.
struct SpecLowering {
    let workspace: Workspace
    let entry: SpecEntry
    let renderer: TemplateRenderer

    var spec: SpecDefinition { entry.spec }
    var file: URL { entry.file }

    /// The finished request.
    /// The methods of RFC 9110 and PATCH, upper-cased whatever case a spec writes them in.
    static let standardMethods: Set<String> = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH",
    ]

    func lower() throws(WorkspaceError) -> Request {
        let target = try resolveTarget()
        var (url, socket) = try makeURL(target: target)
        if spec.isWebSocket || socket { url = url.withWebSocketScheme(true) }
        if spec.isGRPC, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            let secure = components.scheme?.lowercased() == "https"
            if try isGRPCWeb(target: target) {
                components.scheme = secure ? "grpc-webs" : "grpc-web"
            } else {
                components.scheme = secure ? "grpcs" : "grpc"
            }
            url = components.url ?? url
        }
        // Methods are case-sensitive (RFC 9110 §9.1): any other method goes out as written (`curl -X wHat` sends
        // `wHat`); the standard ones are written in upper case whatever the file says (`post` → POST), as the
        // format has always promised and as Foundation's URLSession does anyway.
        let written = Self.standardMethods.contains(spec.method.uppercased()) ? spec.method.uppercased() : spec.method
        guard let method = HTTPRequest.Method(written) else {
            throw WorkspaceError(
                .invalidValue, "'\(spec.method)' is not an HTTP method", file: file, at: spec.layout.document)
        }
        var request = Request(
            method: method, url: url, headers: try headers(target: target), transaction: spec.transaction,
            storageKey: try spec.storageKey.map { key throws(WorkspaceError) in try render(key, at: "storageKey") },
            validFor: spec.validFor, name: entry.id
        )
        request.appendQuery(try query(), arrayEncoding: spec.arrayEncoding)
        for (index, entry) in (spec.grpc?.metadata ?? []).enumerated() {
            let value = try render(entry.value, at: "grpc/metadata/" + entry.name)
            guard let name = HTTPField.Name(entry.name) else {
                throw WorkspaceError(
                    .invalidValue, "metadata \(index + 1) ('\(entry.name)') is not a metadata name", file: file,
                    at: spec.layout[location: "grpc/metadata/" + entry.name])
            }
            request.headers[name] = value
        }
        request.redirectPolicy = spec.redirects
        request.streamReconnection = spec.stream
        request.authentication = try authentication(target: target)
        request.connectionSettings = try connectionSettings(target: target, url: url)
        if let body = spec.body {
            do {
                try request.setBody(try lowerBody(body))
            } catch let error as TernError {
                throw WorkspaceError(.invalidRequest, error.message, file: file, underlying: error)
            } catch let error as WorkspaceError {
                throw error
            } catch {
                throw WorkspaceError(.invalidRequest, "\(error)", file: file, underlying: error)
            }
        }
        // A GraphQL body asks for GraphQL responses unless the spec itself sets (or disables) Accept: a target's
        // generic `Accept: application/json` gives way to the more specific body kind.
        if case .graphql = spec.body, !spec.disabled.isDisabled(header: "Accept"),
            !spec.headers.contains(where: { $0.name.caseInsensitiveCompare("Accept") == .orderedSame })
        {
            request.headers[.accept] = HTTPBody.graphQLAccept
        }
        // A disabled Content-Type also suppresses the body kind's default (`curl -T` sends none).
        if spec.disabled.isDisabled(header: "Content-Type") { request.headers[.contentType] = nil }
        // A disabled Accept-Encoding turns the handler's default `gzip, deflate` off: the body comes as is.
        if spec.disabled.isDisabled(header: "Accept-Encoding") { request.headers[.acceptEncoding] = "identity" }
        if let sample = spec.sample {
            request.sample = try SampleLowering.response(for: sample, file: file)
        }
        if let conversation = spec.websocket, !conversation.sample.isEmpty {
            request.sample = SampleResponse(
                status: 101, headers: [.contentType: WebSocketTranscript.contentType],
                body: Self.transcript(of: conversation.sample, url: url.absoluteString).encoded())
        }
        return request
    }

    /// `text` rendered, with errors positioned at the spec's value at `path`.
    func render(_ text: String, at path: @autoclosure () -> String) throws(WorkspaceError) -> String {
        try renderer.render(text, file: file, at: spec.layout[location: path()])
    }

    private func resolveTarget() throws(WorkspaceError) -> WorkspaceTarget? {
        if let name = spec.target {
            guard let target = workspace.targets[name] else {
                try workspace.checkTarget(of: spec, file: file)
                return nil
            }
            return target
        }
        try workspace.checkTarget(of: spec, file: file)
        return workspace.target(for: spec)
    }

    /// Whether a gRPC spec's calls are gRPC-Web: its target says `grpc: {web: true}` or its base URL is
    /// `grpc-web://` or `grpc-webs://`.
    private func isGRPCWeb(target: WorkspaceTarget?) throws(WorkspaceError) -> Bool {
        guard let target else { return false }
        if target.grpcWeb { return true }
        let base = try renderer.render(target.baseURL, file: workspace.manifestFile, at: target.locations["baseURL"])
        return base.lowercased().hasPrefix("grpc-web")
    }

    /// The URL, and whether it was written `ws://`/`wss://` for a GraphQL spec (its operations then go over
    /// graphql-transport-ws).
    private func makeURL(target: WorkspaceTarget?) throws(WorkspaceError) -> (URL, socket: Bool) {
        var base = ""
        if let target {
            base = try renderer.render(target.baseURL, file: workspace.manifestFile, at: target.locations["baseURL"])
        }
        // A gRPC spec's path is its method (`pkg.Service/Method`) after the server's address.
        var path = spec.grpc?.method ?? ""
        if !spec.isGRPC { path = try render(spec.path, at: "path") }
        let written = URLJoining.join(base: base, path: path)
        var text = written
        var socketURL = false
        let isGraphQL = if case .graphql? = spec.body { true } else { false }
        // A WebSocket or gRPC URL is parsed as its http(s) twin, and turned back by `lower`.
        for (socket, plain) in [("ws://", "http://"), ("wss://", "https://")]
        where (spec.isWebSocket || isGraphQL) && text.lowercased().hasPrefix(socket) {
            text = plain + text.dropFirst(socket.count)
            socketURL = isGraphQL
        }
        for (call, plain) in [
            ("grpc://", "http://"), ("grpcs://", "https://"), ("grpc-web://", "http://"), ("grpc-webs://", "https://"),
        ]
        where spec.isGRPC && text.lowercased().hasPrefix(call) {
            text = plain + text.dropFirst(call.count)
        }
        guard let url = URLJoining.parse(text) else {
            var message = "'\(written)' is not an absolute http(s) URL"
            if let target, !path.contains("://") {
                message += " (target '\(target.name)' baseURL '\(target.baseURL)' + path '\(spec.path)')"
            } else if target == nil, !path.contains("://") {
                message += " (the workspace has no target, so 'path' must be a full URL)"
            }
            throw WorkspaceError(.invalidRequest, message, file: file, at: spec.layout[location: "path"])
        }
        if let problem = url.portProblem {
            // The port is the base URL's unless the path is a full URL of its own.
            if let target, !path.contains("://") {
                throw WorkspaceError(
                    .invalidRequest, "'\(written)': \(problem) (target '\(target.name)' baseURL '\(target.baseURL)')",
                    file: workspace.manifestFile, at: target.locations["baseURL"])
            }
            throw WorkspaceError(
                .invalidRequest, "'\(written)': \(problem)", file: file, at: spec.layout[location: "path"])
        }
        return (url, socketURL)
    }

    private func headers(target: WorkspaceTarget?) throws(WorkspaceError) -> HTTPFields {
        var fields = HTTPFields()
        for header in target?.headers ?? [] where !spec.disabled.isDisabled(header: header.name) {
            let value = try renderer.render(
                header.value, file: workspace.manifestFile, at: target?.locations["headers/" + header.name]
            )
            fields.append(HTTPField(name: try fieldName(header.name, file: workspace.manifestFile), value: value))
        }
        // The spec's first field of a name replaces the target's; a name the spec repeats is sent each time.
        var named = Set<HTTPField.Name>()
        for header in spec.headers where !spec.disabled.isDisabled(header: header.name) {
            let value = try render(header.value, at: "headers/" + header.name)
            let name = try fieldName(header.name, file: file)
            if named.insert(name).inserted {
                fields[name] = value
            } else {
                fields.append(HTTPField(name: name, value: value))
            }
        }
        return fields
    }

    func fieldName(_ name: String, file: URL) throws(WorkspaceError) -> HTTPField.Name {
        guard let fieldName = HTTPField.Name(name) else {
            throw WorkspaceError(.invalidRequest, "'\(name)' is not a valid header name", file: file)
        }
        return fieldName
    }

    private func query() throws(WorkspaceError) -> QueryParameters {
        var parameters = QueryParameters()
        var named = Set<String>()
        for item in spec.query where !spec.disabled.isDisabled(query: item.name) {
            let value = try renderJSON(item.value, at: "query/" + item.name)
            // A name the spec repeats (an ad-hoc `tag==a tag==b`, an imported query) is sent each time, its values
            // together where the name first stands (as HTTPie sends them).
            if named.insert(item.name).inserted {
                parameters.set(item.name, value)
            } else {
                parameters.add(item.name, value)
            }
        }
        return parameters
    }

    /// A JSON value with every string leaf rendered; a leaf that is exactly one typed reference
    /// (`'{{age:number}}'`) becomes the value of its type.
    func renderJSON(_ value: JSONValue, at path: String) throws(WorkspaceError) -> JSONValue {
        switch value {
        case .string(let text):
            return try renderer.renderJSON(text, file: file, at: spec.layout[location: path])
        case .array(let elements):
            var result: [JSONValue] = []
            for (index, element) in elements.enumerated() {
                result.append(try renderJSON(element, at: SpecLayout.join(path, String(index))))
            }
            return .array(result)
        case .object(let fields):
            var result: [String: JSONValue] = [:]
            for (key, field) in fields {
                result[key] = try renderJSON(field, at: SpecLayout.join(path, key))
            }
            return .object(result)
        default:
            return value
        }
    }
}
