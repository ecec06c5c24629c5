public import Foundation

#if canImport(Glibc)

    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// The files the body reads, in order: the body file, or a multipart form's file parts.
    public var files: [URL] {
        switch self {
        case .none, .data: []
        case .file(let url): [url]
        case .multipart(let form):
            form.parts.compactMap { part in
                if case .file(let url) = part.content { url } else { nil }
            }
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
        case .file(let url): return try RegularFile.contents(of: url, limit: Int.max)
        case .multipart(let form): return try form.encodedData()
        }
    }
}

extension FileManager {
    /// The size of a regular file, or `nil` when it cannot be read or is not a regular file.
    ///
    /// Symbolic links are followed (`stat(2)`, not `lstat(2)`): the size is the target's, which is
    /// what an upload reads. `attributesOfItem` would give the length of the link itself.
    func sizeOfFile(at url: URL) -> Int64? {
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(info.st_size)
    }
}
