import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import NIOTLS
import Synchronization
import Tern

#if canImport(Glibc)
    import Glibc
#endif

/// Collects the answer to the one exchange in flight on a connection, keeping the body limit and touching
/// the watchdog as bytes arrive; it fails the exchange when the connection breaks or the parser refuses.
///
/// Given a consumer (`DirectExchange.onStream`), it hands it the head and every chunk; a stream content
/// type (`StreamFormat`) lifts the total deadline, reads only as fast as the consumer takes items (the
/// connection stops reading until `waitForStreamRoom` returns), and ends early when `streamStop` fires.
final class DirectResponseHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    private var exchange: DirectExchange?
    private var promise: EventLoopPromise<DirectAnswer>?
    private var head: HTTPResponseHead?
    private var fields = HTTPFields()
    private var headAt = NIODeadline.now()
    private var body = Data()
    private var meter: TransferMeter?
    private var context: ChannelHandlerContext?
    /// Set while a stream's body is read at the consumer's pace (the channel's automatic reads off).
    private var paced = false
    private var streaming = false
    private var stopWaiter: Task<Void, Never>?
    private var roomWaiter: Task<Void, Never>?
    /// The error that ended the connection while no exchange was in flight.
    private var closedBy: (any Error)?

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Starts an exchange: the next answer read is its answer. On a connection that is closed already it
    /// fails at once, with the error that closed it when there was one (a TLS alert after the handshake).
    func begin(_ exchange: DirectExchange, promise: EventLoopPromise<DirectAnswer>) {
        reset()
        guard let context, context.channel.isActive else {
            promise.fail(DirectFailure(error: closedBy ?? HTTPClientError.remoteConnectionClosed, beforeAnswer: true))
            return
        }
        self.exchange = exchange
        self.promise = promise
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let exchange, let promise else {
            // Bytes nobody asked for on an idle connection: it cannot be trusted with the next request.
            context.close(promise: nil)
            return
        }
        switch unwrapInboundIn(data) {
        case .head(let head):
            // An informational answer (103 Early Hints, 100 Continue) that HTTP/2 hands on: the final one follows.
            if (100..<200).contains(head.status.code) { return }
            exchange.watchdog.touch()
            headAt = .now()
            let announced = head.headers.first(name: "content-length").flatMap { Int64($0) }
            do {
                try exchange.limits.checkBody(announced ?? 0, download: false, label: exchange.label)
            } catch {
                fail(error, context: context)
                return
            }
            self.head = head
            for header in head.headers {
                if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
            }
            meter = exchange.progress.map { TransferMeter(direction: .download, total: announced, report: $0) }
            if let onStream = exchange.onStream {
                let status = HTTPResponse.Status(code: Int(head.status.code), reasonPhrase: head.status.reasonPhrase)
                onStream(.head(status: status, headers: fields))
                if StreamFormat(headers: fields) != nil { beginStream(exchange, context: context) }
            }
        case .body(let buffer):
            exchange.watchdog.touch()
            do {
                try exchange.limits.checkBody(
                    Int64(body.count) + Int64(buffer.readableBytes), download: false, label: exchange.label)
            } catch {
                fail(error, context: context)
                return
            }
            exchange.onStream?(.chunk(Array(buffer.readableBytesView)))
            body.append(contentsOf: buffer.readableBytesView)
            meter?.add(buffer.readableBytes)
        case .end:
            meter?.finish()
            guard let head else { return }
            if paced { context.channel.setOption(.autoRead, value: true).whenComplete { _ in } }
            let answer = DirectAnswer(
                head: head, fields: fields, body: body, headAt: headAt, keepAlive: head.isKeepAlive,
                stoppedEarly: false)
            reset()
            promise.succeed(answer)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // A paced stream reads on once the consumer has room (Tern, not the server, is the one waiting).
        guard paced, let exchange, let waitForRoom = exchange.waitForStreamRoom else { return }
        exchange.watchdog.holdReadTimeout(true)
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let loop = context.eventLoop
        roomWaiter = Task {
            await waitForRoom()
            guard !Task.isCancelled else { return }
            loop.execute {
                exchange.watchdog.holdReadTimeout(false)
                handler.value.readOn()
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A server that ends TLS without close_notify: what the close itself says (the parser's end of the
        // body, or a connection closed early) is the answer, as AsyncHTTPClient has it.
        if let tls = error as? NIOSSLError, tls == .uncleanShutdown { return }
        fail(error, context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if promise != nil {
            fail(HTTPClientError.remoteConnectionClosed, context: context)
        }
        context.fireChannelInactive()
    }

    /// The head of a stream arrived: no total deadline from now on, the consumer's pace, and its stop.
    private func beginStream(_ exchange: DirectExchange, context: ChannelHandlerContext) {
        streaming = true
        exchange.watchdog.liftDeadline()
        if exchange.waitForStreamRoom != nil {
            paced = true
            context.channel.setOption(.autoRead, value: false).whenComplete { _ in }
        }
        if let stop = exchange.streamStop {
            let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
            let loop = context.eventLoop
            stopWaiter = Task {
                await stop.wait()
                guard !Task.isCancelled else { return }
                loop.execute { handler.value.stopEarly() }
            }
        }
    }

    /// Reads the next bytes of a paced stream, if it is still going.
    private func readOn() {
        guard paced, promise != nil, let context else { return }
        context.read()
    }

    /// The consumer ended the stream: what arrived is the answer, and the connection is not kept.
    private func stopEarly() {
        guard streaming, let promise, let head else { return }
        meter?.finish()
        let answer = DirectAnswer(
            head: head, fields: fields, body: body, headAt: headAt, keepAlive: false, stoppedEarly: true)
        reset()
        promise.succeed(answer)
    }

    private func fail(_ error: any Error, context: ChannelHandlerContext) {
        if promise == nil { closedBy = error }
        let pending = promise
        // Only a connection lost before any answer may be tried again on a new one (a limit or a parser's
        // refusal would be met again).
        let lostFirst = head == nil && DirectFailure.isConnectionLoss(error)
        reset()
        pending?.fail(DirectFailure(error: error, beforeAnswer: lostFirst))
        context.close(promise: nil)
    }

    private func reset() {
        stopWaiter?.cancel()
        stopWaiter = nil
        roomWaiter?.cancel()
        roomWaiter = nil
        exchange = nil
        promise = nil
        head = nil
        fields = HTTPFields()
        body = Data()
        meter = nil
        paced = false
        streaming = false
    }
}

/// One connection of the direct path: HTTP/1.1, one exchange at a time on the connection itself, or
/// HTTP/2 (chosen by ALPN), one stream an exchange.
final class DirectConnection: Sendable {
    /// What the connection set-up ended with: the HTTP/2 multiplexer when the server chose `h2`, and when.
    struct Negotiated: Sendable {
        var multiplexer: NIOHTTP2Handler.StreamMultiplexer?
        /// Set when an HTTP/2 server says GOAWAY.
        var goingAway: DirectGoAwayWatcher.Flag? = nil
        /// When TCP connected (the channel became active) and when the set-up ended.
        var connected: NIODeadline
        var at: NIODeadline
    }

    let channel: any Channel
    let key: DirectPool.Key
    private let multiplexer: NIOHTTP2Handler.StreamMultiplexer?
    private let goingAway: DirectGoAwayWatcher.Flag?

    init(channel: any Channel, key: DirectPool.Key, negotiated: Negotiated) {
        self.channel = channel
        self.key = key
        multiplexer = negotiated.multiplexer
        goingAway = negotiated.goingAway
    }

    /// Whether the server said GOAWAY: the streams open finish, no new one starts.
    var isDraining: Bool { goingAway?.isSet ?? false }

    var isMultiplexed: Bool { multiplexer != nil }
    var httpVersion: String { multiplexer == nil ? "HTTP/1.1" : "HTTP/2" }

    /// Sets up a new connection's pipeline: for plain http, NIO's HTTP/1 handlers and the response handler
    /// at once (`negotiated` then succeeds on the event loop); for https, TLS, then by ALPN HTTP/2 (NIO's
    /// handler and multiplexer, and `ClosingOnError`) or HTTP/1.1, once the handshake is done.
    static func initialize(
        _ channel: any Channel, tls: NIOSSLContext?, hostname: String, clock: ConnectionClock?,
        negotiated: EventLoopPromise<Negotiated>
    ) throws {
        let sync = channel.pipeline.syncOperations
        let active = DirectActiveClock()
        try sync.addHandler(active)
        guard let tls else {
            try sync.addHTTPClientHandlers()
            try sync.addHandler(DirectResponseHandler())
            active.onActive { at in negotiated.succeed(Negotiated(multiplexer: nil, connected: at, at: at)) }
            return
        }
        let isAddress = (try? SocketAddress(ipAddress: hostname, port: 0)) != nil
        try sync.addHandler(NIOSSLClientHandler(context: tls, serverHostname: isAddress ? nil : hostname))
        try sync.addHandler(
            ApplicationProtocolNegotiationHandler { result, channel in
                channel.eventLoop.makeCompletedFuture {
                    let at = NIODeadline.now()
                    let connected = active.activeAt ?? at
                    let sync = channel.pipeline.syncOperations
                    if result == .negotiated("h2") {
                        var configuration = NIOHTTP2Handler.ConnectionConfiguration()
                        // No server push (as AsyncHTTPClient asks): nothing would read a pushed stream.
                        configuration.initialSettings.append(HTTP2Setting(parameter: .enablePush, value: 0))
                        let multiplexer = try sync.configureHTTP2Pipeline(
                            mode: .client, connectionConfiguration: configuration, streamConfiguration: .init()
                        ) { stream in stream.eventLoop.makeSucceededVoidFuture() }
                        let goingAway = DirectGoAwayWatcher.Flag()
                        try sync.addHandler(DirectGoAwayWatcher(flag: goingAway))
                        try sync.addHandler(ClosingOnError(clock: clock ?? ConnectionClock()))
                        negotiated.succeed(
                            Negotiated(multiplexer: multiplexer, goingAway: goingAway, connected: connected, at: at))
                    } else {
                        try sync.addHTTPClientHandlers()
                        try sync.addHandler(DirectResponseHandler())
                        negotiated.succeed(Negotiated(multiplexer: nil, connected: connected, at: at))
                    }
                }
            })
        // A handshake that fails, or a server that leaves during it, fails the set-up saying why.
        try sync.addHandler(DirectHandshakeWatcher(negotiated: negotiated))
    }

    /// The channel an exchange goes on: the connection itself, or a new HTTP/2 stream of it.
    func exchangeChannel() async throws -> any Channel {
        guard let multiplexer else { return channel }
        if isDraining { throw DirectFailure(error: HTTPClientError.remoteConnectionClosed, beforeAnswer: true) }
        let stream = multiplexer.createStreamChannel { stream in
            stream.eventLoop.makeCompletedFuture {
                let sync = stream.pipeline.syncOperations
                try sync.addHandler(HTTP2FramePayloadToHTTP1ClientCodec(httpProtocol: .https))
                try sync.addHandler(DirectResponseHandler())
            }
        }
        do {
            return try await stream.get()
        } catch is ChannelError {
            // The connection closed before the stream opened (a server that wants a client certificate does
            // so after the handshake): as AsyncHTTPClient says it.
            throw DirectFailure(error: HTTPClientError.remoteConnectionClosed, beforeAnswer: true)
        } catch {
            throw DirectFailure(error: error, beforeAnswer: true)
        }
    }
}

/// Notes when the connection became active (TCP connected, before any TLS), and tells whoever waits.
final class DirectActiveClock: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Any
    private(set) var activeAt: NIODeadline?
    private var waiting: ((NIODeadline) -> Void)?

    /// Calls `body` with the moment the channel became active, now if it is active already.
    func onActive(_ body: @escaping (NIODeadline) -> Void) {
        if let activeAt { body(activeAt) } else { waiting = body }
    }

    func channelActive(context: ChannelHandlerContext) {
        let now = NIODeadline.now()
        activeAt = now
        waiting?(now)
        waiting = nil
        context.fireChannelActive()
    }
}

/// Notes an HTTP/2 server's GOAWAY, after which the connection takes no new stream (and is not kept).
final class DirectGoAwayWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTP2Frame

    /// Whether GOAWAY came.
    final class Flag: Sendable {
        private let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .relaxed) }
        func set() { value.store(true, ordering: .relaxed) }
    }

    private let flag: Flag

    init(flag: Flag) { self.flag = flag }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .goAway = unwrapInboundIn(data).payload { flag.set() }
        context.fireChannelRead(data)
    }
}

