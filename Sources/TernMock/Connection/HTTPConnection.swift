import NIOCore
import NIOHTTP1

/// Serves the requests of one accepted connection, one after another (keep-alive).
struct HTTPConnection: Sendable {
    let channel: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>
    let router: MockRouter

    /// Serves until the client leaves, a response closes the connection, or the task is cancelled.
    ///
    /// Serving races the channel's close: when the client disconnects (say, during `/delay`),
    /// the serving task is cancelled at once instead of finishing a response nobody reads.
    func run() async {
        let underlying = channel.channel
        do {
            try await channel.executeThenClose { inbound, outbound in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        defer { underlying.close(promise: nil) }
                        try await serve(inbound: inbound, outbound: outbound)
                    }
                    group.addTask {
                        try await underlying.closeFuture.get()
                    }
                    _ = try await group.next()
                    group.cancelAll()
                }
            }
        } catch {
            // The client went away or broke the protocol; the channel is closed either way.
        }
    }

    private func serve(
        inbound: NIOAsyncChannelInboundStream<HTTPServerRequestPart>,
        outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>
    ) async throws {
        var reader = RequestReader(inbound)
        while let head = try await reader.nextHead() {
            let writer = ResponseWriter(outbound: outbound, channel: channel.channel, request: head)
            if head.headers[canonicalForm: "expect"].contains(where: { $0.lowercased() == "100-continue" }) {
                try await writer.sendContinue()
            }
            let outcome = try await router.respond(to: MockRequest(head: head), body: &reader, writer: writer)
            guard outcome == .keepAlive else { return }
            try await reader.drainBody()
        }
    }
}
