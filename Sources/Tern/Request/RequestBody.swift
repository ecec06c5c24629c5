import Foundation

/// Where the bytes of a request body come from, after an endpoint was lowered.
public enum RequestBody: Sendable, Hashable {
    /// No body.
    case none
    /// Bytes in memory.
    case data(Data)
    /// The contents of a file, streamed.
    case file(URL)
    /// A multipart form, whose file parts are streamed.
    case multipart(MultipartForm)

    /// The body's length in bytes when it can be known without reading it.
    public var knownLength: Int64? {
        switch self {
        case .none: 0
        case .data(let data): Int64(data.count)
        case .file(let url): FileManager.default.sizeOfFile(at: url)
        case .multipart(let form): form.knownLength
        }
    }

    /// Whether the body is empty.
    public var isEmpty: Bool {
        if case .none = self { return true }
        return knownLength == 0
    }

    /// Reads the whole body into memory (for transports or stores that need it; uploads should stream).
    public func collect() throws -> Data {
        switch self {
        case .none: return Data()
        case .data(let data): return data
        case .file(let url): return try Data(contentsOf: url)
        case .multipart(let form): return try form.encodedData()
        }
    }
}

extension FileManager {
    /// The size of a regular file, or `nil` when it cannot be read.
    func sizeOfFile(at url: URL) -> Int64? {
        guard let attributes = try? attributesOfItem(atPath: url.path),
            let size = attributes[.size] as? NSNumber
        else { return nil }
        return size.int64Value
    }
}
