import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization
import Tern

/// Sends requests on SwiftNIO directly: its own keep-alive connections, plain or TLS (HTTP/2 or HTTP/1.1
/// by ALPN), NIO's HTTP codecs, one handler collecting the answer, and no task per request beyond the caller's.
///
/// It is what `HTTPClientTransport` sends a request through when `refusal(of:context:)` finds nothing
/// against it: an `http` or `https` URL, no proxy, no redirects followed inside the transport, a body in
/// memory and an answer read into memory (handed to a stream's consumer as it comes, at the consumer's
/// pace), with the transport's TLS settings or the request's own. Everything else (proxies, downloads to
/// a file, uploads with progress) goes through AsyncHTTPClient. Both are held to `TernTransportConformanceTests`.
///
/// A direct attempt knows its phases apart: the name lookup (its own resolver, timed), the TCP connect,
/// the TLS handshake, waiting for the head, and the body.
final class DirectPath: Sendable {
    let connectTimeout: Duration
    let idleTimeout: Duration
    /// Idle connections kept per host and port.
    let maximumIdlePerHost: Int
    let limits: TransferLimits
    let tally: ConnectionTally
    /// Where an HTTP/2 connection's protocol errors are noted (the transport words them).
    let connections: ConnectionClock?
    let pool: DirectPool
    /// The TLS contexts made so far, by the settings they were made from (the transport's, and requests' own).
    private let tlsContexts = Mutex<[TLSSettings: Result<NIOSSLContext, TernError>]>([:])
    /// The most TLS contexts kept: past it, they are made again.
    static let maximumTLSContexts = 16

    init(configuration: TransportConfiguration, tally: ConnectionTally, connections: ConnectionClock?) {
        connectTimeout = configuration.connectTimeout
        idleTimeout = configuration.idleTimeout
        maximumIdlePerHost = max(1, configuration.maximumConnectionsPerHost)
        limits = configuration.limits
        self.tally = tally
        self.connections = connections
        pool = DirectPool()
    }

