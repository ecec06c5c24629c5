package import Foundation
import Tern
package import TernJSONPath
package import TernWorkspace

/// A request typed on the command line (`tern get URL ITEM...`): the method, the URL with HTTPie's
/// shorthands, and what the request items add, before it is sent like any spec.
package struct AdHocRequest: Sendable {
    /// How data items make a body.
    package enum Style: Sendable, Hashable {
        /// A JSON document (the default; `--json`).
        case json
        /// A URL-encoded form, or a multipart one when a file is uploaded (`--form`).
        case form
        /// A multipart form, files or not (`--multipart`).
        case multipart
    }

    /// The body the items (or `--raw`) make.
    package enum Body: Sendable, Equatable {
        case json(JSONPathValue)
        case form([Pair])
        case multipart(fields: [Pair], files: [FileField])
        case raw(Data)
    }

    /// A name and a value, in the order typed.
    package struct Pair: Sendable, Hashable {
        package var name: String
        package var value: String
    }

    /// A file to upload: the form field, the path, and the type named with `;type=`.
    package struct FileField: Sendable, Hashable {
        package var field: String
        package var path: String
        package var type: String?
    }

    /// Why the command line cannot make a request.
    package struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        package var description: String
    }

    /// The method, upper case.
    package var method: String
    /// The URL with a scheme, or as typed when it holds a template (`{{baseURL}}/users`: the workspace's
    /// environment fills it in).
    package var url: String
    /// Headers to send, in order (a repeated name is sent twice).
    package var headers: [Pair] = []
    /// Headers Tern would send by itself that `Name:` leaves out.
    package var omittedHeaders: [String] = []
    /// Query parameters added to the URL's own, in order.
    package var query: [Pair] = []
    /// The body, if any.
    package var body: Body?
    /// How data items make a body, and what a raw one is sent as.
    package var style: Style = .json
    /// Whether JSON was asked for (`--json`): its `Accept` and `Content-Type` go even with no body, as HTTPie's.
    package var asksForJSON = false

    /// The `Accept` a JSON body is sent with unless a header item names one, as HTTPie sends it.
    package static let jsonAccept = "application/json, */*;q=0.5"

    /// The methods `tern METHOD URL` takes (any case).
    package static let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// Builds the request: `method` (`nil`: GET, or POST when there is data), the `url` as typed, the
    /// `items`, the `style`, a `raw` body (which no data item may join), and `read` for `@FILE` items.
    package static func make(
        method: String?, url: String, items: [String], style: Style = .json, raw: Data? = nil,
        read: (String) throws -> Data
    ) throws(Failure) -> AdHocRequest {
        var parsed: [RequestItem] = []
        for argument in items {
            do {
                parsed.append(try RequestItem.parse(argument))
            } catch {
                throw Failure(description: error.description)
            }
        }
        let hasData = parsed.contains { $0.kind.isData }
        if raw != nil, hasData {
            throw Failure(description: "a raw body (--raw or stdin) and data items (field=value) cannot be mixed")
        }
        let chosen = (method ?? (hasData || raw != nil ? "POST" : "GET")).uppercased()
        guard methods.contains(chosen) else {
            throw Failure(
                description: "'\(method ?? chosen)' is not a method; use one of \(methods.joined(separator: ", "))")
        }
        var request = AdHocRequest(method: chosen, url: url.contains("{{") ? url : try Self.url(url).absoluteString)
        request.style = style
        var json = NestedJSON()
        var fields: [Pair] = []
        var files: [FileField] = []
        func text(_ path: String) throws(Failure) -> String {
            let data: Data
            do {
                data = try read(path)
            } catch {
                throw Failure(description: "'\(path)' cannot be read: \(error)")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw Failure(description: "'\(path)' is not UTF-8 text")
            }
            return text
        }
        for item in parsed {
            switch item.kind {
            case .header:
                if item.value.isEmpty {
                    request.omittedHeaders.append(item.key)
                } else {
                    request.headers.append(Pair(name: item.key, value: item.value))
                }
            case .emptyHeader:
                request.headers.append(Pair(name: item.key, value: ""))
            case .headerFromFile:
                request.headers.append(
                    Pair(name: item.key, value: try text(item.value).trimmingCharacters(in: .newlines)))
            case .query:
                request.query.append(Pair(name: item.key, value: item.value))
            case .queryFromFile:
                request.query.append(Pair(name: item.key, value: try text(item.value)))
            case .field, .fieldFromFile:
                let value = item.kind == .field ? item.value : try text(item.value)
                if style != .json {
                    fields.append(Pair(name: item.key, value: value))
                } else {
                    try setJSON(&json, item.key, .string(value))
                }
            case .rawJSON, .rawJSONFromFile:
                guard style == .json else {
                    throw Failure(description: "'\(item.key):=…' is JSON, which a form body cannot hold")
                }
                let source = item.kind == .rawJSON ? item.value : try text(item.value)
                let value: JSONPathValue
                do {
                    value = try JSONPathValue(decoding: Data(source.utf8))
                } catch {
                    throw Failure(description: "'\(item.key):=…' is not JSON: \(error)")
                }
                try setJSON(&json, item.key, value)
            case .fileUpload:
                guard style != .json else {
                    throw Failure(
                        description: "'\(item.key)@\(item.value)' uploads a file: add --form (a multipart body)")
                }
                var path = item.value
                var type: String?
                if let marker = path.range(of: ";type=") {
                    type = String(path[marker.upperBound...])
                    path = String(path[..<marker.lowerBound])
                }
                files.append(FileField(field: item.key, path: path, type: type ?? Self.guessedType(path)))
            }
        }
        if let raw {
            request.body = .raw(raw)
        } else if !files.isEmpty || (style == .multipart && !fields.isEmpty) {
            request.body = .multipart(fields: fields, files: files)
        } else if !fields.isEmpty {
            request.body = .form(fields)
        } else if let document = json.document {
            request.body = .json(document)
        }
        return request
    }

    private static func setJSON(_ json: inout NestedJSON, _ key: String, _ value: JSONPathValue) throws(Failure) {
        do {
            try json.set(key, to: value)
        } catch {
            throw Failure(description: error.description)
        }
    }

    /// HTTPie's guess of an uploaded file's type from its extension (Python's `mimetypes`); nil: Tern's
    /// `application/octet-stream`.
    static func guessedType(_ path: String) -> String? {
        let types = [
            "txt": "text/plain", "json": "application/json", "html": "text/html", "htm": "text/html",
            "csv": "text/csv", "xml": "application/xml", "pdf": "application/pdf", "png": "image/png",
            "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "svg": "image/svg+xml",
            "js": "text/javascript", "css": "text/css", "zip": "application/zip", "md": "text/markdown",
        ]
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return types[path[path.index(after: dot)...].lowercased()]
    }

    /// The URL as typed, with HTTPie's shorthands: `:3000/path` and `:/path` are on `localhost`, and a URL
    /// without a scheme is `http://`.
    package static func url(_ typed: String) throws(Failure) -> URL {
        var text = typed.trimmingWhitespace()
        // `http:/host` and `http:host` are typos of `http://host`.
        for scheme in ["https", "http"] where text.hasPrefix(scheme + ":") && !text.hasPrefix(scheme + "://") {
            throw Failure(
                description:
                    "'\(typed)' is not a URL (did you mean \(scheme)://"
                    + "\(text.dropFirst(scheme.count + 1).drop { $0 == "/" })?)"
            )
        }
        if text.hasPrefix(":") {
            let rest = text.dropFirst()
            text = "http://localhost" + (rest.first == "/" ? "" : ":") + rest
        } else if !text.contains("://") {
            text = "http://" + text
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty
        else {
            throw Failure(description: "'\(typed)' is not a URL")
        }
        let schemes = ["http", "https", "ws", "wss"]
        guard schemes.contains(scheme) else {
            let hint = Suggestions.closest(to: scheme, in: schemes).map { " (did you mean \($0)://?)" } ?? ""
            throw Failure(description: "'\(typed)': Tern sends http, https, ws and wss URLs, not \(scheme)\(hint)")
        }
        return url
    }
}

