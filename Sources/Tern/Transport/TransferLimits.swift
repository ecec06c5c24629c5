import Foundation
public import HTTPTypes

/// The limits every transport enforces on one attempt, so a hostile or broken server can
/// neither hang nor exhaust the client.
///
/// The attempt's total deadline is the request's `timeout` (`TransportContext.timeout`); these
/// limits come on top of it.
public struct TransferLimits: Sendable, Hashable {
    /// The longest silence while the attempt is under way (no byte sent or received), `nil` for
    /// none. It fails the attempt with `.timeout` ("no data for 30 s").
    public var readTimeout: Duration?
    /// The largest response body kept in memory (bytes). A larger body fails with
    /// `.unsupported`, before reading it when `Content-Length` announces it.
    public var maximumBodyBytes: Int64
    /// The largest response body a download writes to its file (bytes).
    public var maximumDownloadBytes: Int64
    /// The largest request head (request line and header fields, bytes), refused with
    /// `.invalidRequest` before anything is sent.
    public var maximumRequestHeadBytes: Int
    /// The largest body a `gzip` or `deflate` response may decode to (bytes), `nil` for the same as
    /// `maximumBodyBytes`. Passing it fails with `.unsupported` ("the gzip body decodes to more than N bytes").
    public var maximumDecodedBodyBytes: Int64? = nil

    /// The default silence allowed: 30 s.
    public static let defaultReadTimeout = Duration.seconds(30)
    /// The default in-memory body limit: 100 MB.
    public static let defaultMaximumBodyBytes: Int64 = 100_000_000
    /// The default download limit: 10 GiB.
    public static let defaultMaximumDownloadBytes: Int64 = 10 << 30
    /// The default request head limit: 60 KiB.
    ///
    /// Below SwiftNIO's 64 KiB write-buffer high watermark: AsyncHTTPClient traps
    /// (`HTTPRequestStateMachine.headSent`) when writing a larger head with a streamed body flips
    /// the channel's writability inside the write. Servers commonly refuse heads from 8 to 80 KiB.
    public static let defaultMaximumRequestHeadBytes = 60 << 10

    /// Makes limits; the defaults are the documented ones.
    public init(
        readTimeout: Duration? = TransferLimits.defaultReadTimeout,
        maximumBodyBytes: Int64 = TransferLimits.defaultMaximumBodyBytes,
        maximumDownloadBytes: Int64 = TransferLimits.defaultMaximumDownloadBytes,
        maximumRequestHeadBytes: Int = TransferLimits.defaultMaximumRequestHeadBytes
    ) {
        self.readTimeout = readTimeout
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumDownloadBytes = maximumDownloadBytes
        self.maximumRequestHeadBytes = maximumRequestHeadBytes
    }

    /// The size of `request`'s HTTP/1.1 head: request line, header fields and the blank line.
    public static func headSize(of request: Request) -> Int {
        var size = request.method.rawValue.utf8.count + request.url.absoluteString.utf8.count + 13
        for field in request.headers {
            size += field.name.rawName.utf8.count + field.value.utf8.count + 4
        }
        return size + 2
    }

    /// Refuses a request whose head is larger than `maximumRequestHeadBytes`.
    public func checkHead(of request: Request) throws(TernError) {
        let size = Self.headSize(of: request)
        guard size > maximumRequestHeadBytes else { return }
        var largest = ""
        if let field = request.headers.max(by: { $0.value.utf8.count < $1.value.utf8.count }) {
            largest = "; the largest field is '\(field.name.rawName)' (\(field.value.utf8.count) bytes)"
        }
        throw TernError(
            .invalidRequest,
            "the request head is \(size) bytes, more than the \(maximumRequestHeadBytes)-byte limit\(largest); "
                + "send large values in the body instead",
            requestLabel: request.label)
    }

    /// The decoded-size limit in force: `maximumDecodedBodyBytes`, else `maximumBodyBytes`.
    public var decodedBodyLimit: Int64 { maximumDecodedBodyBytes ?? maximumBodyBytes }

    /// Fails when a body decoded from `coding` (by a transport that decodes itself) passes `decodedBodyLimit`.
    public func checkDecoded(_ count: Int64, coding: String, label: String) throws(TernError) {
        guard count > decodedBodyLimit else { return }
        throw TernError(
            .unsupported,
            "the \(coding) body decodes to more than \(decodedBodyLimit) bytes (handler.maxDecodedBodyBytes); raise "
                + "the limit if such a body is expected, or send 'Accept-Encoding: identity'",
            requestLabel: label)
    }

    /// The body length an answer's `Content-Length` announces, as the limits judge it: none for an answer
    /// that has no body whatever the field says — to a HEAD, a 1xx, 204 or 304 (RFC 9110 §8.6, RFC 9112
    /// §6.3) — so a HEAD of a large file is an answer, not a limit passed.
    public static func announcedBody(_ contentLength: Int64?, method: HTTPRequest.Method, status: Int) -> Int64 {
        if method == .head || (100..<200).contains(status) || status == 204 || status == 304 { return 0 }
        return contentLength ?? 0
    }

    /// Fails when a response body of `count` bytes (received or announced) passes its limit.
    public func checkBody(_ count: Int64, download: Bool, label: String) throws(TernError) {
        if download {
            guard count > maximumDownloadBytes else { return }
            throw TernError(
                .unsupported,
                "the download passed the \(maximumDownloadBytes)-byte limit (handler.maxDownloadBytes); "
                    + "raise it if the file is expected to be this large",
                requestLabel: label)
        }
        guard count > maximumBodyBytes else { return }
        throw TernError(
            .unsupported,
            "the response body passed the \(maximumBodyBytes)-byte in-memory limit (handler.maxBodyBytes); "
                + "save it to a file instead (tern send -o FILE, or a .download transfer)",
            requestLabel: label)
    }
}
