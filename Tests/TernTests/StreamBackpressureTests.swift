import Foundation
import TernTesting
import Testing

@testable import Tern

/// A server that sends tiny events faster than the caller takes them: the items waiting stay
/// bounded (the transport stops reading), nothing is lost, and a caller that does not iterate
/// still gets the whole stream.
@Suite("Handler.stream: back-pressure", .timeLimit(.minutes(2)))
struct StreamBackpressureTests {
    func flood(_ count: Int, on server: MockServer) -> Request {
        var request = get("sse", on: server)
        request.appendQuery(["count": .int(count)])
        request.streamReconnection = StreamReconnection(enabled: false)
        return request
    }

    @Test("a slow reader of 50,000 fast events never has more than a bounded number waiting, and gets them all")
    func slowReaderIsBounded() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server, storage: nil)
            let stream = handler.stream(flood(50_000, on: server))
            var seen = 0
            var mostWaiting = 0
            for try await item in stream.items {
                guard case .event = item else { continue }
                seen += 1
                mostWaiting = max(mostWaiting, stream.queue.pendingCount)
                // Slow for the first 2,000 events: the server's events pile up unless reading stops.
                if seen <= 2000, seen % 50 == 0 { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(seen == 50_000)
            // The limit plus what one read of the body can hold (a chunk of up to 64 KiB of tiny events).
            #expect(mostWaiting <= StreamItemQueue.capacity + 2000, "\(mostWaiting) items were waiting at once")
            #expect(try await stream.response.statusCode == 200)
        }
    }

    @Test("a caller slow to start its loop (a busy machine) is waited for, not flooded")
    func slowStartIsBounded() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server, storage: nil)
            let stream = handler.stream(flood(20_000, on: server))
            // The transport reads meanwhile: before, the items piled up until the loop began.
            try await Task.sleep(for: .milliseconds(500))
            var seen = 0
            var mostWaiting = stream.queue.pendingCount
            for try await item in stream.items {
                guard case .event = item else { continue }
                seen += 1
                mostWaiting = max(mostWaiting, stream.queue.pendingCount)
            }
            #expect(seen == 20_000)
            #expect(mostWaiting <= StreamItemQueue.capacity + 2000, "\(mostWaiting) items were waiting at once")
        }
    }

    @Test("a caller that awaits only the response still gets the whole stream, not a stream that waits forever")
    func responseOnly() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server, storage: nil)
            let stream = handler.stream(flood(5_000, on: server))
            let response = try await stream.response
            #expect(response.statusCode == 200)
            #expect(response.text?.contains("\"n\": 5000") == true || response.text?.contains("\"n\":5000") == true)
        }
    }
}
