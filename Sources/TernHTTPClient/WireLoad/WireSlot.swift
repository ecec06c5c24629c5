import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOSSL
import Tern

/// One of a load's connections (one per endpoint the load's requests go to), and the request it has in
/// flight: takes the next request, waits for its intended start in an open loop, writes it, and records its
/// answer. It lives on one event loop and is only ever touched there, so it needs no lock.
final class WireSlot {
    /// The request in flight.
    private struct InFlight {
        /// The request's number (its index in the load's requests is this modulo their count).
        var ticket: Int
        /// When the request was meant to start (latency counts from it) and when it was written.
        var intended: NIODeadline
        var written: NIODeadline
        /// The connection it was written on.
        var connection: (any WireLink)?
        /// Whether the whole answer is collected and handed to the observer to check.
        var checking: Bool
        /// How long the connection took to open (TCP), and its TLS handshake, when the request opened one.
        var connect: TimeAmount?
        var tls: TimeAmount?
        /// When the status line and headers arrived.
        var headAt: NIODeadline?
        var head: HTTPResponseHead?
        var body = ByteBuffer()
    }

    let loop: any EventLoop
    /// The index of `loop` among the load's loops (the observer keeps a record per loop).
    private let shard: Int
    private let run: WireRun
    /// The open connection to each endpoint, when there is one.
    private var connections: [(any WireLink)?]
    private var inFlight: InFlight?
    /// The timer of a request waiting for its intended start, or of the pause after a failed connect.
    private var waiting: Scheduled<Void>?
    private var finished = false

    init(loop: any EventLoop, shard: Int, run: WireRun) {
        self.loop = loop
        self.shard = shard
        self.run = run
        connections = Array(repeating: nil, count: run.endpoints.count)
    }

    /// Takes the next request, or finishes when there is none.
    func next() {
        guard !finished else { return }
        if run.isStopping { return finish() }
        let ticket = run.takeTicket()
        switch run.load.arrivals {
        case .rate(let rate, _, let count):
            guard ticket < count, rate > 0, rate.isFinite else { return finish() }
            let offset = min(Double(ticket) / rate * 1e9, 9e18).rounded()
            let intended = run.start + .nanoseconds(Int64(offset))  // trap-checked: finite, below Int64.max
            if intended > .now() {
                waiting = loop.assumeIsolated().scheduleTask(deadline: intended) { [self] in
                    waiting = nil
                    send(ticket, intended: intended)
                }
            } else {
                send(ticket, intended: intended)
            }
        case .closed:
            let now = NIODeadline.now()
            guard now < run.end else { return finish() }
            send(ticket, intended: now)
        }
    }

    /// Sends request `ticket`, on its endpoint's open connection or a new one.
    private func send(_ ticket: Int, intended: NIODeadline) {
        guard !finished else { return }
        run.started()
        let target = run.targets[ticket % run.targets.count]
        let checking = run.load.checkEvery > 0 && ticket % run.load.checkEvery == 0
        inFlight = InFlight(ticket: ticket, intended: intended, written: .now(), checking: checking)
        if let connection = connections[target.endpoint], connection.isActive {
            write(target, on: connection)
        } else {
            connect(target)
        }
    }

    private func write(_ target: WireTarget, on connection: any WireLink) {
        inFlight?.connection = connection
        inFlight?.written = .now()
        connection.write(target)
    }

    private func connect(_ target: WireTarget) {
        let index = target.endpoint
        let started = NIODeadline.now()
        run.connect(index, on: loop).assumeIsolated().whenComplete { [self] result in
            switch result {
            case .success(let ready):
                let connection = ready.link.value
                connections[index] = connection
                run.negotiated(connection.version)
                if finished {
                    connection.close()
                } else if inFlight != nil {
                    connection.slot = self
                    let now = NIODeadline.now()
                    inFlight?.connect = ready.connectedAt - started
                    if ready.secure { inFlight?.tls = now - ready.connectedAt }
                    write(target, on: connection)
                } else {
                    connection.slot = self
                }
            case .failure(let error):
                guard inFlight != nil else { return }
                fail(cause: Self.cause(of: error))
                // A server that refuses connections is not asked again at once: the load would spin.
                waiting = loop.assumeIsolated().scheduleTask(in: .milliseconds(10)) { [self] in
                    waiting = nil
                    next()
                }
            }
        }
    }

    // MARK: What a connection tells

    func received(_ part: HTTPClientResponsePart, on connection: any WireLink) {
        guard var flight = inFlight, flight.connection === connection else { return }
        switch part {
        case .head(let head):
            inFlight?.head = head
            inFlight?.headAt = .now()
        case .body(var bytes):
            guard flight.checking else { return }
            if flight.body.readableBytes + bytes.readableBytes > run.maximumCheckedBody {
                inFlight?.checking = false
                inFlight?.body = ByteBuffer()
            } else {
                inFlight = nil  // keeps `body` uniquely referenced while it grows
                flight.body.writeBuffer(&bytes)
                inFlight = flight
            }
        case .end:
            answered(flight, on: connection)
        }
    }

