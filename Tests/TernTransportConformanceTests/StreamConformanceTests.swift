import Foundation
import TernTesting
import Testing

@testable import Tern

@Suite("Streamed responses on both transports")
struct StreamConformanceTests {
    @Test(
        "Server-Sent Events arrive as items, in order, and the whole stream is the body",
        arguments: TransportKind.allCases)
    func serverSentEvents(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                let handler = Handler(transport: transport, storage: MemoryStorage())
                var request = Request(url: server.baseURL.appendingPathComponent("sse"))
                request.appendQuery(["count": 300, "event": "tick"])
                let stream = handler.stream(request)
                var events: [ServerSentEvent] = []
                for try await item in stream.items {
                    if case .event(let event) = item { events.append(event) }
                }
                let response = try await stream.response
                #expect(events.count == 300)
                #expect(events.map(\.id) == (1...300).map { "\($0)" })
                #expect(events.allSatisfy { $0.event == "tick" })
                #expect(events.last?.data == #"{"n":300,"of":300,"text":"event 300"}"#)
                #expect(response.stoppedEarly == false)
                #expect(try StreamDecoder.items(of: response.body, format: .serverSentEvents).count == 300)
            }
        }
    }

    @Test(
        "a stream outlives the request's deadline, quiet spells longer than the deadline included",
        arguments: TransportKind.allCases)
    func streamOutlivesDeadline(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                let handler = Handler(transport: transport, storage: nil, retryPolicy: .never)
                var request = Request(url: server.baseURL.appendingPathComponent("ndjson"))
                // The deadline (12 s) only has to let the head through, on a loaded machine too; the
                // stream then stays quiet for 14 s, past the deadline and past URLSession's own
                // whole-second timer, before its second event.
                request.appendQuery(["count": 2, "interval": 14000])
                request.timeout = .seconds(12)
                var lines: [String] = []
                for try await item in handler.stream(request).items { lines.append(item.data) }
                #expect(lines.count == 2)
                #expect(lines.first == #"{"n":1,"of":2,"text":"event 1"}"#)
            }
        }
    }

    @Test("stop() ends a live stream and keeps what arrived; cache mode replays it", arguments: TransportKind.allCases)
    func stopKeepsWhatArrived(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                let handler = Handler(transport: transport, storage: MemoryStorage())
                var request = Request(url: server.baseURL.appendingPathComponent("sse"))
                request.appendQuery(["count": 3, "interval": 20, "hold": 1])
                let stream = handler.stream(request)
                var seen: [StreamedItem] = []
                for try await item in stream.items {
                    seen.append(item)
                    if seen.count == 3 { stream.stop() }
                }
                let response = try await stream.response
                #expect(seen.count == 3)
                #expect(response.stoppedEarly)
                #expect(response.statusCode == 200)
                let replay = handler.stream(request, mode: .cache)
                var replayed: [StreamedItem] = []
                for try await item in replay.items { replayed.append(item) }
                #expect(replayed == seen)
                #expect(try await replay.response.source == .cache)
            }
        }
    }

    @Test("stop() on a send whose body is not a stream cancels it", arguments: TransportKind.allCases)
    func stopCancelsAPlainBody(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                let handler = Handler(transport: transport, storage: MemoryStorage(), retryPolicy: .never)
                let signal = StreamStop()
                let stream = handler.stream(
                    Request(url: server.baseURL.appendingPathComponent("delay/5000")), stop: signal)
                try await Task.sleep(for: .milliseconds(100))
                signal.stop()
                let error = await #expect(throws: TernError.self) { try await stream.response }
                #expect(error?.kind == .cancelled)
                await #expect(throws: (any Error).self) { for try await _ in stream.items {} }
            }
        }
    }
}