/// Fails a connection's set-up when its TLS handshake fails or the server leaves before it ends.
final class DirectHandshakeWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Any
    private let negotiated: EventLoopPromise<DirectConnection.Negotiated>

    init(negotiated: EventLoopPromise<DirectConnection.Negotiated>) {
        self.negotiated = negotiated
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        negotiated.fail(error)
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        negotiated.fail(HTTPClientError.remoteConnectionClosed)
        context.fireChannelInactive()
    }
}

/// The kept-alive connections of a `DirectPath`, idle ones by scheme, host and port, each closed after
/// the idle timeout.
final class DirectPool: Sendable {
    /// Where a connection goes.
    struct Key: Hashable, Sendable {
        /// The host (an IPv6 address without its brackets).
        var host: String
        var port: Int
        /// The TLS settings of an https connection (a connection made with other settings is another
        /// connection), `nil` for http.
        var tls: TLSSettings?

        var secure: Bool { tls != nil }

        /// The key of `url`, with `tls` for https.
        init(_ url: URL, tls: TLSSettings) {
            var host = url.host ?? ""
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            self.host = host
            let secure = url.scheme?.lowercased() == "https"
            self.tls = secure ? tls : nil
            port = url.port ?? (secure ? 443 : 80)
        }
    }

    private struct Idle: Sendable {
        var connection: DirectConnection
        var timer: Scheduled<Void>
    }

