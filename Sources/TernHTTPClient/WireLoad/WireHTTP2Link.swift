import NIOCore
import NIOHTTP1
import NIOHTTP2

/// What a slot sends its requests on: an HTTP/1.1 connection (`WireConnection`), or an HTTP/2 one whose
/// requests are streams (`WireHTTP2Link`). Lives on one event loop, as its slot does.
protocol WireLink: AnyObject {
    /// The slot told of what the link receives; `nil` once the link is done with.
    var slot: WireSlot? { get set }
    /// `HTTP/1.1` or `HTTP/2`.
    var version: String { get }
    var isActive: Bool { get }
    /// Sends `target`; its answer's parts reach `slot` with this link.
    func write(_ target: WireTarget)
    func close()
}

/// An HTTP/2 connection (an `https` server that chose `h2`): each request is a stream of its own, its
/// answer turned into HTTP/1 parts by NIO's codec, so the slot reads both versions alike.
final class WireHTTP2Link: WireLink {
    var slot: WireSlot?
    let version = "HTTP/2"
    private let channel: any Channel
    private let multiplexer: NIOHTTP2Handler.StreamMultiplexer

    init(channel: any Channel, multiplexer: NIOHTTP2Handler.StreamMultiplexer) {
        self.channel = channel
        self.multiplexer = multiplexer
    }

    var isActive: Bool { channel.isActive }

    func write(_ target: WireTarget) {
        let link = NIOLoopBound(self, eventLoop: channel.eventLoop)
        multiplexer.createStreamChannel { stream in
            stream.eventLoop.makeCompletedFuture {
                let sync = stream.pipeline.syncOperations
                try sync.addHandler(HTTP2FramePayloadToHTTP1ClientCodec(httpProtocol: .https))
                try sync.addHandler(WireStreamHandler(link: link.value))
            }
        }.assumeIsolated().whenComplete { result in
            switch result {
            case .success(let stream):
                stream.write(HTTPClientRequestPart.head(target.fullHead), promise: nil)
                if target.body.readableBytes > 0 {
                    stream.write(HTTPClientRequestPart.body(.byteBuffer(target.body)), promise: nil)
                }
                stream.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
            case .failure:
                self.failed("stream refused")
            }
        }
    }

    func close() {
        channel.close(promise: nil)
    }

    /// The connection or a stream failed: the request on it fails with `cause`, the connection closes.
    func failed(_ cause: String) {
        let slot = self.slot
        self.slot = nil
        slot?.closed(self, cause: cause)
        close()
    }
}

/// A request's stream: hands its answer's parts to the link's slot.
final class WireStreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let link: WireHTTP2Link

    init(link: WireHTTP2Link) {
        self.link = link
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        link.slot?.received(unwrapInboundIn(data), on: link)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        link.failed(WireSlot.cause(of: error))
        context.close(promise: nil)
    }
}

/// Watches an HTTP/2 connection's end (the server's GOAWAY, a reset): the request on it fails.
final class WireHTTP2Watcher: ChannelInboundHandler {
    typealias InboundIn = Any

    private let link: WireHTTP2Link

    init(link: WireHTTP2Link) {
        self.link = link
    }

    func channelInactive(context: ChannelHandlerContext) {
        link.failed("connection closed")
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        link.failed(WireSlot.cause(of: error))
    }
}
