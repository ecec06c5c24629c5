import Foundation

extension HARImporter {
    /// The parts of a multipart body recorded as text only (Chrome writes no `params` for them), as
    /// params: each part's name, its value or its file name and type. `nil` when the boundary is not
    /// in `mimeType` or a part has no `Content-Disposition` name: the body then stays text.
    static func multipartParams(text: String, mimeType: String) -> [HARParam]? {
        guard let boundary = parameter("boundary", in: mimeType), !boundary.isEmpty else { return nil }
        let delimiter = "--" + boundary
        var chunks = text.components(separatedBy: delimiter)
        guard chunks.count >= 3 else { return nil }
        chunks.removeFirst()  // the preamble
        var params: [HARParam] = []
        for chunk in chunks {
            if chunk.hasPrefix("--") { break }  // the closing delimiter
            var part = Substring(chunk)
            // "\r\n" is one Character (a grapheme cluster), like "\n".
            if part.first == "\r\n" || part.first == "\n" { part = part.dropFirst() }
            let separator = part.range(of: "\r\n\r\n") ?? part.range(of: "\n\n")
            guard let separator else { return nil }
            var body = part[separator.upperBound...]
            if body.last == "\r\n" || body.last == "\n" { body = body.dropLast() }
            var name: String?
            var fileName: String?
            var contentType: String?
            for line in part[..<separator.lowerBound].split(whereSeparator: { $0 == "\r\n" || $0 == "\n" }) {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let field = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if field == "content-disposition" {
                    name = parameter("name", in: value)
                    fileName = parameter("filename", in: value)
                } else if field == "content-type" {
                    contentType = value
                }
            }
            guard let name else { return nil }
            params.append(
                HARParam(
                    name: name, value: fileName == nil ? String(body) : nil, fileName: fileName,
                    contentType: contentType))
        }
        return params.isEmpty ? nil : params
    }

    /// The value of `; name=value` or `; name="value"` in a header value.
    private static func parameter(_ name: String, in value: String) -> String? {
        for piece in value.split(separator: ";").dropFirst() {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            guard trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == name else { continue }
            var found = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if found.count >= 2, found.hasPrefix("\""), found.hasSuffix("\"") {
                found = String(found.dropFirst().dropLast())
            }
            return found
        }
        return nil
    }
}
