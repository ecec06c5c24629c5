import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization
import Tern

/// Sends plain-HTTP/1.1 requests on SwiftNIO directly: its own keep-alive connections, NIO's HTTP/1
/// encoder and parser, one handler collecting the answer, and no task per request beyond the caller's.
///
/// It is what `HTTPClientTransport` sends a request through when `refusal(of:context:)` finds nothing
/// against it: an `http` URL, no proxy, no redirects followed inside the transport, a body in memory and
/// an answer read into memory (handed to a stream's consumer as it comes, at the consumer's pace).
/// Everything else (TLS and HTTP/2, proxies, downloads to a file, uploads with progress) goes through
/// AsyncHTTPClient as before. Both are held to `TernTransportConformanceTests`.
///
/// A direct attempt knows its phases apart: the name lookup (its own resolver, timed), the TCP connect,
/// waiting for the head, and the body.
final class DirectHTTP1: Sendable {
    let connectTimeout: Duration
    let idleTimeout: Duration
    /// Idle connections kept per host and port.
    let maximumIdlePerHost: Int
    let limits: TransferLimits
    let tally: ConnectionTally
    let pool: DirectPool

    init(configuration: TransportConfiguration, tally: ConnectionTally) {
        connectTimeout = configuration.connectTimeout
        idleTimeout = configuration.idleTimeout
        maximumIdlePerHost = max(1, configuration.maximumConnectionsPerHost)
        limits = configuration.limits
        self.tally = tally
        pool = DirectPool()
    }

    /// Why `request` does not go direct (`nil`: it does), given the transport's `configuration`.
    static func refusal(
        of request: Tern.Request, context: TransportContext, configuration: TransportConfiguration
    ) -> String? {
        guard request.url.scheme?.lowercased() == "http" else { return "not plain http" }
        guard let host = request.url.host, !host.isEmpty else { return "no host" }
        if configuration.proxy != nil || request.connectionSettings?.proxy != nil { return "a proxy" }
        if configuration.maximumRedirects > 0 { return "redirects followed by the client" }
        if request.transaction != .data || context.resumeOffset != nil { return "a download or an upload" }
        switch request.body {
        case .none, .data: break
        case .file, .multipart: return "a body streamed from a file"
        }
        if request.headers.contains(where: { $0.name == .expect || $0.name == .transferEncoding }) {
            return "Expect or Transfer-Encoding given"
        }
        return nil
    }

    /// Closes the idle connections; later ones are closed when their answer is read.
    func shutdown() {
        pool.shutdown()
    }

    /// Performs one attempt (the watchdog's limits apply; a stale kept connection is tried once more on a
    /// new one for an idempotent method).
    func perform(
        _ request: Tern.Request, context: TransportContext, watchdog: AttemptWatchdog
    ) async throws -> TransportResponse {
        let start = NIODeadline.now()
        let endpoint = DirectPool.Key(request.url)
        let head = Self.head(of: request, endpoint: endpoint)
        let body: ByteBuffer? =
            switch request.body {
            case .data(let data) where !data.isEmpty: ByteBuffer(bytes: data)
            default: nil
            }
        let exchange = DirectExchange(
            limits: limits, label: request.label, watchdog: watchdog, progress: context.progress,
            onStream: context.onStream, waitForStreamRoom: context.waitForStreamRoom, streamStop: context.streamStop)
        if let kept = pool.take(endpoint) {
            do {
                return try await send(request, head, body, on: kept, exchange: exchange, start: start, opened: nil)
            } catch let failure as DirectFailure where failure.beforeAnswer && Self.isIdempotent(request.method) {
                // The server closed the kept connection as the request went out: once more on a new one.
            } catch let failure as DirectFailure {
                throw failure.error
            }
        }
        let opened = try await connect(endpoint, request: request, watchdog: watchdog)
        do {
            return try await send(
                request, head, body, on: opened.channel, exchange: exchange, start: start, opened: opened)
        } catch let failure as DirectFailure {
            throw failure.error
        }
    }

    private static func isIdempotent(_ method: HTTPRequest.Method) -> Bool {
        [.get, .head, .put, .delete, .options, .trace].contains(method)
    }

