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
    /// Told when a plain connection became active (TCP connected): on such a connection this handler is also
    /// its set-up's clock, as a handler type of its own would cost the process's first connection two scans
    /// of every protocol conformance in the binary (NIO asks each new handler type whether it is inbound and
    /// whether it is outbound; docs/benchmarks.md, part 8).
    private var onActive: ((NIODeadline) -> Void)?

    init(onActive: ((NIODeadline) -> Void)? = nil) {
        self.onActive = onActive
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func channelActive(context: ChannelHandlerContext) {
        onActive?(.now())
        onActive = nil
        context.fireChannelActive()
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
