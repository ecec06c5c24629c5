import NIOCore
import NIOPosix

/// A plain TCP connection for checks an HTTP client hides: pipelining, keep-alive, early close.
struct RawConnection {
    /// Sends `text` and reads everything until the server closes the connection.
    static func exchange(port: Int, sending text: String) async throws -> String {
        let channel = try await connect(port: port)
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: text))
            var received = ""
            for try await buffer in inbound {
                received += String(buffer: buffer)
            }
            return received
        }
    }

    /// Sends `text`, then closes the connection without reading the answer.
    static func sendAndHangUp(port: Int, sending text: String) async throws {
        let channel = try await connect(port: port)
        try await channel.executeThenClose { _, outbound in
            try await outbound.write(ByteBuffer(string: text))
        }
    }

    private static func connect(port: Int) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
    }
}
