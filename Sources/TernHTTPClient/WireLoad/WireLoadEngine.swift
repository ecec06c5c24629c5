import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import NIOTLS
import Synchronization
public import Tern

/// Sends a load's requests on SwiftNIO directly: a fixed set of connections spread over one event loop a
/// core, each HTTP/1.1 request encoded once and written as it is, the answers decoded by NIO's HTTP/1
/// parser, kept alive (a connection the server closes is opened again), with no task or handler per
/// request. `https` speaks TLS 1.2/1.3 offering `h2` and `http/1.1` by ALPN: over HTTP/2 each request is a
/// stream of NIO's multiplexer. A load through a proxy, or with a body streamed from a file, is for the
/// handler (`refusal(of:)` says so).
public struct WireLoadEngine: WireLoadDriver {
    /// The TLS settings of `https` requests that carry none of their own.
    let tls: TLSSettings
    /// The transport's proxy, if any: a load through it is for the handler.
    let proxy: ProxySettings?
    let connectTimeout: Duration
    let limits: TransferLimits
    /// The event loops the load runs on, one a core.
    public let shards: Int

    /// An engine sending as a transport configured with `configuration` does.
    public init(configuration: TransportConfiguration, loops: Int? = nil) {
        tls = configuration.tls
        proxy = configuration.proxy
        connectTimeout = configuration.connectTimeout
        limits = configuration.limits
        shards = max(1, loops ?? System.coreCount)
    }

    public func refusal(of request: Request) -> String? {
        proxy != nil && request.connectionSettings == nil ? "a proxy" : WireTarget.refusal(of: request)
    }

    public func run(_ load: WireLoad, observer: any WireLoadObserver) async -> WireLoadOutcome {
        guard !load.requests.isEmpty, load.connections > 0 else {
            return WireLoadOutcome(
                started: 0, connections: ConnectionCount(opened: 0, mostOpen: 0), stoppedEarly: false)
        }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: shards)
        defer { group.shutdownGracefully { _ in } }
        let loops = Array(group.makeIterator())
        var endpoints: [WireEndpoint] = []
        var targets: [WireTarget] = []
        for request in load.requests {
            let endpoint = WireTarget.endpoint(of: request, tls: tls)
            let index = endpoints.firstIndex(of: endpoint) ?? endpoints.count
            if index == endpoints.count { endpoints.append(endpoint) }
            targets.append(WireTarget(request, endpoint: endpoint, index: index))
        }
        let contexts = endpoints.map { endpoint -> Result<NIOSSLContext, TernError>? in
            guard let tls = endpoint.tls else { return nil }
            return Result { () throws(TernError) -> NIOSSLContext in try tls.alpnContext() }
        }
        let run = WireRun(
            load: load, targets: targets, endpoints: endpoints, tlsContexts: contexts, loops: loops,
            observer: observer, connectTimeout: TimeAmount(connectTimeout),
            maximumCheckedBody: Int(clamping: limits.maximumBodyBytes))
        await withTaskCancellationHandler {
            run.begin()
            await run.finished()
        } onCancel: {
            run.stop(cause: "not answered before the load ended", cancelled: true)
        }
        return run.outcome
    }
}

/// What a load's slots share: the requests, the tickets, the connections' count, and the end.
final class WireRun: Sendable {
    let load: WireLoad
    let targets: [WireTarget]
    let endpoints: [WireEndpoint]
    private let tlsContexts: [Result<NIOSSLContext, TernError>?]
    let observer: any WireLoadObserver
    let start: NIODeadline
    /// When the closed loop stops starting requests.
    let end: NIODeadline
    let maximumCheckedBody: Int
    private let loops: [any EventLoop]
    private let connectTimeout: TimeAmount
    private let tickets = Atomic<Int>(0)
    private let startedCount = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    private let cancelled = Atomic<Bool>(false)
    private let slotsLeft: Atomic<Int>
    private let tally = ConnectionTally()
    private let done: EventLoopPromise<Void>

