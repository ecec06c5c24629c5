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

    /// Sets up a new connection's pipeline: for plain http, the HTTP/1.1 handler at once (`negotiated` then
    /// succeeds when TCP connected); for https, TLS, then by ALPN HTTP/2 (NIO's handler and multiplexer, and
    /// `ClosingOnError`) or HTTP/1.1, once the handshake is done.
    static func initialize(
        _ channel: any Channel, tls: NIOSSLContext?, hostname: String, clock: ConnectionClock?,
        negotiated: EventLoopPromise<Negotiated>
    ) throws {
        let sync = channel.pipeline.syncOperations
        guard let tls else {
            try sync.addHandler(
                DirectHTTP1Handler { at in negotiated.succeed(Negotiated(multiplexer: nil, connected: at, at: at)) })
            return
        }
        let isAddress = (try? SocketAddress(ipAddress: hostname, port: 0)) != nil
        // A handshake that fails, or a server that leaves during it, fails the set-up saying why; the watcher
        // also notes when TCP connected (NIOSSL passes the activation on once its hello is written).
        let watcher = DirectHandshakeWatcher(negotiated: negotiated)
        try sync.addHandler(NIOSSLClientHandler(context: tls, serverHostname: isAddress ? nil : hostname))
        try sync.addHandler(
            ApplicationProtocolNegotiationHandler { result, channel in
                channel.eventLoop.makeCompletedFuture {
                    let at = NIODeadline.now()
                    let connected = watcher.activeAt ?? at
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
                        try sync.addHandler(DirectHTTP1Handler())
                        negotiated.succeed(Negotiated(multiplexer: nil, connected: connected, at: at))
                    }
                }
            })
        try sync.addHandler(watcher)
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

/// Fails a connection's set-up when its TLS handshake fails or the server leaves before it ends, and notes
/// when the connection became active (TCP connected).
final class DirectHandshakeWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Any
    private let negotiated: EventLoopPromise<DirectConnection.Negotiated>
    private(set) var activeAt: NIODeadline?

    init(negotiated: EventLoopPromise<DirectConnection.Negotiated>) {
        self.negotiated = negotiated
    }

    func channelActive(context: ChannelHandlerContext) {
        activeAt = .now()
        context.fireChannelActive()
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
