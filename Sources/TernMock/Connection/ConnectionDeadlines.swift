import NIOCore
import NIOHTTP1

/// Closes a connection whose client is too slow: no complete request head within the header
/// timeout of connecting, no body bytes for the idle timeout, or no next request head for the
/// idle timeout after a response. Nothing runs while the server itself is answering. While it
/// waits for a head the connection is listed in `IdleConnections`, so the cap can evict it.
final class ConnectionDeadlines: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let headerTimeout: TimeAmount
    private let idleTimeout: TimeAmount
    private let idle: IdleConnections
    private var timer: Scheduled<Void>?
    private var requestEnded = true

    init(limits: MockServer.Limits, idle: IdleConnections) {
        self.idle = idle
        headerTimeout = .nanoseconds(Self.nanoseconds(limits.headerTimeout))
        idleTimeout = .nanoseconds(Self.nanoseconds(limits.idleTimeout))
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive {
            arm(headerTimeout, context: context)
            idle.markWaiting(context.channel)
        }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(headerTimeout, context: context)
        idle.markWaiting(context.channel)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        idle.markBusy(context.channel)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
        idle.markBusy(context.channel)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            requestEnded = false
            idle.markBusy(context.channel)
            arm(idleTimeout, context: context)
        case .body:
            arm(idleTimeout, context: context)
        case .end:
            requestEnded = true
            disarm()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), requestEnded {
            arm(idleTimeout, context: context)
            idle.markWaiting(context.channel)
        }
        context.write(data, promise: promise)
    }

    private func arm(_ delay: TimeAmount, context: ChannelHandlerContext) {
        timer?.cancel()
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: delay) { channel.close(promise: nil) }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }

    /// Whole nanoseconds of `duration`, saturating (a huge limit never traps).
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let parts = duration.components
        guard parts.seconds >= 0 else { return 0 }
        let (whole, overflow) = parts.seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .max }
        let (total, overflowAgain) = whole.addingReportingOverflow(parts.attoseconds / 1_000_000_000)
        return overflowAgain ? .max : total
    }
}
