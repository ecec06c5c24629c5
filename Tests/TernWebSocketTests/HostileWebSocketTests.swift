import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern
@_spi(Fuzzing) @testable import TernWebSocket

/// The library's client against raw servers that misbehave on purpose (`HostileServer`): one that
/// never answers Tern's close nor drops TCP, one that floods a message with 1-byte continuation
/// frames; and the frame assembly (the fuzzing entry point) on hostile byte strings.
@Suite("WebSocket client against hostile servers", .serialized, .timeLimit(.minutes(2)))
struct HostileWebSocketTests {
    func handler() -> Handler {
        Handler(
            transport: InMemoryTransport { _, _ in TransportResponse(status: .notFound) }, storage: MemoryStorage(),
            webSockets: WebSocketClientConnector.shared)
    }

    /// Polls `condition` every 20 ms for at most `timeout` (only so that a failure cannot hang the suite).
    func eventually(_ timeout: Duration = .seconds(30), _ condition: () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    @Test("a close the server never answers, nor drops TCP, ends after the close timeout with the connection dropped")
    func unansweredClose() async throws {
        let server = try HostileServer(.webSocket(messages: ["hi"], closeCode: nil))
        defer { server.stop() }
        var options = WebSocketOptions()
        options.closeTimeout = .seconds(1)
        let socket = try await handler().connect(Request(url: server.url("/deaf")), options: options)
        var events = socket.makeAsyncIterator()
        let first = try await events.next()
        #expect(first.map { if case .message(.text("hi"), _) = $0 { true } else { false } } == true)
        let close = await socket.close()
        #expect(close?.code == .abnormal)
        #expect(close?.initiator == .sent)
        let reason = close?.reason ?? ""
        #expect(reason.contains("did not answer Tern's close (1000 normal closure) within 1 s"), "\(reason)")
        #expect(socket.isClosed)
        // The server sees the connection go: only its accept loop is left.
        #expect(try await eventually { server.activeCount == 1 }, "the TCP connection is still open")
    }

    @Test("a conversation iterated by another task ends too when the server never answers the close")
    func unansweredCloseWhileIterating() async throws {
        let server = try HostileServer(.webSocket(messages: [], closeCode: nil))
        defer { server.stop() }
        var options = WebSocketOptions()
        options.closeTimeout = .milliseconds(500)
        let socket = try await handler().connect(Request(url: server.url("/deaf")), options: options)
        let reader = Task { () -> WebSocketClose? in
            for try await event in socket { if case .closed(let close) = event { return close } }
            return nil
        }
        try await Task.sleep(for: .milliseconds(100))
        let close = await socket.close()
        #expect(close?.code == .abnormal)
        #expect(try await reader.value?.code == .abnormal)
    }

    @Test("a message flooded with 1-byte continuation frames ends as too big long before its bytes reach the limit")
    func continuationFlood() async throws {
        let server = try HostileServer(.webSocketContinuationFlood)
        defer { server.stop() }
        let socket = try await handler().connect(Request(url: server.url("/flood")))
        var close: WebSocketClose?
        var messages = 0
        for try await event in socket {
            switch event {
            case .message: messages += 1
            case .closed(let ended): close = ended
            }
        }
        #expect(messages == 0)
        #expect(close?.code == .messageTooBig)
        #expect(
            close?.reason?.contains("bigger than the limit of 16777216 bytes") == true, "\(String(describing: close))")
        #expect(try await eventually { server.activeCount == 1 }, "the TCP connection is still open")
        // 16 MiB of 1-byte frames would be 48 MiB on the wire: the client stopped after about 258,000 frames
        // (775 KB), and what the sockets' buffers took besides.
        #expect(server.floodedBytes < 24 << 20, "the client read \(server.floodedBytes) bytes of frames")
    }

    /// Server frames: FIN and opcode, a 7-bit length, the payload.
    static func frame(_ head: UInt8, _ payload: [UInt8]) -> [UInt8] { [head, UInt8(payload.count)] + payload }

    @Test("the assembler counts each frame's overhead, so empty and 1-byte continuations reach the limit")
    func assemblerCountsFrames() throws {
        var assembler = WebSocketMessageAssembler(limit: 1000)
        #expect(try assembler.take(.text, fin: false, payload: [0x61]) == nil)
        var frames = 1
        do throws(WebSocketMessageAssembler.Failure) {
            while frames < 1000 {
                _ = try assembler.take(.continuation, fin: false, payload: [UInt8]())
                frames += 1
            }
            Issue.record("a thousand empty frames were taken under a limit of 1000 bytes")
        } catch {
            #expect(error == .tooBig)
        }
        #expect(frames <= 1000 / WebSocketMessageAssembler.frameOverhead + 1)
        // A message of exactly the limit in one frame is taken; one byte more is not.
        var exact = WebSocketMessageAssembler(limit: 4)
        #expect(try exact.take(.binary, fin: true, payload: [1, 2, 3, 4]) == .binary(Data([1, 2, 3, 4])))
        #expect(throws: WebSocketMessageAssembler.Failure.tooBig) {
            try exact.take(.binary, fin: true, payload: [1, 2, 3, 4, 5])
        }
    }

    @Test("the fuzzing entry point: messages, fragments, control frames, and hostile streams end with a code")
    func fuzzingEntryPoint() {
        let hello = Self.frame(0x81, Array("hello".utf8))
        #expect(WebSocketFuzzing.run([0xFF] + hello) == [.message(text: true, bytes: 5)])
        // Split one byte at a time, in two fragments with a ping between, then a close.
        let fragments = Self.frame(0x01, Array("hel".utf8)) + Self.frame(0x89, []) + Self.frame(0x80, Array("lo".utf8))
        #expect(
            WebSocketFuzzing.run([0x00] + fragments + [0x88, 0x02, 0x03, 0xE8])
                == [.control, .message(text: true, bytes: 5), .closed])
        // 1-byte continuations past the limit.
        var flood = [0xFF] + Self.frame(0x01, [0x61])
        for _ in 0..<200 { flood += Self.frame(0x00, [0x61]) }
        #expect(WebSocketFuzzing.run(flood, limit: 4096).last == .failed(code: 1009))
        // A frame announcing 2^63 bytes, a continuation with nothing begun, text that is not UTF-8.
        #expect(
            WebSocketFuzzing.run([0x10, 0x82, 0x7F, 0x7F] + Array(repeating: 0xFF, count: 7)) == [.failed(code: 1009)])
        #expect(WebSocketFuzzing.run([0x10] + Self.frame(0x80, [0x61])) == [.failed(code: 1002)])
        #expect(WebSocketFuzzing.run([0x10] + Self.frame(0x81, [0xC3, 0x28])) == [.failed(code: 1007)])
        #expect(WebSocketFuzzing.run([]) == [])
    }
}
