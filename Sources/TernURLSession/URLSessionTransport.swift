import Foundation
import HTTPTypes
import Synchronization
public import Tern

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A `Transport` on Foundation's `URLSession` (FoundationNetworking on Linux): one session, one
/// session-level delegate, bodies streamed to memory or to a file, uploads from memory or disk.
///
/// Call `invalidate()` when done (the transport does it when released). Where it differs from
/// `HTTPClientTransport`, because FoundationNetworking on Linux cannot do otherwise:
/// - `connectTimeout` and `idleTimeout` are not applied: URLSession on Linux has no separate
///   connect or pool-idle setting, so connecting falls under the attempt's deadline.
/// - The deadline (`context.timeout`, sub-second values included, covering the whole body) and the
///   read timeout of `TransferLimits` are enforced by the transport.
///   URLSession's own `timeoutInterval` is truncated to whole seconds (below 1 s it fires at
///   once), so it is only a backstop of `ceil(deadline) + 1` s, or 7 days without a deadline or
///   for a stream (whose deadline covers its head only).
/// - A redirect that would re-send a request body (307/308, or 301/302 of anything but POST)
///   throws `.unsupported`: URLSession would send it without the body. URLSession also stops
///   after 20 redirects whatever `maximumRedirects` says (`.transport`, "too many HTTP redirects").
/// - A GET with a body throws `.unsupported`.
/// - libcurl adds `Accept`, `Accept-Language`, `User-Agent` and `Connection` when the request
///   has none; the transport sends `Accept-Encoding: identity` unless the request sets it (the handler's
///   default `gzip, deflate` included). libcurl decodes a gzip or deflate body itself while `Content-Encoding`
///   stays in the headers: the transport says so in `contentDecoding` (the encoded size is `Content-Length`
///   when the server sent one) and holds the decoded body to `decodedBodyLimit`.
///   Repeated request fields are joined with `,`.
/// - Response headers come from a dictionary: their order is lost (fields are sorted by name)
///   and repeated fields (`Set-Cookie` too) arrive joined with `", "`.
/// - A 401 with `WWW-Authenticate` is returned as the response: URLSession's credential
///   handling is bypassed (it would never complete the task), as are its cookies and URL cache.
/// - URLSession cannot pause receiving: when the disk is slower than the network, downloaded
///   chunks wait in memory. Upload progress counts bytes handed to libcurl.
public final class URLSessionTransport: Transport {
    private let session: URLSession
    /// The session delegate (internal for tests).
    let delegate: SessionDelegate
    private let configuration: TransportConfiguration
    private let invalidated = Mutex(false)

    /// Seconds URLSession may run when the attempt has no deadline (its default would cut at 60 s).
    static let noDeadlineInterval: TimeInterval = 7 * 24 * 3600

