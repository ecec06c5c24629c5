public import Foundation

/// A `multipart/form-data` body: text fields and files, with a fixed boundary.
public struct MultipartForm: Sendable, Hashable {
    /// One part of the form.
    public struct Part: Sendable, Hashable {
        /// Where a part's bytes come from.
        public enum Content: Sendable, Hashable {
            case data(Data)
            case file(URL)
        }

        public var name: String
        public var filename: String?
        public var contentType: String?
        public var content: Content

        /// A text field.
        public static func field(_ name: String, _ value: String) -> Part {
            Part(name: name, filename: nil, contentType: nil, content: .data(Data(value.utf8)))
        }

        /// Bytes sent as a file named `filename`.
        public static func data(
            _ name: String, _ data: Data, filename: String, contentType: String = "application/octet-stream"
        ) -> Part {
            Part(name: name, filename: filename, contentType: contentType, content: .data(data))
        }

        /// A file from disk, streamed; the file name defaults to the URL's last component.
        public static func file(
            _ name: String, _ url: URL, filename: String? = nil, contentType: String = "application/octet-stream"
        ) -> Part {
            Part(name: name, filename: filename ?? url.lastPathComponent, contentType: contentType, content: .file(url))
        }

        /// The part's header block, including the leading boundary line.
        func head(boundary: String) -> Data {
            var disposition = "form-data; name=\"\(Self.quote(name))\""
            if let filename { disposition += "; filename=\"\(Self.quote(filename))\"" }
            var text = "--\(boundary)\r\nContent-Disposition: \(disposition)\r\n"
            if let contentType { text += "Content-Type: \(contentType)\r\n" }
            text += "\r\n"
            return Data(text.utf8)
        }

        var contentLength: Int64? {
            switch content {
            case .data(let data): Int64(data.count)
            case .file(let url): FileManager.default.sizeOfFile(at: url)
            }
        }

        private static func quote(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        }
    }

    /// The boundary between parts.
    public var boundary: String
    /// The parts in order.
    public var parts: [Part]

    /// Makes a form; the boundary is random unless given (give one for reproducible bytes).
    public init(parts: [Part], boundary: String? = nil) {
        self.parts = parts
        self.boundary = boundary ?? "tern-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// The `Content-Type` header value, with the boundary.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The encoded pieces in order: part heads, part contents and the closing line.
    public var segments: [Part.Content] {
        var result: [Part.Content] = []
        for part in parts {
            result.append(.data(part.head(boundary: boundary)))
            result.append(part.content)
            result.append(.data(Data("\r\n".utf8)))
        }
        result.append(.data(Data("--\(boundary)--\r\n".utf8)))
        return result
    }

    /// The total encoded length, when every file's size is known.
    public var knownLength: Int64? {
        var total: Int64 = 0
        for segment in segments {
            switch segment {
            case .data(let data): total += Int64(data.count)
            case .file(let url):
                guard let size = FileManager.default.sizeOfFile(at: url) else { return nil }
                total += size
            }
        }
        return total
    }

    /// The whole form in memory (small forms and tests; transports stream `segments`).
    public func encodedData() throws -> Data {
        var data = Data()
        for segment in segments {
            switch segment {
            case .data(let bytes): data.append(bytes)
            case .file(let url): data.append(try RegularFile.contents(of: url, limit: Int.max))
            }
        }
        return data
    }
}