    init(
        load: WireLoad, targets: [WireTarget], endpoints: [WireEndpoint],
        tlsContexts: [Result<NIOSSLContext, TernError>?], loops: [any EventLoop], observer: any WireLoadObserver,
        connectTimeout: TimeAmount, maximumCheckedBody: Int
    ) {
        self.load = load
        self.targets = targets
        self.endpoints = endpoints
        self.tlsContexts = tlsContexts
        self.loops = loops
        self.observer = observer
        self.connectTimeout = connectTimeout
        self.maximumCheckedBody = maximumCheckedBody
        start = .now()
        end = start + TimeAmount(load.duration)
        slotsLeft = Atomic<Int>(load.connections)
        done = loops[0].makePromise()
    }

    var isStopping: Bool { stopping.load(ordering: .relaxed) }

    func takeTicket() -> Int { tickets.wrappingAdd(1, ordering: .relaxed).oldValue }

    func started() { startedCount.wrappingAdd(1, ordering: .relaxed) }

    /// Makes the slots, a loop's on that loop, and starts them; the cut-off stops whatever is left.
    func begin() {
        let count = load.connections
        for (index, loop) in loops.enumerated() {
            let mine = (count - index + loops.count - 1) / loops.count
            loop.execute { [self] in
                let slots = (0..<mine).map { _ in WireSlot(loop: loop, shard: index, run: self) }
                self.register(slots, on: loop)
                for slot in slots { slot.next() }
            }
        }
        loops[0].scheduleTask(deadline: start + TimeAmount(load.cutOff)) { [self] in
            stop(cause: "not answered before the load ended", cancelled: false)
        }
    }

    /// Each loop's slots, kept where the loop's timers find them.
    private let registry = Mutex<[ObjectIdentifier: NIOLoopBound<[WireSlot]>]>([:])

    private func register(_ slots: [WireSlot], on loop: any EventLoop) {
        let bound = NIOLoopBound(slots, eventLoop: loop)
        registry.withLock { $0[ObjectIdentifier(loop)] = bound }
        // Requests that take longer than their timeout fail, their connections closed, four times a second.
        guard targets.contains(where: { $0.timeout != nil }) else { return }
        loop.scheduleRepeatedTask(initialDelay: .milliseconds(250), delay: .milliseconds(250)) { task in
            if self.isStopping { return task.cancel() }
            let now = NIODeadline.now()
            for slot in bound.value { slot.checkTimeout(now: now) }
        }
    }

    /// Stops every slot: what is in flight fails with `cause`.
    func stop(cause: String, cancelled: Bool) {
        if cancelled { self.cancelled.store(true, ordering: .relaxed) }
        guard !stopping.exchange(true, ordering: .relaxed) else { return }
        for loop in loops {
            loop.execute { [self] in
                let bound = registry.withLock { $0[ObjectIdentifier(loop)] }
                for slot in bound?.value ?? [] { slot.stop(cause: cause) }
            }
        }
    }