    private struct State: Sendable {
        var idle: [Key: [Idle]] = [:]
        var closed = false
    }

    private let state = Mutex(State())

    /// An open idle connection to `key`, taken out of the pool; `nil` when there is none.
    func take(_ key: Key) -> DirectConnection? {
        while let idle = state.withLock({ state -> Idle? in
            let idle = state.idle[key]?.popLast()
            // Cancelled under the lock: an idle timer cannot close a connection once it is handed out.
            idle?.timer.cancel()
            if state.idle[key]?.isEmpty == true { state.idle[key] = nil }
            return idle
        }) {
            if idle.connection.channel.isActive, !idle.connection.isDraining { return idle.connection }
        }
        return nil
    }

    /// Keeps `connection` for the next request to its key, closing it after `idleTimeout`, or closes it
    /// when `most` are kept already (or the pool is shut down).
    func put(_ connection: DirectConnection, idleTimeout: Duration, most: Int) {
        let channel = connection.channel
        let kept = state.withLock { state -> Bool in
            guard !state.closed, !connection.isDraining, state.idle[connection.key, default: []].count < most else {
                return false
            }
            let timer = channel.eventLoop.scheduleTask(in: .nanoseconds(idleTimeout.saturatingNanoseconds)) {
                channel.close(promise: nil)
            }
            state.idle[connection.key, default: []].append(Idle(connection: connection, timer: timer))
            return true
        }
        if !kept { channel.close(promise: nil) }
    }

