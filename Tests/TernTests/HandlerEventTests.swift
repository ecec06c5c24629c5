import Foundation
import Synchronization
import TernTesting
import Testing

@testable import Tern

/// Collects events delivered to a per-send observer.
final class EventLog: Sendable {
    private let events = Mutex<[HandlerEvent]>([])

    var observer: @Sendable (HandlerEvent) -> Void {
        { event in self.events.withLock { $0.append(event) } }
    }

    var all: [HandlerEvent] { events.withLock { $0 } }

    /// Short names of the events in order: attempt, retry, cache.hit, cache.miss, cache.stored, response, ...
    var names: [String] {
        all.map { event in
            switch event.kind {
            case .attempt: "attempt"
            case .retry: "retry"
            case .cache(.hit): "cache.hit"
            case .cache(.miss): "cache.miss"
            case .cache(.stored): "cache.stored"
            case .cache(.sample): "cache.sample"
            case .cache(.revalidated): "cache.revalidated"
            case .cache(.stale): "cache.stale"
            case .cache(.notStored): "cache.notStored"
            case .cache(.invalidated): "cache.invalidated"
            case .redirect: "redirect"
            case .reconnect: "reconnect"
            case .progress: "progress"
            case .response: "response"
            case .failure: "failure"
            }
        }
    }
}

@Suite("Handler events")
struct HandlerEventTests {
    @Test("a retried send reports attempts, retries with cause and delay, storage and the response in order")
    func timeline() async throws {
        let clock = TestClock()
        let transport = InMemoryTransport.sequence([
            .success(.json("{}", status: 503)), .failure(TernError(.connection, "reset")), .success(.json("{}")),
        ])
        let handler = Handler(
            transport: transport, retryPolicy: .constant(.milliseconds(150), limit: 3), clock: clock
        )
        let log = EventLog()
        let response = try await handler.send(UserAPI.user(id: 1), onEvent: log.observer)
        #expect(response.attempts == 3)
        #expect(
            log.names == ["cache.miss", "attempt", "retry", "attempt", "retry", "attempt", "cache.stored", "response"])
        let retries = log.all.compactMap { event -> (Int, String, Duration)? in
            if case .retry(let attempt, let cause, let delay) = event.kind { return (attempt, "\(cause)", delay) }
            return nil
        }
        #expect(retries.map(\.0) == [1, 2])
        #expect(retries[0].1 == "status 503")
        #expect(retries[1].1.hasPrefix("connection failed"))
        #expect(retries.map(\.2) == [.milliseconds(150), .milliseconds(150)])
        #expect(clock.sleeps == [.milliseconds(150), .milliseconds(150)])
    }

    @Test("the handler's event stream delivers every send's events to each subscriber")
    func broadcast() async throws {
        let handler = Handler(transport: InMemoryTransport.status(200), storage: nil, clock: TestClock())
        let first = handler.events()
        let second = handler.events()
        _ = try await handler.send(UserAPI.user(id: 1))
        for stream in [first, second] {
            var names: [String] = []
            for await event in stream {
                if case .attempt = event.kind { names.append("attempt") }
                if case .response(let status, let source, _, _, _) = event.kind {
                    names.append("response \(status) \(source)")
                    break
                }
            }
            #expect(names == ["attempt", "response 200 live"])
        }
    }

    @Test("failures are reported as events too")
    func failureEvent() async throws {
        let handler = Handler(transport: InMemoryTransport.status(200), mode: .cache, clock: TestClock())
        let log = EventLog()
        await #expect(throws: TernError.self) { try await handler.send(UserAPI.user(id: 1), onEvent: log.observer) }
        #expect(log.names == ["cache.miss", "failure"])
    }
}