    /// Why `request` does not go direct (`nil`: it does), given the transport's `configuration`.
    static func refusal(
        of request: Tern.Request, context: TransportContext, configuration: TransportConfiguration
    ) -> String? {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "not http or https"
        }
        guard let host = request.url.host, !host.isEmpty else { return "no host" }
        if configuration.proxy != nil || request.connectionSettings?.proxy != nil { return "a proxy" }
        if configuration.maximumRedirects > 0 { return "redirects followed by the client" }
        if request.transaction != .data || context.resumeOffset != nil { return "a download or an upload" }
        switch request.body {
        case .none, .data: break
        case .file, .multipart: return "a body streamed from a file"
        }
        // A CONNECT's answer has no body whatever it announces, and the connection becomes a tunnel.
        if request.method == .connect { return "CONNECT" }
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
    /// new one for an idempotent method). Failures are thrown as they came (the transport words them).
    func perform(
        _ request: Tern.Request, tls: TLSSettings, context: TransportContext, watchdog: AttemptWatchdog
    ) async throws -> TransportResponse {
        let start = NIODeadline.now()
        let endpoint = DirectPool.Key(request.url, tls: tls)
        let head = Self.head(of: request, endpoint: endpoint)
        let body: ByteBuffer? =
            switch request.body {
            case .data(let data) where !data.isEmpty: ByteBuffer(bytes: data)
            default: nil
            }
        let exchange = DirectExchange(
            limits: limits, label: request.label, watchdog: watchdog, progress: context.progress,
            onStream: context.onStream, waitForStreamRoom: context.waitForStreamRoom, streamStop: context.streamStop,
            method: request.method)
        if let kept = pool.take(endpoint) {
            do {
                return try await send(head, body, on: kept, exchange: exchange, start: start, opened: nil)
            } catch let failure as DirectFailure where failure.beforeAnswer && Self.isIdempotent(request.method) {
                // The server closed the kept connection as the request went out: once more on a new one.
            } catch let failure as DirectFailure {
                throw failure.error
            }
        }
        let opened = try await connect(endpoint, watchdog: watchdog)
        do {
            return try await send(head, body, on: opened.connection, exchange: exchange, start: start, opened: opened)
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
        let target = request.url.requestTarget
        var headers = HTTPHeaders()
        if !request.headers.contains(where: { $0.name.canonicalName == "host" }) {
            let host = endpoint.host.contains(":") ? "[\(endpoint.host)]" : endpoint.host
            let defaultPort = endpoint.secure ? 443 : 80
            headers.add(name: "Host", value: endpoint.port == defaultPort ? host : "\(host):\(endpoint.port)")
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

    /// `head` as HTTP/1.1 writes it: the request line, the fields, the blank line. Its parts are checked
    /// already: the method is a token, the target percent-encoded, the fields HTTPTypes fields (names
    /// checked, CR, LF and NUL in values made spaces), the `Host` from the URL.
    static func encode(_ head: HTTPRequestHead, into buffer: inout ByteBuffer) {
        buffer.writeString(head.method.rawValue)
        buffer.writeStaticString(" ")
        buffer.writeString(head.uri)
        buffer.writeStaticString(" HTTP/1.1\r\n")
        for (name, value) in head.headers {
            buffer.writeString(name)
            buffer.writeStaticString(": ")
            buffer.writeString(value)
            buffer.writeStaticString("\r\n")
        }
        buffer.writeStaticString("\r\n")
    }

    /// A new connection: when the name was found (`nil`: an address), TCP connected, and TLS was
    /// negotiated (`nil`: plain http).
    struct Opened: Sendable {
        var connection: DirectConnection
        /// When the lookup began: after the TLS context was made, which took `preparing`.
        var began: NIODeadline
        var preparing: Duration
        var resolved: NIODeadline?
        var connected: NIODeadline
        var secured: NIODeadline?
    }

    /// The TLS context of `settings` (ALPN `h2` and `http/1.1`), made at the first https request that uses them.
    private func sslContext(_ settings: TLSSettings) throws(TernError) -> NIOSSLContext {
        let made = tlsContexts.withLock { contexts -> Result<NIOSSLContext, TernError> in
            if let made = contexts[settings] { return made }
            let result = Result { () throws(TernError) -> NIOSSLContext in try settings.alpnContext() }
            if contexts.count >= Self.maximumTLSContexts { contexts.removeAll() }
            contexts[settings] = result
            return result
        }
        return try made.get()
    }

    /// Opens a connection to `endpoint`: the lookup timed by `DirectResolver`, then TCP, then for https the
    /// TLS handshake, whose ALPN answer chooses HTTP/2 or HTTP/1.1. The connect timeout covers TCP and TLS;
    /// cancelling the task gives up at once (a connection that comes after is closed).
    private func connect(_ endpoint: DirectPool.Key, watchdog: AttemptWatchdog) async throws -> Opened {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let preparingStart = NIODeadline.now()
        let tls = try endpoint.tls.map { settings throws(TernError) in try sslContext(settings) }
        let began = NIODeadline.now()
        let preparing = tls == nil ? Duration.zero : AttemptClock.between(preparingStart, began)
        let resolver = DirectResolver(loop: loop)
        let negotiated = loop.makePromise(of: DirectConnection.Negotiated.self)
        let hostname = endpoint.host
        let clock = connections
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(TimeAmount.nanoseconds(connectTimeout.saturatingNanoseconds))
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .resolver(resolver)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try DirectConnection.initialize(
                        channel, tls: tls, hostname: hostname, clock: clock, negotiated: negotiated)
                }
            }
        let promise = loop.makePromise(of: Opened.self)
        let deadline = DirectDeadline(watchdog, on: loop) { promise.fail($0) }
        let connectTimeout = TimeAmount.nanoseconds(connectTimeout.saturatingNanoseconds)
        loop.execute {
            deadline.start()
            // TCP and TLS together within the connect timeout (the bootstrap's covers TCP alone).
            let limit = loop.scheduleTask(in: connectTimeout) {
                promise.fail(ChannelError.connectTimeout(connectTimeout))
            }
            promise.futureResult.whenComplete { _ in
                deadline.stop()
                limit.cancel()
            }
        }
        bootstrap.connect(host: endpoint.host, port: endpoint.port).whenComplete { [tally, pool] result in
            switch result {
            case .success(let channel):
                tally.opened(channel)
                // Cancelled or timed out meanwhile: the connection is not wanted.
                promise.futureResult.whenFailure { _ in channel.close(promise: nil) }
                negotiated.futureResult.whenComplete { outcome in
                    switch outcome {
                    case .success(let negotiated):
                        let connection = DirectConnection(channel: channel, key: endpoint, negotiated: negotiated)
                        pool.watch(connection)
                        promise.succeed(
                            Opened(
                                connection: connection, began: began, preparing: preparing,
                                resolved: resolver.resolvedAt, connected: negotiated.connected,
                                secured: tls == nil ? nil : negotiated.at))
                    case .failure(let error):
                        promise.fail(error)
                    }
                }
            case .failure(let error):
                negotiated.fail(error)
                promise.fail(error)
            }
        }
        return try await withTaskCancellationHandler {
            try await promise.futureResult.get()
        } onCancel: {
            promise.fail(CancellationError())
        }
    }

    /// Writes the request on `connection` (on a new stream of an HTTP/2 one) and collects the answer; a
    /// connection still good goes back to the pool.
    private func send(
        _ head: HTTPRequestHead, _ body: ByteBuffer?, on connection: DirectConnection, exchange: DirectExchange,
        start: NIODeadline, opened: Opened?
    ) async throws -> TransportResponse {
        let channel = try await connection.exchangeChannel()
        let promise = channel.eventLoop.makePromise(of: DirectAnswer.self)
        let closesAfter = head.headers[canonicalForm: "connection"].contains { $0.lowercased() == "close" }
        channel.eventLoop.execute { [pool, idleTimeout, maximumIdlePerHost] in
            let deadline = DirectDeadline(exchange.watchdog, on: channel.eventLoop) { error in
                promise.fail(DirectFailure(error: error, beforeAnswer: false))
                channel.close(promise: nil)
            }
            promise.futureResult.whenComplete { result in
                deadline.stop()
                var keep = false
                if case .success(let answer) = result {
                    keep = connection.isMultiplexed || (answer.keepAlive && !closesAfter)
                }
                if !keep || connection.isMultiplexed { channel.close(promise: nil) }
                if keep, connection.channel.isActive {
                    pool.put(connection, idleTimeout: idleTimeout, most: maximumIdlePerHost)
                } else {
                    connection.channel.close(promise: nil)
                }
            }
            let pipeline = channel.pipeline.syncOperations
            if connection.isMultiplexed, let handler = try? pipeline.handler(type: DirectResponseHandler.self) {
                handler.collector.begin(exchange, promise: promise)
                deadline.start()
                channel.write(HTTPClientRequestPart.head(head), promise: nil)
                if let body { channel.write(HTTPClientRequestPart.body(.byteBuffer(body)), promise: nil) }
                channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
            } else if !connection.isMultiplexed, let handler = try? pipeline.handler(type: DirectHTTP1Handler.self) {
                handler.begin(exchange, head: head.method == .HEAD, promise: promise)
                deadline.start()
                var bytes = channel.allocator.buffer(capacity: 512 + (body?.readableBytes ?? 0))
                Self.encode(head, into: &bytes)
                if var body { bytes.writeBuffer(&body) }
                channel.writeAndFlush(bytes, promise: nil)
            } else {
                // The connection closed and took its handlers: as AsyncHTTPClient says it.
                promise.fail(DirectFailure(error: HTTPClientError.remoteConnectionClosed, beforeAnswer: true))
            }
        }
        let answer = try await withTaskCancellationHandler {
            try await promise.futureResult.get()
        } onCancel: {
            promise.fail(DirectFailure(error: CancellationError(), beforeAnswer: false))
        }
        let end = NIODeadline.now()
        var reply = TransportResponse(
            status: HTTPResponse.Status(
                code: Int(answer.head.status.code), reasonPhrase: answer.head.status.reasonPhrase),
            headers: answer.fields, body: answer.body)
        reply.stoppedEarly = answer.stoppedEarly
        reply.connection = ConnectionInfo(httpVersion: connection.httpVersion)
        let between = AttemptClock.between
        let ready = opened.map { $0.secured ?? $0.connected } ?? start
        var phases = TransferPhases(
            firstByte: between(ready, answer.headAt), transfer: between(answer.headAt, end),
            total: between(start, end), reusedConnection: opened == nil)
        if let opened {
            // Making the TLS context (the trust roots read, the first time) counts as TLS.
            if let resolved = opened.resolved { phases.dns = between(opened.began, resolved) }
            phases.connect = between(opened.resolved ?? opened.began, opened.connected)
            if let secured = opened.secured { phases.tls = opened.preparing + between(opened.connected, secured) }
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

    /// Whether `error` says the connection was lost (closed or reset by the server), not that the answer
    /// was refused.
    static func isConnectionLoss(_ error: any Error) -> Bool {
        if let client = error as? HTTPClientError { return client == .remoteConnectionClosed }
        if let channel = error as? ChannelError {
            switch channel {
            case .ioOnClosedChannel, .eof, .outputClosed, .inputClosed, .alreadyClosed: return true
            default: return false
            }
        }
        if let io = error as? IOError { return io.errnoCode == ECONNRESET || io.errnoCode == EPIPE }
        return false
    }
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
    /// The request's method (a HEAD's answer announces a length it does not send).
    var method: HTTPRequest.Method = .get
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