    /// Forgets `connection` once it closes (the server closed it while idle, or the timer did).
    func watch(_ connection: DirectConnection) {
        let key = connection.key
        let identity = ObjectIdentifier(connection)
        connection.channel.closeFuture.whenComplete { [self] _ in
            state.withLock { state in
                state.idle[key]?.removeAll { idle in
                    guard ObjectIdentifier(idle.connection) == identity else { return false }
                    idle.timer.cancel()
                    return true
                }
                if state.idle[key]?.isEmpty == true { state.idle[key] = nil }
            }
        }
    }

    /// Closes every idle connection; connections put back later are closed.
    func shutdown() {
        let idle = state.withLock { state in
            state.closed = true
            defer { state.idle = [:] }
            return state.idle.values.flatMap { $0 }
        }
        for entry in idle {
            entry.timer.cancel()
            entry.connection.channel.close(promise: nil)
        }
    }
}

/// Looks a host up with `getaddrinfo` off the event loop (an address is read as it is), once for both
/// address families, and keeps when the answer came: the `dns` phase of a direct attempt (none for an
/// address).
final class DirectResolver: Resolver, Sendable {
    private let loop: any EventLoop
    private let v4: EventLoopPromise<[SocketAddress]>
    private let v6: EventLoopPromise<[SocketAddress]>
    private let started = Atomic<Bool>(false)
    private let resolved = Atomic<UInt64>(0)

    init(loop: any EventLoop) {
        self.loop = loop
        v4 = loop.makePromise()
        v6 = loop.makePromise()
    }

    /// When the lookup ended: `nil` before, and for an address, which is not looked up.
    var resolvedAt: NIODeadline? {
        let nanoseconds = resolved.load(ordering: .acquiring)
        return nanoseconds == 0 ? nil : .uptimeNanoseconds(nanoseconds)
    }

    func initiateAQuery(host: String, port: Int) -> EventLoopFuture<[SocketAddress]> {
        start(host: host, port: port)
        return v4.futureResult
    }

    func initiateAAAAQuery(host: String, port: Int) -> EventLoopFuture<[SocketAddress]> {
        start(host: host, port: port)
        return v6.futureResult
    }

