import Foundation
import HTTPTypes

/// Sends one `Request` over the wire: the only place bytes meet a network.
///
/// Implementations name what they are built on (`HTTPClientTransport`, `URLSessionTransport`,
/// `InMemoryTransport`). They throw `TernError` (`.connection`, `.timeout`, `.cancelled`, ...)
/// and report every byte moved through `context.progress`.
public protocol Transport: Sendable {
    /// Performs one attempt of `request`.
    func perform(_ request: Request, context: TransportContext) async throws -> TransportResponse
}

/// What a transport gets besides the request: the deadline and where to report progress.
public struct TransportContext: Sendable {
    /// The deadline for this attempt, `nil` for none.
    public var timeout: Duration?
    /// Called with cumulative byte counts as the body moves (uploads and downloads).
    public var progress: @Sendable (TransferProgress) -> Void

    /// Makes a context.
    public init(timeout: Duration? = nil, progress: @escaping @Sendable (TransferProgress) -> Void = { _ in }) {
        self.timeout = timeout
        self.progress = progress
    }
}

/// What a transport returns: status, headers, and the body in memory or in a file.
public struct TransportResponse: Sendable {
    public var status: HTTPResponse.Status
    public var headers: HTTPFields
    public var body: Data
    public var fileURL: URL?

    /// Makes a transport response.
    public init(status: HTTPResponse.Status, headers: HTTPFields = [:], body: Data = Data(), fileURL: URL? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.fileURL = fileURL
    }
}
