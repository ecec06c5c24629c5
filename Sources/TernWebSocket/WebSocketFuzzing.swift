import NIOCore
import NIOEmbedded
import NIOWebSocket
import Tern

/// The entry point for fuzzers (`Fuzz/`, `FuzzWebSocket`): arbitrary bytes as the server's side of
/// a connection, through NIO's frame decoder (as the client's pipeline decodes them) into the
/// client's message assembler. Every error is an expected outcome; a crash, a hang or runaway
/// memory is the bug a fuzzer looks for.
@_spi(Fuzzing) public enum WebSocketFuzzing {
    /// What the client made of the bytes, in order.
    public enum Outcome: Sendable, Hashable {
        /// A whole message: text or binary, and its size in bytes.
        case message(text: Bool, bytes: Int)
        /// A control frame (ping, pong) that the connection answers or ignores.
        case control
        /// The server's close frame: the conversation ends.
        case closed
        /// The bytes are not WebSocket frames, or break a limit: the client closes with this code.
        case failed(code: UInt16)
    }

    /// Feeds `bytes` to the decoder and the assembler with a limit of `limit` bytes per frame and
    /// per message: the first byte picks how many bytes each read hands over (1 to 256, as TCP may
    /// split them anywhere), the rest is what the server sent.
    @discardableResult
    public static func run(_ bytes: some Collection<UInt8>, limit: Int = 1 << 20) -> [Outcome] {
        guard let first = bytes.first else { return [] }
        let step = Int(first) + 1
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: limit)))
        defer { _ = try? channel.finish() }
        var assembler = WebSocketMessageAssembler(limit: limit)
        var outcomes: [Outcome] = []
        var rest = bytes.dropFirst()[...]
        while !rest.isEmpty {
            let chunk = rest.prefix(step)
            rest = rest.dropFirst(step)
            do {
                try channel.writeInbound(ByteBuffer(bytes: chunk))
                while let frame = try channel.readInbound(as: WebSocketFrame.self) {
                    guard let outcome = try take(frame, into: &assembler) else { continue }
                    outcomes.append(outcome)
                    if outcome == .closed { return outcomes }
                }
            } catch let failure as WebSocketMessageAssembler.Failure {
                outcomes.append(.failed(code: code(of: failure)))
                return outcomes
            } catch {
                // The decoder's own refusals: a frame over the limit (1009) or not a frame (1002).
                let tooBig = (error as? NIOWebSocketError) == .invalidFrameLength
                outcomes.append(.failed(code: tooBig ? 1009 : 1002))
                return outcomes
            }
        }
        return outcomes
    }

    private static func take(
        _ frame: WebSocketFrame, into assembler: inout WebSocketMessageAssembler
    ) throws(WebSocketMessageAssembler.Failure) -> Outcome? {
        let opcode: WebSocketMessageAssembler.Opcode
        switch frame.opcode {
        case .text: opcode = .text
        case .binary: opcode = .binary
        case .continuation: opcode = .continuation
        case .connectionClose: return .closed
        case .ping, .pong: return .control
        default: throw .outOfOrder("a reserved opcode")
        }
        switch try assembler.take(opcode, fin: frame.fin, payload: frame.unmaskedData.readableBytesView) {
        case .text(let text): return .message(text: true, bytes: text.utf8.count)
        case .binary(let data): return .message(text: false, bytes: data.count)
        case nil: return nil
        }
    }

    /// The close code the client sends for `failure`.
    static func code(of failure: WebSocketMessageAssembler.Failure) -> UInt16 {
        switch failure {
        case .tooBig: 1009
        case .notUTF8: 1007
        case .outOfOrder: 1002
        }
    }
}