    func cancelQueries() {}

    private func start(host: String, port: Int) {
        guard !started.exchange(true, ordering: .relaxed) else { return }
        if let address = try? SocketAddress(ipAddress: host, port: port) {
            // An address: nothing is looked up, and `resolvedAt` stays `nil`.
            loop.execute { [v4, v6] in
                v6.succeed(address.protocol == .inet6 ? [address] : [])
                v4.succeed(address.protocol == .inet6 ? [] : [address])
            }
            return
        }
        // `localhost` and the names under it are the loopback addresses without asking the system
        // (RFC 6761 §6.3, as curl does): glibc's getaddrinfo takes about 6 ms for it in a new process.
        let name = host.lowercased()
        if name == "localhost" || name.hasSuffix(".localhost"),
            let v6 = try? SocketAddress(ipAddress: "::1", port: port),
            let v4 = try? SocketAddress(ipAddress: "127.0.0.1", port: port)
        {
            publish(([v4], [v6]))
            return
        }
        DispatchQueue.global().async { [self] in
            switch Self.lookUp(host: host, port: port) {
            case .success(let addresses): publish(addresses)
            case .failure(let error): publish(error)
            }
        }
    }

    private func publish(_ addresses: (v4: [SocketAddress], v6: [SocketAddress])) {
        resolved.store(NIODeadline.now().uptimeNanoseconds, ordering: .releasing)
        loop.execute { [v4, v6] in
            v6.succeed(addresses.v6)
            v4.succeed(addresses.v4)
        }
    }

    private func publish(_ error: any Error) {
        resolved.store(NIODeadline.now().uptimeNanoseconds, ordering: .releasing)
        loop.execute { [v4, v6] in
            v6.fail(error)
            v4.fail(error)
        }
    }

    /// `getaddrinfo` for a TCP connection to `host`.
    private static func lookUp(host: String, port: Int) -> Result<(v4: [SocketAddress], v6: [SocketAddress]), any Error>
    {
        var hint = addrinfo()
        hint.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hint.ai_protocol = Int32(IPPROTO_TCP)
        var info: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, String(port), &hint, &info)
        guard code == 0, let first = info else {
            return .failure(HostNotFound(host: host, words: String(cString: gai_strerror(code))))
        }
        defer { freeaddrinfo(first) }
        var v4: [SocketAddress] = []
        var v6: [SocketAddress] = []
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let entry = next {
            if let address = entry.pointee.ai_addr {
                switch entry.pointee.ai_family {
                case AF_INET:
                    v4.append(SocketAddress(UnsafeRawPointer(address).load(as: sockaddr_in.self), host: host))
                case AF_INET6:
                    v6.append(SocketAddress(UnsafeRawPointer(address).load(as: sockaddr_in6.self), host: host))
                default: break
                }
            }
            next = entry.pointee.ai_next
        }
        return .success((v4, v6))
    }
}

/// A name `getaddrinfo` did not find, and its words for why.
struct HostNotFound: Error, CustomStringConvertible {
    var host: String
    var words: String

    var description: String { "\(host): \(words)" }
}

/// Keeps an attempt's `AttemptWatchdog` on the event loop: checks it when a limit could pass and calls
/// `fail` with its error when one did, until `stop()` (no task sleeping beside the attempt).
final class DirectDeadline: Sendable {
    private let watchdog: AttemptWatchdog
    private let loop: any EventLoop
    private let fail: @Sendable (TernError) -> Void
    private let timer = Mutex<(scheduled: Scheduled<Void>?, stopped: Bool)>((nil, false))

    init(_ watchdog: AttemptWatchdog, on loop: any EventLoop, fail: @escaping @Sendable (TernError) -> Void) {
        self.watchdog = watchdog
        self.loop = loop
        self.fail = fail
    }

    /// Checks now and then when the watchdog says; call on the event loop.
    func start() {
        loop.preconditionInEventLoop()
        step()
    }

    /// No more checks.
    func stop() {
        timer.withLock { timer in
            timer.scheduled?.cancel()
            timer = (nil, true)
        }
    }

    private func step() {
        switch watchdog.check() {
        case .failure(let error):
            stop()
            fail(error)
        case .success(let wake?):
            timer.withLock { timer in
                guard !timer.stopped else { return }
                timer.scheduled = loop.scheduleTask(in: .nanoseconds(max(1, wake.saturatingNanoseconds))) {
                    self.step()
                }
            }
        case .success(nil):
            break
        }
    }
}