    /// The request head: the target, `Host` unless given, the request's fields, and `Content-Length`
    /// when there is a body or the method usually has one.
    static func head(of request: Tern.Request, endpoint: DirectPool.Key) -> HTTPRequestHead {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        var target = components?.percentEncodedPath ?? "/"
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        var headers = HTTPHeaders()
        if !request.headers.contains(where: { $0.name.canonicalName == "host" }) {
            let host = endpoint.host.contains(":") ? "[\(endpoint.host)]" : endpoint.host
            headers.add(name: "Host", value: endpoint.port == 80 ? host : "\(host):\(endpoint.port)")
        }
        var length = 0
        if case .data(let data) = request.body { length = data.count }
        for field in request.headers.wireFields where field.name.lowercased() != "content-length" {
            headers.add(name: field.name, value: field.value)
        }
        if length > 0 || [.post, .put, .patch].contains(request.method) {
            headers.add(name: "Content-Length", value: String(length))
        }
        return HTTPRequestHead(
            version: .http1_1, method: NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue), uri: target,
            headers: headers)
    }

    /// A new connection: its channel, when the name was found (`nil`: an address) and the connection made.
    struct Opened: Sendable {
        var channel: any Channel
        var resolved: NIODeadline?
        var connected: NIODeadline
    }

    /// Opens a connection to `endpoint`, the lookup timed by `DirectResolver`; cancelling the task
    /// gives up at once (a connection that comes after is closed).
    private func connect(
        _ endpoint: DirectPool.Key, request: Tern.Request, watchdog: AttemptWatchdog
    ) async throws -> Opened {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let resolver = DirectResolver(loop: loop)
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(TimeAmount.nanoseconds(connectTimeout.saturatingNanoseconds))
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .resolver(resolver)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    try sync.addHTTPClientHandlers()
                    try sync.addHandler(DirectResponseHandler())
                }
            }
        let promise = loop.makePromise(of: Opened.self)
        let deadline = DirectDeadline(watchdog, on: loop) { promise.fail($0) }
        loop.execute { deadline.start() }
        promise.futureResult.whenComplete { _ in deadline.stop() }
        bootstrap.connect(host: endpoint.host, port: endpoint.port).whenComplete { [tally, pool] result in
            switch result {
            case .success(let channel):
                tally.opened(channel)
                pool.watch(channel)
                let now = NIODeadline.now()
                promise.succeed(Opened(channel: channel, resolved: resolver.resolvedAt, connected: now))
                // Cancelled before: the connection is not wanted.
                promise.futureResult.whenFailure { _ in channel.close(promise: nil) }
            case .failure(let error):
                promise.fail(error)
            }
        }
        do {
            return try await withTaskCancellationHandler {
                try await promise.futureResult.get()
            } onCancel: {
                promise.fail(CancellationError())
            }
        } catch {
            throw HTTPClientTransport.map(error, request: request)
        }
    }

    /// Writes the request on `channel` and collects the answer; a kept connection goes back to the pool.
    private func send(
        _ request: Tern.Request, _ head: HTTPRequestHead, _ body: ByteBuffer?, on channel: any Channel,
        exchange: DirectExchange,
        start: NIODeadline, opened: Opened?
    ) async throws -> TransportResponse {
        let promise = channel.eventLoop.makePromise(of: DirectAnswer.self)
        let closesAfter = head.headers[canonicalForm: "connection"].contains { $0.lowercased() == "close" }
        let endpoint = DirectPool.Key(request.url)
        channel.eventLoop.execute { [pool, idleTimeout, maximumIdlePerHost] in
            guard let handler = try? channel.pipeline.syncOperations.handler(type: DirectResponseHandler.self) else {
                promise.fail(DirectFailure(error: ChannelError.ioOnClosedChannel, beforeAnswer: true))
                return
            }
            handler.begin(exchange, promise: promise)
            let deadline = DirectDeadline(exchange.watchdog, on: channel.eventLoop) { error in
                promise.fail(DirectFailure(error: error, beforeAnswer: false))
                channel.close(promise: nil)
            }
            deadline.start()
            channel.write(HTTPClientRequestPart.head(head), promise: nil)
            if let body { channel.write(HTTPClientRequestPart.body(.byteBuffer(body)), promise: nil) }
            channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
            promise.futureResult.whenComplete { result in
                deadline.stop()
                if case .success(let answer) = result, answer.keepAlive, !closesAfter, channel.isActive {
                    pool.put(channel, for: endpoint, idleTimeout: idleTimeout, most: maximumIdlePerHost)
                } else {
                    channel.close(promise: nil)
                }
            }
        }
        let answer: DirectAnswer
        do {
            answer = try await withTaskCancellationHandler {
                try await promise.futureResult.get()
            } onCancel: {
                promise.fail(DirectFailure(error: CancellationError(), beforeAnswer: false))
            }
        } catch let failure as DirectFailure {
            throw DirectFailure(
                error: HTTPClientTransport.map(failure.error, request: request),
                beforeAnswer: failure.beforeAnswer)
        }
        let end = NIODeadline.now()
        var reply = TransportResponse(
            status: HTTPResponse.Status(
                code: Int(answer.head.status.code), reasonPhrase: answer.head.status.reasonPhrase),
            headers: answer.fields, body: answer.body)
        reply.stoppedEarly = answer.stoppedEarly
        let version = answer.head.version
        reply.connection = ConnectionInfo(httpVersion: "HTTP/\(version.major).\(version.minor)")
        let between = AttemptClock.between
        var phases = TransferPhases(
            firstByte: between(opened?.connected ?? start, answer.headAt), transfer: between(answer.headAt, end),
            total: between(start, end), reusedConnection: opened == nil)
        if let opened {
            if let resolved = opened.resolved { phases.dns = between(start, resolved) }
            phases.connect = between(opened.resolved ?? start, opened.connected)
        }
        reply.phases = phases
        return reply
    }
}

/// How an exchange failed, and whether the server had answered anything yet (a kept connection that
/// the server closed before answering is tried once more).
struct DirectFailure: Error {
    var error: any Error
    var beforeAnswer: Bool
}

/// What one exchange needs on the event loop: the limits, the watchdog to touch, the progress meter.
struct DirectExchange: Sendable {
    let limits: TransferLimits
    let label: String
    let watchdog: AttemptWatchdog
    let progress: (@Sendable (TransferProgress) -> Void)?
    /// The consumer of a stream's parts, its pace and its stop (see `TransportContext`).
    let onStream: (@Sendable (StreamPart) -> Void)?
    let waitForStreamRoom: (@Sendable () async -> Void)?
    let streamStop: StreamStop?
}

/// The answer to one exchange.
struct DirectAnswer: Sendable {
    var head: HTTPResponseHead
    var fields: HTTPFields
    var body: Data
    var headAt: NIODeadline
    var keepAlive: Bool
    /// The consumer ended a stream before the server did.
    var stoppedEarly: Bool
}