    func slotFinished() {
        if slotsLeft.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
            stopping.store(true, ordering: .relaxed)
            done.succeed()
        }
    }

    /// Waits for every slot to finish.
    func finished() async {
        try? await done.futureResult.get()
    }

    var outcome: WireLoadOutcome {
        WireLoadOutcome(
            started: startedCount.load(ordering: .relaxed), connections: tally.count,
            stoppedEarly: cancelled.load(ordering: .relaxed), protocols: protocols)
    }

    /// A connection made ready: its link, when TCP connected, and whether TLS was negotiated after.
    struct Ready: Sendable {
        var link: NIOLoopBound<any WireLink>
        var connectedAt: NIODeadline
        var secure: Bool
    }

    /// Opens a connection to endpoint `index` on `loop`: over TLS, HTTP/2 when the server chooses `h2` by
    /// ALPN, else HTTP/1.1; ready once the handshake is done.
    func connect(_ index: Int, on loop: any EventLoop) -> EventLoopFuture<Ready> {
        let endpoint = endpoints[index]
        let tls: NIOSSLContext?
        switch tlsContexts[index] {
        case .success(let context): tls = context
        case .failure(let error): return loop.makeFailedFuture(error)
        case nil: tls = nil
        }
        let ready = loop.makePromise(of: NIOLoopBound<any WireLink>.self)
        let hostname = endpoint.host
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(connectTimeout)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    guard let tls else {
                        ready.succeed(NIOLoopBound(try Self.speakHTTP1(sync), eventLoop: channel.eventLoop))
                        return
                    }
                    let isAddress = hostname.contains(":") || hostname.allSatisfy { $0.isNumber || $0 == "." }
                    try sync.addHandler(NIOSSLClientHandler(context: tls, serverHostname: isAddress ? nil : hostname))
                    try sync.addHandler(
                        ApplicationProtocolNegotiationHandler { result, channel in
                            channel.eventLoop.makeCompletedFuture {
                                let sync = channel.pipeline.syncOperations
                                let link: any WireLink =
                                    result == .negotiated("h2")
                                    ? try Self.speakHTTP2(channel) : try Self.speakHTTP1(sync)
                                ready.succeed(NIOLoopBound(link, eventLoop: channel.eventLoop))
                            }
                        })
                    // A handshake that fails ends the channel before the negotiation does, saying why.
                    try sync.addHandler(HandshakeWatcher(ready: ready))
                    channel.closeFuture.whenComplete { _ in ready.fail(ChannelError.ioOnClosedChannel) }
                }
            }
        let secure = tls != nil
        return bootstrap.connect(host: endpoint.host, port: endpoint.port).flatMap { [tally] channel in
            tally.opened(channel)
            let connectedAt = NIODeadline.now()
            return ready.futureResult.map { Ready(link: $0, connectedAt: connectedAt, secure: secure) }
        }.flatMapErrorThrowing { error in
            ready.fail(error)
            throw error
        }
    }

    /// HTTP/1.1 on the connection: the request's bytes as they are, NIO's parser for the answers.
    private static func speakHTTP1(_ sync: ChannelPipeline.SynchronousOperations) throws -> any WireLink {
        let connection = WireConnection()
        try sync.addHandler(WireBytesWriter())
        try sync.addHandler(ByteToMessageHandler(HTTPResponseDecoder(leftOverBytesStrategy: .dropBytes)))
        try sync.addHandler(connection)
        return connection
    }

    /// HTTP/2 on the connection: NIO's handler and its stream multiplexer.
    private static func speakHTTP2(_ channel: any Channel) throws -> any WireLink {
        let sync = channel.pipeline.syncOperations
        let multiplexer = try sync.configureHTTP2Pipeline(
            mode: .client, connectionConfiguration: .init(), streamConfiguration: .init()
        ) { stream in stream.eventLoop.makeSucceededVoidFuture() }
        let link = WireHTTP2Link(channel: channel, multiplexer: multiplexer)
        try sync.addHandler(WireHTTP2Watcher(link: link))
        return link
    }

    /// The protocols the load's connections spoke.
    private let versions = Mutex<Set<String>>([])

    func negotiated(_ version: String) {
        versions.withLock { _ = $0.insert(version) }
    }

    var protocols: [String] { versions.withLock { $0.sorted() } }
}

/// Fails a connection's readiness with the first error before it is ready (a TLS handshake refused), and
/// passes every error on.
private final class HandshakeWatcher: ChannelInboundHandler {
    typealias InboundIn = Any

    private let ready: EventLoopPromise<NIOLoopBound<any WireLink>>

    init(ready: EventLoopPromise<NIOLoopBound<any WireLink>>) {
        self.ready = ready
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        ready.fail(error)
        context.fireErrorCaught(error)
    }
}
