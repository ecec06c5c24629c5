public import Foundation
public import HTTPTypes

/// Sends one `Request` over the wire: the only place bytes meet a network.
///
/// Implementations name what they are built on (`HTTPClientTransport`, `URLSessionTransport`,
/// `InMemoryTransport`). They throw `TernError` (`.connection`, `.timeout`, `.cancelled`, ...)
/// and report every byte moved through `context.progress`.
public protocol Transport: Sendable {
    /// Performs one attempt of `request`.
    func perform(_ request: Request, context: TransportContext) async throws -> TransportResponse

    /// The limits the transport keeps; the handler decodes compressed bodies within `decodedBodyLimit`.
    var transferLimits: TransferLimits { get }

    /// A transport that sends as this one does (the same TLS, proxy and limits) through a pool of its own
    /// that opens up to `count` connections to each host at once, for a caller that keeps that many
    /// requests in flight (a load) and shuts it down when done; `nil` when the transport cannot make one.
    func dedicatedPool(connectionsPerHost count: Int) -> (any PooledTransport)?

    /// A driver that sends a load's fixed requests on connections of its own, as this transport would send
    /// them (the same TLS and limits), without a task or a handler per request; `nil` when there is none.
    var wireLoadDriver: (any WireLoadDriver)? { get }
}

extension Transport {
    /// The documented defaults, for transports that keep no limits of their own.
    public var transferLimits: TransferLimits { TransferLimits() }

    /// No pool of its own: the caller sends through this transport.
    public func dedicatedPool(connectionsPerHost count: Int) -> (any PooledTransport)? { nil }

    /// No wire driver: a load goes through the handler.
    public var wireLoadDriver: (any WireLoadDriver)? { nil }
}

/// What a transport gets besides the request: the deadline, where to report progress, and
/// where a download resumes.
///
/// The download contract every transport keeps (the conformance suite checks it):
/// - `transaction == .download` streams the body into `request.downloadDestination` (or a new
///   temporary file when it is `nil`) and returns its URL as `fileURL`, with an empty `body`.
/// - With `resumeOffset` set to N, the destination already holds the first N bytes and the
///   request carries `Range: bytes=N-`. A `206` whose `Content-Range` starts at N is appended
///   after those bytes and returned as a `200` of the full length (`Content-Length` set to the
///   total, `Content-Range` removed); any other status (e.g. a `200` from a server that ignores
///   ranges) truncates the file and writes from the start.
/// - Download progress counts the bytes in the file (so a resumed transfer starts at N) and the
///   total is the full length when known. A failed attempt leaves what it wrote in place.
public struct TransportContext: Sendable {
    /// The deadline for this attempt, `nil` for none.
    public var timeout: Duration?
    /// Called with cumulative byte counts as the body moves (uploads and downloads); `nil` when
    /// nobody listens, so transports can skip counting.
    public var progress: (@Sendable (TransferProgress) -> Void)?
    /// For a resumed download: how many bytes the destination file already holds.
    public var resumeOffset: Int64?
    /// Sees the head and each body chunk as they arrive, for a consumer that shows a stream live;
    /// `nil` when nobody does. Set, it also lifts the attempt's total deadline once the head of a
    /// stream content type (`StreamFormat`) arrived: a stream may run as long as it keeps talking
    /// (the read timeout still applies).
    public var onStream: (@Sendable (StreamPart) -> Void)?
    /// Ends a streamed response early (see `StreamStop`); `nil` when nobody can.
    public var streamStop: StreamStop?
    /// Awaited by the transport after it handed a chunk to `onStream`: it returns once the consumer
    /// of the items has caught up enough, so a fast stream waits for a slow reader instead of filling
    /// memory; `nil` when nobody consumes items.
    public var waitForStreamRoom: (@Sendable () async -> Void)?

    /// Makes a context.
    public init(
        timeout: Duration? = nil, resumeOffset: Int64? = nil,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) {
        self.timeout = timeout
        self.resumeOffset = resumeOffset
        self.progress = progress
    }
}

/// What a transport returns: status, headers, and the body in memory or in a file.
public struct TransportResponse: Sendable {
    public var status: HTTPResponse.Status
    public var headers: HTTPFields
    public var body: Data
    public var fileURL: URL?
    /// Whether the consumer ended the stream (`StreamStop`) before the server did: `body` holds what arrived.
    public var stoppedEarly = false
    /// Set by a transport that decoded a compressed body itself (libcurl under URLSession): the handler then
    /// leaves the body alone.
    public var contentDecoding: ContentDecoding? = nil
    /// What the connection was (HTTP version, TLS, certificate), when the transport knows.
    public var connection: ConnectionInfo? = nil
    /// Where the attempt's time went, as far as the transport could measure it.
    public var phases: TransferPhases? = nil

    /// Makes a transport response.
    public init(status: HTTPResponse.Status, headers: HTTPFields = [:], body: Data = Data(), fileURL: URL? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.fileURL = fileURL
    }
}
