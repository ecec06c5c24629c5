/// The kind of transfer a request is: a body in memory, an upload, or a download to a file.
public enum Transaction: String, Sendable, Hashable, CaseIterable, Codable {
    /// The response body is collected in memory.
    case data
    /// The request body (a file, data or multipart form) is streamed up with progress.
    case upload
    /// The response body is streamed to a file, never into memory.
    case download
}
