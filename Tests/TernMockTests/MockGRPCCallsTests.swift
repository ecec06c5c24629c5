import TernMock
import Testing

@Suite("The mock's gRPC answers")
struct MockGRPCCallsTests {
    static let unary = "grpc.testing.TestService/UnaryCall"
    static let stream = "grpc.testing.TestService/StreamingOutputCall"

    /// A fingerprint that is the messages themselves, in hex.
    static func hex(_ messages: [[UInt8]]) -> String {
        messages.map { $0.map { String($0, radix: 16) }.joined(separator: ".") }.joined(separator: "|")
    }

    static func reply(_ byte: UInt8, code: Int = MockGRPCReply.ok) -> MockGRPCReply {
        MockGRPCReply(
            headers: [.init(name: "x-answer", value: .text("\(byte)"))], messages: [[byte]], code: code,
            trailers: [.init(name: "x-trailer-bin", value: .binary([byte]))])
    }

    static let calls = MockGRPCCalls(
        recordings: [
            .init(method: unary, request: hex([[1]]), requestBytes: 6, reply: reply(10)),
            .init(method: unary, request: hex([[2]]), requestBytes: 6, reply: reply(20, code: MockGRPCReply.notFound)),
            // Older: the first recording of a request answers.
            .init(method: unary, request: hex([[1]]), requestBytes: 6, reply: reply(99)),
            .init(method: stream, request: hex([[3]]), reply: reply(30)),
            .init(method: stream, request: nil, reply: reply(31)),
        ],
        samples: [stream: reply(40), "grpc.testing.TestService/EmptyCall": MockGRPCReply()], fingerprint: hex)

    @Test("a recorded request gets its recorded answer: metadata, messages, status and trailers, newest first")
    func recorded() {
        #expect(Self.calls.decide(method: Self.unary, requests: [[1]]) == .recorded(Self.reply(10)))
        #expect(
            Self.calls.decide(method: Self.unary, requests: [[2]])
                == .recorded(Self.reply(20, code: MockGRPCReply.notFound)))
        #expect(Self.calls.decide(method: Self.stream, requests: [[3]]) == .recorded(Self.reply(30)))
    }

    @Test("a request no recording has gets the method's sample")
    func sample() {
        #expect(Self.calls.decide(method: Self.stream, requests: [[9]]) == .sample(Self.reply(40)))
        #expect(Self.calls.decide(method: Self.stream, requests: []) == .sample(Self.reply(40)))
        let empty = Self.calls.decide(method: "grpc.testing.TestService/EmptyCall", requests: [[]])
        #expect(empty == .sample(MockGRPCReply()))
        #expect(empty.reply.code == MockGRPCReply.ok)
    }

    @Test("a request no recording has, without a sample: NOT_FOUND saying what is recorded")
    func unmatched() throws {
        let decision = Self.calls.decide(method: Self.unary, requests: [[7, 7]])
        guard case .unmatched(let reply) = decision else {
            Issue.record("\(decision)")
            return
        }
        #expect(reply.code == MockGRPCReply.notFound)
        #expect(reply.messages.isEmpty && reply.headers.isEmpty)
        #expect(reply.message.contains("3 calls of \(Self.unary) recorded"), "\(reply.message)")
        #expect(reply.message.contains("recorded requests of 6, 6, 6 bytes; this one is 7 bytes"), "\(reply.message)")
    }

    @Test("a method with neither a recording nor a sample is UNIMPLEMENTED; the methods served are listed")
    func unknown() {
        let decision = Self.calls.decide(method: "grpc.testing.TestService/Nope", requests: [])
        #expect(decision.reply.code == MockGRPCReply.unimplemented)
        #expect(
            Self.calls.methods == [
                "grpc.testing.TestService/EmptyCall", Self.stream, Self.unary,
            ])
        #expect(Self.calls.recordedCount(of: Self.unary) == 3)
    }
}