    /// Makes a transport with its own session.
    public init(configuration: TransportConfiguration = TransportConfiguration()) {
        self.configuration = configuration
        delegate = SessionDelegate()
        let queue = OperationQueue()
        queue.name = "Tern.URLSessionTransport"
        // Serial, so each task's data callbacks (and file writes) keep their order.
        queue.maxConcurrentOperationCount = 1
        session = URLSession(
            configuration: configuration.sessionConfiguration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        invalidate()
    }

    /// The limits every attempt keeps.
    public var transferLimits: TransferLimits { configuration.limits }

    /// Finishes the session: running tasks complete, later `perform` calls throw `.unsupported`.
    public func invalidate() {
        let first = invalidated.withLock { invalidated in
            defer { invalidated = true }
            return !invalidated
        }
        if first { session.finishTasksAndInvalidate() }
    }

    /// Performs one attempt of `request` (see `TransportContext` for the download contract).
    public func perform(_ request: Tern.Request, context: TransportContext) async throws -> TransportResponse {
        let label = request.label
        guard !Task.isCancelled else { throw Self.cancelled(label) }
        try configuration.limits.checkHead(of: request)
        try Self.checkSupported(configuration, request: request)
        let body = try UploadBody.prepare(request)
        defer { body.cleanUp() }
        guard !Task.isCancelled else { throw Self.cancelled(label) }
        let file =
            try request.transaction == .download
            ? DownloadFile.open(
                destination: request.downloadDestination, resumeOffset: context.resumeOffset, label: label)
            : nil
        let task: URLSessionTask
        do {
            task = try makeTask(makeURLRequest(request, context: context, length: body.length), body: body)
        } catch {
            file?.closeAfterFailure()
            throw error
        }
        let watchdog = AttemptWatchdog(
            timeout: context.timeout, readTimeout: configuration.limits.readTimeout, label: label, url: request.url)
        let state = TaskState(
            task: task,
            setup: .init(
                label: label, method: request.method, maximumRedirects: configuration.maximumRedirects,
                sendsBody: (body.length ?? 0) > 0, progress: context.progress,
                limits: configuration.limits, watchdog: watchdog, onStream: context.onStream),
            file: file,
            uploadMeter: body.reportsProgress(in: request.transaction)
                ? TransferMeter.reporting(to: context.progress, direction: .upload, total: body.length) : nil)
        delegate.register(state)
        let expiry = Task {
            if let error = await watchdog.expiry() { state.abort(error) }
        }
        defer { expiry.cancel() }
        let stopper = context.streamStop.map { stop in
            Task {
                await stop.wait()
                if !Task.isCancelled { state.stopEarly() }
            }
        }
        defer { stopper?.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in state.start(continuation) }
        } onCancel: {
            state.abort(Self.cancelled(label))
        }
    }

    private func makeURLRequest(_ request: Tern.Request, context: TransportContext, length: Int64?) -> URLRequest {
        var outgoing = URLRequest(url: request.url)
        outgoing.httpMethod = request.method.rawValue
        outgoing.cachePolicy = .reloadIgnoringLocalCacheData
        outgoing.httpShouldHandleCookies = false
        // URLSession truncates this to whole seconds (0 fires at once); the deadline task cuts first.
        // A stream's deadline covers only its head, and URLSession's interval is an idle timer that a
        // stream's quiet spells (or a loaded machine) can outlast: the watchdog alone times a stream.
        let deadline = context.onStream == nil ? context.timeout : nil
        outgoing.timeoutInterval = min(
            deadline.map { ($0.seconds).rounded(.up) + 1 } ?? Self.noDeadlineInterval, Self.noDeadlineInterval)
        for field in request.headers.wireFields {
            outgoing.addValue(field.value, forHTTPHeaderField: field.name)
        }
        if let length {
            outgoing.setValue(String(length), forHTTPHeaderField: "Content-Length")
        }
        if request.headers[.acceptEncoding] == nil {
            // Else libcurl asks for gzip/br/zstd and decodes behind our back: file bytes and
            // resume offsets would no longer match the resource, nor HTTPClientTransport.
            outgoing.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        }
        return outgoing
    }

    private func makeTask(_ request: URLRequest, body: UploadBody) throws(TernError) -> URLSessionTask {
        // Under the lock, so `invalidate()` cannot slip in between the check and the creation:
        // no task is ever made on an invalidated session.
        try invalidated.withLock { invalidated throws(TernError) -> URLSessionTask in
            guard !invalidated else {
                throw TernError(.unsupported, "this URLSessionTransport was invalidated; make a new one")
            }
            switch body {
            case .none: return session.dataTask(with: request)
            case .data(let data): return session.uploadTask(with: request, from: data)
            case .file(let url, _): return session.uploadTask(with: request, fromFile: url)
            }
        }
    }

    private static func cancelled(_ label: String) -> TernError {
        TernError(.cancelled, "the request was cancelled", requestLabel: label)
    }
}

extension TransportConfiguration {
    /// The session configuration `URLSessionTransport` uses: ephemeral, no cache, cookies or
    /// credential storage (Tern handles those). Public so comparisons (tern-bench) use the same one.
    public var sessionConfiguration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCredentialStorage = nil
        return configuration
    }
}
