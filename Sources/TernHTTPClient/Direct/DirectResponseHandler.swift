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

/// Collects the answer to the one exchange in flight on a connection or stream, keeping the body limit and
/// touching the watchdog as bytes arrive; it fails the exchange when the connection breaks or the parser
/// refuses. The handler that reads the answer's parts (`DirectHTTP1Handler` from an HTTP/1.1 connection's
/// bytes, `DirectResponseHandler` from an HTTP/2 stream's codec) hands them here, on the event loop.
///
/// Given a consumer (`DirectExchange.onStream`), it hands it the head and every chunk; a stream content
/// type (`StreamFormat`) lifts the total deadline, reads only as fast as the consumer takes items (the
/// connection stops reading until `waitForStreamRoom` returns), and ends early when `streamStop` fires.
final class DirectAnswerCollector {
    private var exchange: DirectExchange?
    private var promise: EventLoopPromise<DirectAnswer>?
    private var head: HTTPResponseHead?
    private var fields = HTTPFields()
    private var headAt = NIODeadline.now()
    private var body = Data()
    private var meter: TransferMeter?
    /// Set while a stream's body is read at the consumer's pace (the channel's automatic reads off).
    private var paced = false
    private var streaming = false
    private var stopWaiter: Task<Void, Never>?
    private var roomWaiter: Task<Void, Never>?
    /// The error that ended the connection while no exchange was in flight.
    private var closedBy: (any Error)?
    /// The context of the handler that feeds this collector (for a paced stream's reads).
    var context: ChannelHandlerContext?

    /// Whether an exchange is waiting for its answer.
    var isWaiting: Bool { promise != nil }

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

