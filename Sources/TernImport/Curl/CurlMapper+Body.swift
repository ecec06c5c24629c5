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

    /// The largest file read to inline its contents (16 MiB).
    static let maximumInlinedFile = 16 << 20

    mutating func joinedData(_ parts: [CurlInvocation.DataPart], item: String) -> JoinedData {
        var joined = JoinedData()
        if parts.count == 1, case .file(let path, let strip) = parts[0].piece, path != "-" {
            let data = readFile(path, item: item)
            if !strip || !(data.map { $0.contains(10) || $0.contains(13) } ?? false) {
                joined.file = path
            }
        }
        for (index, part) in parts.enumerated() {
            if index > 0, !part.isJSON { joined.text += "&" }
            switch part.piece {
            case .literal(let text):
                joined.text += text
            case .file(let path, let strip):
                guard var data = readFile(path, item: item) else {
                    warnings.append("\(item): the data file '\(path)' cannot be read (at most 16 MiB); it is left out")
                    continue
                }
                if strip { data.removeAll(where: { $0 == 10 || $0 == 13 }) }
                if let text = String(data: data, encoding: .utf8) {
                    joined.text += text
                } else {
                    joined.isBinary = true
                }
            case .encodedFile(let name, let path):
                guard let data = readFile(path, item: item) else {
                    warnings.append("\(item): the data file '\(path)' cannot be read (at most 16 MiB); it is left out")
                    continue
                }
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
            let data = readFile(path, item: item) ?? Data()
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

    /// The absolute location of `path` as curl would open it (relative to the source's directory).
    func absoluteURL(_ path: String) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
        return source.baseDirectory.appendingPathComponent(path).standardizedFileURL
    }

    /// The file's bytes (at most 16 MiB), or nil with a warning.
    func readFile(_ path: String, item: String) -> Data? {
        let url = absoluteURL(path)
        guard let size = FileManager.default.sizeOfItem(url), size <= Self.maximumInlinedFile,
            let data = try? Data(contentsOf: url)
        else { return nil }
        return data
    }

    /// The path a spec uses for `path`: relative to the workspace when inside it, else `files/NAME`
    /// with the file listed to be copied there.
    mutating func fileReference(_ path: String, item: String) -> String {
        let url = absoluteURL(path)
        let root = source.workspaceRoot.standardizedFileURL.path
        let absolute = url.path
        if absolute.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
            return String(absolute.dropFirst(root.count).drop(while: { $0 == "/" }))
        }
        if let existing = files.first(where: { $0.source.standardizedFileURL.path == absolute }) {
            return existing.destination
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), !isDirectory.boolValue
        else {
            warnings.append("\(item): the file '\(path)' does not exist; the spec names files/\(url.lastPathComponent)")
            return "files/" + url.lastPathComponent
        }
        var destination = "files/" + url.lastPathComponent
        var counter = 2
        while files.contains(where: { $0.destination == destination }) {
            destination = "files/\(counter)-" + url.lastPathComponent
            counter += 1
        }
        files.append(ImportedFile(source: url, destination: destination))
        return destination
    }
}

extension FileManager {
    /// The size of a regular file, or nil.
    fileprivate func sizeOfItem(_ url: URL) -> Int? {
        guard let attributes = try? attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType != .typeDirectory
        else { return nil }
        return (attributes[.size] as? NSNumber)?.intValue
    }
}