    private func answered(_ flight: InFlight, on connection: any WireLink) {
        inFlight = nil
        let end = NIODeadline.now()
        let latency = end - flight.intended
        let request = flight.ticket % run.targets.count
        let status = flight.head.map { Int($0.status.code) } ?? 0
        run.observer.answered(
            request: request, status: status, latency: .nanoseconds(latency.nanoseconds), shard: shard)
        if flight.checking, let head = flight.head {
            var fields = HTTPFields()
            for header in head.headers {
                if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
            }
            var answer = TransportResponse(
                status: HTTPResponse.Status(code: status, reasonPhrase: head.status.reasonPhrase), headers: fields,
                body: Data(flight.body.readableBytesView))
            // From the write (after the connect, when the request opened one) to the last byte.
            let headAt = flight.headAt ?? end
            answer.phases = TransferPhases(
                connect: flight.connect.map { .nanoseconds($0.nanoseconds) },
                tls: flight.tls.map { .nanoseconds($0.nanoseconds) },
                firstByte: .nanoseconds((headAt - flight.written).nanoseconds),
                transfer: .nanoseconds((end - headAt).nanoseconds),
                total: .nanoseconds(
                    (end - flight.written).nanoseconds + (flight.connect?.nanoseconds ?? 0)
                        + (flight.tls?.nanoseconds ?? 0)),
                reusedConnection: flight.connect == nil)
            run.observer.check(request: request, answer: answer, shard: shard)
        }
        // An HTTP/1 answer may end its connection (`Connection: close`, HTTP/1.0); an HTTP/2 stream never does.
        if connection.version == "HTTP/1.1", flight.head?.isKeepAlive == false {
            drop(connection)
        }
        next()
    }

    /// The connection closed, or failed (`cause`): the request on it, if any, fails.
    func closed(_ connection: any WireLink, cause: String) {
        if let index = connections.firstIndex(where: { $0 === connection }) { connections[index] = nil }
        guard let flight = inFlight, flight.connection === connection else { return }
        fail(cause: cause)
        next()
    }

    /// Fails a request that took longer than its timeout, closing its connection (an answer may still come).
    func checkTimeout(now: NIODeadline) {
        guard let flight = inFlight, let connection = flight.connection,
            let timeout = run.targets[flight.ticket % run.targets.count].timeout, now - flight.written > timeout
        else { return }
        fail(cause: "timed out")
        drop(connection)
        next()
    }

    /// Ends the slot now: the request in flight fails with `cause`, the connections close.
    func stop(cause: String) {
        guard !finished else { return }
        if inFlight != nil { fail(cause: cause) }
        finish()
    }

    private func fail(cause: String) {
        guard let flight = inFlight else { return }
        inFlight = nil
        let latency = NIODeadline.now() - flight.intended
        run.observer.failed(
            request: flight.ticket % run.targets.count, cause: cause, latency: .nanoseconds(latency.nanoseconds),
            shard: shard)
    }

    private func drop(_ connection: any WireLink) {
        if let index = connections.firstIndex(where: { $0 === connection }) { connections[index] = nil }
        connection.close()
    }

    private func finish() {
        guard !finished else { return }
        finished = true
        waiting?.cancel()
        waiting = nil
        for connection in connections { connection?.close() }
        connections = connections.map { _ in nil }
        run.slotFinished()
    }

    /// A failed connect in a few words.
    static func cause(of error: any Error) -> String {
        if let error = error as? ChannelError, case .connectTimeout = error { return "timed out" }
        if error is NIOSSLError || error is BoringSSLError { return "TLS failed" }
        if let error = error as? IOError, error.errnoCode == ECONNRESET { return "connection reset" }
        return (error as? TernError)?.kind.summary ?? "connection failed"
    }
}

/// A connection's pipeline end: hands the decoded answer's parts to its slot, and writes requests.
final class WireConnection: ChannelInboundHandler, WireLink {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    let version = "HTTP/1.1"

    private var context: ChannelHandlerContext?
    /// Set once the connection is made (the slot it belongs to).
    var slot: WireSlot?

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    var isActive: Bool { context?.channel.isActive ?? false }

    /// Writes `target`'s bytes; the head goes first, for the decoder to see (the writer drops it).
    func write(_ target: WireTarget) {
        guard let context else { return }
        context.write(wrapOutboundOut(.head(target.head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(target.bytes))), promise: nil)
    }

    func close() {
        context?.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        slot?.received(unwrapInboundIn(data), on: self)
    }

    func channelInactive(context: ChannelHandlerContext) {
        let slot = self.slot
        self.slot = nil
        slot?.closed(self, cause: "connection closed")
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let slot = self.slot
        self.slot = nil
        let cause =
            error is NIOHTTPDecoderError || error is HTTPParserError ? "invalid answer" : WireSlot.cause(of: error)
        slot?.closed(self, cause: cause)
        context.close(promise: nil)
    }
}

/// Writes a request's bytes as they are: the request's head, written only for the response decoder to see,
/// goes no further.
final class WireBytesWriter: ChannelOutboundHandler {
    typealias OutboundIn = HTTPClientRequestPart
    typealias OutboundOut = ByteBuffer

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .body(.byteBuffer(let bytes)):
            context.write(wrapOutboundOut(bytes), promise: promise)
        case .head, .end, .body(.fileRegion):
            promise?.succeed()
        }
    }
}