    /// A part of the answer; `keepAlive` of its end: whether the connection may carry the next request.
    func receive(_ part: HTTPClientResponsePart, keepAlive: Bool? = nil, context: ChannelHandlerContext) {
        guard let exchange, let promise else {
            // Bytes nobody asked for on an idle connection: it cannot be trusted with the next request.
            context.close(promise: nil)
            return
        }
        switch part {
        case .head(let head):
            // An informational answer (103 Early Hints, 100 Continue) that HTTP/2 hands on: the final one follows.
            // (101 Switching Protocols is final: the answer to a request that asked to upgrade.)
            if (100..<200).contains(head.status.code) && head.status.code != 101 { return }
            exchange.watchdog.touch()
            headAt = .now()
            let announced = head.headers.first(name: "content-length").flatMap { Int64($0) }
            let announcedBody = TransferLimits.announcedBody(
                announced, method: exchange.method, status: Int(head.status.code))
            do {
                try exchange.limits.checkBody(announcedBody, download: false, label: exchange.label)
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
            // Through the bytes' address: appending the view, a generic sequence, asks the runtime whether it is
            // contiguous, a scan of every protocol conformance at the process's first answer.
            buffer.withUnsafeReadableBytes { bytes in
                if let base = bytes.baseAddress {
                    body.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
                }
            }
            meter?.add(buffer.readableBytes)
        case .end:
            meter?.finish()
            guard let head else { return }
            if paced { context.channel.setOption(.autoRead, value: true).whenComplete { _ in } }
            let answer = DirectAnswer(
                head: head, fields: fields, body: body, headAt: headAt, keepAlive: keepAlive ?? head.isKeepAlive,
                stoppedEarly: false)
            reset()
            promise.succeed(answer)
        }
    }

    func readComplete(context: ChannelHandlerContext) {
        // A paced stream reads on once the consumer has room (Tern, not the server, is the one waiting).
        guard paced, let exchange, let waitForRoom = exchange.waitForStreamRoom else { return }
        exchange.watchdog.holdReadTimeout(true)
        let collector = NIOLoopBound(self, eventLoop: context.eventLoop)
        let loop = context.eventLoop
        roomWaiter = Task {
            await waitForRoom()
            guard !Task.isCancelled else { return }
            loop.execute {
                exchange.watchdog.holdReadTimeout(false)
                collector.value.readOn()
            }
        }
    }

    func caught(_ error: any Error, context: ChannelHandlerContext) {
        // A server that ends TLS without close_notify: what the close itself says (the parser's end of the
        // body, or a connection closed early) is the answer, as AsyncHTTPClient has it.
        if let tls = error as? NIOSSLError, tls == .uncleanShutdown { return }
        fail(error, context: context)
    }

    /// The connection (or stream) closed: an exchange still waiting fails.
    func closed(context: ChannelHandlerContext) {
        if promise != nil {
            fail(HTTPClientError.remoteConnectionClosed, context: context)
        }
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
            let collector = NIOLoopBound(self, eventLoop: context.eventLoop)
            let loop = context.eventLoop
            stopWaiter = Task {
                await stop.wait()
                guard !Task.isCancelled else { return }
                loop.execute { collector.value.stopEarly() }
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

    func fail(_ error: any Error, context: ChannelHandlerContext) {
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

/// Reads an HTTP/1.1 connection's answers from its bytes (`DirectHTTP1Parser`) into a `DirectAnswerCollector`;
/// requests are written below it as bytes (`DirectPath.encode`). On a plain connection it is also the
/// set-up's clock: one handler type on the pipeline, as each type a process first adds costs two scans of
/// every protocol conformance in the binary (NIO asks whether it is inbound and whether it is outbound).
final class DirectHTTP1Handler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    let collector = DirectAnswerCollector()
    private var parser = DirectHTTP1Parser()
    /// Told when the connection became active (TCP connected), on a plain connection.
    private var onActive: ((NIODeadline) -> Void)?

    init(onActive: ((NIODeadline) -> Void)? = nil) {
        self.onActive = onActive
    }

    /// Starts an exchange; `head`: the request is a HEAD, whose answer has no body.
    func begin(_ exchange: DirectExchange, head: Bool, promise: EventLoopPromise<DirectAnswer>) {
        parser.expect(head: head)
        collector.begin(exchange, promise: promise)
    }

    func handlerAdded(context: ChannelHandlerContext) { collector.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { collector.context = nil }

    func channelActive(context: ChannelHandlerContext) {
        onActive?(.now())
        onActive = nil
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        guard collector.isWaiting, parser.isReading else {
            // Bytes nobody asked for on an idle connection: it cannot be trusted with the next request.
            context.close(promise: nil)
            return
        }
        // The parts are handed on once the parser is done with the bytes: an answer's end may close the
        // connection at once, and the close comes back here (`channelInactive`) while the parser would be busy.
        var parts: [DirectHTTP1Parser.Part] = []
        do {
            try parser.read(&buffer) { parts.append($0) }
            deliver(parts, context: context)
        } catch {
            // An answer that ended before the refused bytes is delivered, but its connection is not kept.
            deliver(parts.map { if case .end = $0 { .end(keepAlive: false) } else { $0 } }, context: context)
            collector.fail(error, context: context)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) { collector.readComplete(context: context) }

    func errorCaught(context: ChannelHandlerContext, error: any Error) { collector.caught(error, context: context) }

    func channelInactive(context: ChannelHandlerContext) {
        var parts: [DirectHTTP1Parser.Part] = []
        do {
            try parser.closed { parts.append($0) }
            deliver(parts, context: context)
        } catch {
            deliver(parts, context: context)
            collector.fail(error, context: context)
        }
        collector.closed(context: context)
        context.fireChannelInactive()
    }

    private func deliver(_ parts: [DirectHTTP1Parser.Part], context: ChannelHandlerContext) {
        for part in parts {
            switch part {
            case .head(let head): collector.receive(.head(head), context: context)
            case .body(let buffer): collector.receive(.body(buffer), context: context)
            case .end(let keepAlive): collector.receive(.end(nil), keepAlive: keepAlive, context: context)
            }
        }
    }
}

/// Hands an HTTP/2 stream's answer, as NIO's codec reads it, to a `DirectAnswerCollector`.
final class DirectResponseHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    let collector = DirectAnswerCollector()

    func handlerAdded(context: ChannelHandlerContext) { collector.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { collector.context = nil }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        collector.receive(unwrapInboundIn(data), context: context)
    }

    func channelReadComplete(context: ChannelHandlerContext) { collector.readComplete(context: context) }

    func errorCaught(context: ChannelHandlerContext, error: any Error) { collector.caught(error, context: context) }

    func channelInactive(context: ChannelHandlerContext) {
        collector.closed(context: context)
        context.fireChannelInactive()
    }
}
