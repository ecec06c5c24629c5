import Foundation
import TernWorkspace

extension CurlMapper {
    /// The request data curl would send: the pieces joined with `&` (`--json` pieces without it).
    struct JoinedData {
        var text = ""
        /// The one `@file` the data is, when it can be sent from the file as it is.
        var file: String?
        /// Whether some bytes could not be read as UTF-8 text.
        var isBinary = false
    }

    mutating func joinedData(_ parts: [CurlInvocation.DataPart], inQuery: Bool, item: String) -> JoinedData {
        var joined = JoinedData()
        // A lone `-d @file` is sent from the file when that is what curl sends: always for a file this
        // import may not read (outside the workspace, without --copy-files), since inlining it would
        // mean reading it; else when curl does not strip anything from it.
        if !inQuery, parts.count == 1, case .file(let path, let strip) = parts[0].piece, path != "-" {
            switch localFiles.place(path) {
            case .outside(let url) where !source.copiesFiles:
                joined.file = path
                if strip {
                    warnings.append(
                        "\(item): curl's -d @\(path) drops the file's CR and LF; the spec sends \(url.path) as it "
                            + "is (--copy-files reads it and keeps what curl sends)")
                }
                return joined
            case .missing:
                joined.file = path
                return joined
            default:
                if !strip || !(localFiles.peek(path).map { $0.contains(10) || $0.contains(13) } ?? false) {
                    joined.file = path
                    return joined
                }
            }
        }
        for (index, part) in parts.enumerated() {
            if index > 0, !part.isJSON { joined.text += "&" }
            switch part.piece {
            case .literal(let text):
                joined.text += text
            case .file(let path, let strip):
                guard var data = contents(path, item: item, what: "its data") else { continue }
                if strip { data.removeAll(where: { $0 == 10 || $0 == 13 }) }
                if let text = String(data: data, encoding: .utf8) {
                    joined.text += text
                } else {
                    joined.isBinary = true
                }
            case .encodedFile(let name, let path):
                guard let data = contents(path, item: item, what: "its data") else { continue }
                joined.text += (name.map { $0 + "=" } ?? "") + CurlEscape.encode(bytes: Array(data))
            }
        }
        return joined
    }

    /// The body for `data`, with the `Content-Type` curl sends added to `headers` unless one is there.
    mutating func requestBody(
        _ data: JoinedData, headers: inout [(name: String, value: String)], isJSON: Bool, item: String
    ) -> BodyDefinition {
        if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            let type = isJSON ? "application/json" : "application/x-www-form-urlencoded"
            headers.append((name: "Content-Type", value: type))
        }
        if isJSON, !headers.contains(where: { $0.name.lowercased() == "accept" }) {
            headers.append((name: "Accept", value: "application/json"))
        }
        if let file = data.file { return .file(fileReference(file, item: item)) }
        if data.isBinary { warnings.append("\(item): binary data mixed with other data is left out") }
        return .text(data.text)
    }

    /// A `-F` part as a multipart part.
    mutating func formPart(_ part: CurlInvocation.FormPart, item: String) -> MultipartPartDefinition {
        switch part.content {
        case .value(let value):
            return MultipartPartDefinition(name: part.name, value: value, contentType: part.contentType)
        case .contents(let path):
            let data = contents(path, item: item, what: "the value of -F \(part.name)") ?? Data()
            let text = String(data: data, encoding: .utf8) ?? ""
            if String(data: data, encoding: .utf8) == nil {
                warnings.append("\(item): -F \(part.name)=<\(path) is not UTF-8 text; the part is empty")
            }
            return MultipartPartDefinition(name: part.name, value: text, contentType: part.contentType)
        case .file(let path):
            let reference = fileReference(path, item: item)
            let basename = path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? path
            var definition = MultipartPartDefinition(
                name: part.name, file: reference, contentType: part.contentType ?? Self.guessedType(basename))
            let sentName = part.filename ?? basename
            if sentName != reference.split(separator: "/").last.map(String.init) { definition.filename = sentName }
            return definition
        }
    }

    /// curl's guess of a file part's type from its extension (lib/mime.c).
    static func guessedType(_ name: String) -> String {
        let types = [
            ".gif": "image/gif", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png",
            ".svg": "image/svg+xml", ".txt": "text/plain", ".htm": "text/html", ".html": "text/html",
            ".pdf": "application/pdf", ".xml": "application/xml",
        ]
        let lower = name.lowercased()
        for (suffix, type) in types where lower.hasSuffix(suffix) { return type }
        return "application/octet-stream"
    }

    /// The file's bytes to inline, when `LocalFiles` allows reading it; else nil with a warning.
    mutating func contents(_ path: String, item: String, what: String) -> Data? {
        let (data, warning) = localFiles.contents(path, item: item, what: what)
        if let warning { warnings.append(warning) }
        return data
    }

    /// The path a spec uses for `path` (`LocalFiles.reference`), with its warning.
    mutating func fileReference(_ path: String, item: String) -> String {
        let (reference, warning) = localFiles.reference(path, item: item)
        if let warning { warnings.append(warning) }
        return reference
    }
}