extension AdHocRequest {
    /// The spec this request is: the full URL as its path (no target), the query, the headers in order,
    /// and the body (JSON as the text typed, so its members keep their order).
    package func spec() -> SpecDefinition {
        var headers = self.headers.map { (name: $0.name, value: $0.value) }
        var body: BodyDefinition?
        switch self.body {
        case .json(let document):
            body = .text(document.jsonText)
            Self.addJSONHeaders(to: &headers)
        case .form(let pairs):
            body = .form(pairs.map { (name: $0.name, value: $0.value) })
        case .multipart(let fields, let files):
            body = .multipart(
                fields.map { MultipartPartDefinition(name: $0.name, value: $0.value) }
                    + files.map { MultipartPartDefinition(name: $0.field, file: $0.path, contentType: $0.type) })
        case .raw(let data):
            // As HTTPie sends a piped or --raw body: JSON unless a Content-Type says otherwise (a form with --form).
            body = .text(String(decoding: data, as: UTF8.self))
            if style == .json {
                Self.addJSONHeaders(to: &headers)
            } else if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                headers.append((name: "Content-Type", value: "application/x-www-form-urlencoded; charset=utf-8"))
            }
        case nil:
            if asksForJSON { Self.addJSONHeaders(to: &headers) }
        }
        return SpecDefinition(
            name: "\(method) \(url)", method: method, path: url,
            query: query.map { (name: $0.name, value: .string($0.value)) }, headers: headers, body: body)
    }

    /// `Content-Type: application/json` and HTTPie's JSON `Accept`, each unless a header item names it.
    private static func addJSONHeaders(to headers: inout [(name: String, value: String)]) {
        if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            headers.append((name: "Content-Type", value: "application/json"))
        }
        if !headers.contains(where: { $0.name.lowercased() == "accept" }) {
            headers.append((name: "Accept", value: jsonAccept))
        }
    }
}
