import Foundation
import HTTPTypes
import Synchronization
import TernTesting
import Testing

@testable import Tern

/// gRPC-Web's framing (grpc/grpc `doc/PROTOCOL-WEB.md`) read by `GRPCWebFrameReader`, and
/// `GRPCWebConnector` over an in-memory transport: what it sends, and how each kind of answer ends.
@Suite("gRPC-Web frames and connector")
struct GRPCWebTests {
    static func frame(_ payload: [UInt8], flags: UInt8 = 0) -> [UInt8] {
        let count = payload.count
        return [
            flags, UInt8(count >> 24), UInt8((count >> 16) & 0xFF), UInt8((count >> 8) & 0xFF), UInt8(count & 0xFF),
        ]
            + payload
    }

    static func trailers(_ text: String) -> [UInt8] { frame(Array(text.utf8), flags: 0x80) }

    static let answer = frame([0x0A, 0x01, 0x41]) + frame([]) + trailers("grpc-status: 0\r\nx-trace: abc\r\n")

    @Test("frames split anywhere come out whole and in order, the trailers last")
    func byteByByte() throws {
        for size in [1, 2, 5, 7, Self.answer.count] {
            var reader = GRPCWebFrameReader(maximumMessageBytes: 100)
            var frames: [GRPCWebFrameReader.Frame] = []
            var offset = 0
            while offset < Self.answer.count {
                let end = min(offset + size, Self.answer.count)
                frames += try reader.append(Array(Self.answer[offset..<end]))
                offset = end
            }
            #expect(
                frames == [
                    .message([0x0A, 0x01, 0x41]), .message([]),
                    .trailers([
                        GRPCMetadataEntry(name: "grpc-status", value: .text("0")),
                        GRPCMetadataEntry(name: "x-trace", value: .text("abc")),
                    ]),
                ], "chunks of \(size)")
            #expect(!reader.hasPartialFrame)
        }
    }

    @Test("grpc-web-text: base64 decoded across chunks, each frame padded on its own")
    func text() throws {
        let encoded =
            Data(Self.frame([1, 2, 3])).base64EncodedString()
            + Data(Self.trailers("grpc-status: 5\r\n"))
            .base64EncodedString()
        var reader = GRPCWebFrameReader(maximumMessageBytes: 100, text: true)
        var frames: [GRPCWebFrameReader.Frame] = []
        for character in encoded.utf8 { frames += try reader.append([character]) }
        #expect(frames.first == .message([1, 2, 3]))
        guard case .trailers(let entries) = frames.last else {
            Issue.record("no trailers: \(frames)")
            return
        }
        #expect(GRPCWebFrameReader.status(of: entries)?.code == .notFound)
    }

    @Test("a message over the limit, a compressed one and bytes after the trailers end the call")
    func refusals() {
        do {
            _ = try GRPCWebFrameReader(maximumMessageBytes: 2).appendCopy(Self.frame([1, 2, 3]))
            Issue.record("a message over the limit was read")
        } catch {
            #expect(error.status.code == .resourceExhausted)
        }
        var compressed = GRPCWebFrameReader(maximumMessageBytes: 10)
        #expect(throws: GRPCWebFrameReader.Failure.self) { try compressed.append(Self.frame([1], flags: 1)) }
        var after = GRPCWebFrameReader(maximumMessageBytes: 10)
        #expect(throws: GRPCWebFrameReader.Failure.self) {
            try after.append(Self.trailers("grpc-status: 0\r\n") + Self.frame([1]))
        }
    }

    @Test("grpc-message is percent-decoded; the HTTP status of a non-gRPC answer maps as gRPC says")
    func statuses() {
        let status = GRPCWebFrameReader.status(of: [
            GRPCMetadataEntry(name: "grpc-status", value: .text("2")),
            GRPCMetadataEntry(name: "grpc-message", value: .text("t%C3%A9st%20status")),
        ])
        #expect(status == GRPCStatus(code: .unknown, message: "tést status"))
        #expect(GRPCWebFrameReader.status(of: []) == nil)
        #expect(GRPCWebFrameReader.status(ofHTTP: 404) == .unimplemented)
        #expect(GRPCWebFrameReader.status(ofHTTP: 503) == .unavailable)
        #expect(GRPCWebFrameReader.status(ofHTTP: 401) == .unauthenticated)
    }

    static func run(
        _ transport: InMemoryTransport, messages: [[UInt8]] = [[0x08, 0x01]], timeout: Duration? = nil,
        metadata: [GRPCMetadataEntry] = []
    ) async -> (GRPCStatus, [GRPCCallEvent]) {
        let call = GRPCCall(
            url: URL(string: "grpc-web://127.0.0.1:8080")!, method: "pkg.Service/Method", metadata: metadata,
            timeout: timeout)
        let (stream, sink) = AsyncStream.makeStream(of: [UInt8].self)
        for message in messages { sink.yield(message) }
        sink.finish()
        let events = Mutex<[GRPCCallEvent]>([])
        let status = await GRPCWebConnector(transport: transport).run(call, messages: stream) { event in
            events.withLock { $0.append(event) }
        }
        return (status, events.withLock { $0 })
    }

    @Test("the call is a POST of the framed message with gRPC-Web's headers, metadata and deadline")
    func request() async throws {
        let transport = InMemoryTransport { _, _ in
            TransportResponse(
                status: .ok, headers: [.contentType: "application/grpc-web+proto", HTTPField.Name("x-echo")!: "1"],
                body: Data(Self.answer))
        }
        let (status, events) = await Self.run(
            transport, timeout: .milliseconds(1500),
            metadata: [
                GRPCMetadataEntry(name: "authorization", value: .text("Bearer t")),
                GRPCMetadataEntry(name: "trace-bin", value: .binary([0xFF, 0x00])),
            ])
        #expect(status == GRPCStatus(code: .ok, trailers: [GRPCMetadataEntry(name: "x-trace", value: .text("abc"))]))
        #expect(
            events == [
                .metadata([GRPCMetadataEntry(name: "x-echo", value: .text("1"))]), .message([0x0A, 0x01, 0x41]),
                .message([]),
            ])
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .post)
        #expect(sent.url.absoluteString == "http://127.0.0.1:8080/pkg.Service/Method")
        #expect(sent.headers[.contentType] == "application/grpc-web+proto")
        #expect(sent.headers[HTTPField.Name("x-grpc-web")!] == "1")
        #expect(sent.headers[HTTPField.Name("grpc-timeout")!] == "1500m")
        #expect(sent.headers[.authorization] == "Bearer t")
        #expect(sent.headers[HTTPField.Name("trace-bin")!] == "/wA=")
        guard case .data(let body) = sent.body else {
            Issue.record("the body is not data")
            return
        }
        #expect(Array(body) == Self.frame([0x08, 0x01]))
    }

    @Test("a trailers-only answer, an HTTP error, a page that is not gRPC-Web, a cut answer, a dead server")
    func endings() async {
        let trailersOnly = InMemoryTransport { _, _ in
            TransportResponse(
                status: .ok,
                headers: [
                    .contentType: "application/grpc-web+proto", HTTPField.Name("grpc-status")!: "12",
                    HTTPField.Name("grpc-message")!: "no such method",
                ])
        }
        #expect(await Self.run(trailersOnly).0 == GRPCStatus(code: .unimplemented, message: "no such method"))
        #expect(await Self.run(.status(503)).0.code == .unavailable)
        let page = await Self.run(.status(200, body: "<html>", headers: [.contentType: "text/html"])).0
        #expect(page.code == .unknown)
        #expect(page.message.contains("not gRPC-Web"), "\(page.message)")
        let cut = InMemoryTransport { _, _ in
            TransportResponse(
                status: .ok, headers: [.contentType: "application/grpc-web+proto"],
                body: Data(Self.frame([1, 2, 3]).dropLast()))
        }
        #expect(await Self.run(cut).0 == GRPCStatus(code: .internal, message: "the answer ends inside a frame"))
        let dead = InMemoryTransport.sequence([.failure(TernError(.connection, "connection refused"))])
        #expect(await Self.run(dead).0 == GRPCStatus(code: .unavailable, message: "connection refused"))
        let slow = InMemoryTransport.sequence([.failure(TernError(.timeout, "timed out"))])
        #expect(await Self.run(slow).0.code == .deadlineExceeded)
    }

    @Test("two request messages are refused before anything is sent: gRPC-Web has no client streams")
    func clientStream() async {
        let transport = InMemoryTransport.status(200)
        let (status, _) = await Self.run(transport, messages: [[1], [2]])
        #expect(status.code == .unimplemented)
        #expect(status.message.contains("one request message"), "\(status.message)")
        #expect(transport.requestCount == 0)
    }
}

extension GRPCWebFrameReader {
    /// `append` on a copy, for a test that only wants the failure.
    fileprivate func appendCopy(_ bytes: [UInt8]) throws(Failure) -> [Frame] {
        var copy = self
        return try copy.append(bytes)
    }
}
