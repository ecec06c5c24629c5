import Foundation
import HTTPTypes
import Synchronization
import TernTesting
import Testing

@testable import Tern

/// Server-Sent Events reconnect as EventSource does (WHATWG HTML §9.2): after `retry:`, with
/// `Last-Event-ID`, until a `204`, a stop, or the policy's limit.
@Suite("Handler.stream: reconnection")
struct StreamReconnectionTests {
    /// `/sse` in chunks of 2 events, 10 ms apart reconnections.
    func request(count: Int, on server: MockServer, policy: StreamReconnection? = nil) -> Request {
        var request = get("sse", on: server)
        request.appendQuery(["count": .int(count), "chunk": .int(2), "retry": .int(10)])
        request.streamReconnection = policy
        return request
    }

    func ids(_ stream: ResponseStream) async throws -> [String] {
        var ids: [String] = []
        for try await item in stream.items {
            if case .event(let event) = item { ids.append(event.id ?? "?") }
        }
        return ids
    }

    @Test("a stream the server ends reconnects with Last-Event-ID until the server answers 204")
    func reconnectsUntil204() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server, storage: nil)
            let events = EventLog()
            let stream = handler.stream(request(count: 5, on: server), onEvent: events.observer)
            #expect(try await ids(stream) == ["1", "2", "3", "4", "5"])
            let response = try await stream.response
            #expect(response.statusCode == 200, "the stream's last connection, not the 204 that ended it")
            #expect(events.names.filter { $0 == "reconnect" }.count == 3)
            #expect(server.requestCount(path: "/sse") == 4)
        }
    }

    @Test("a reconnection's events without id: keep the last event ID, and every request asks for an event stream")
    func lastEventIDCarriesOver() async throws {
        try await withMockServer { server in
            let asked = HeaderLog()
            let handler = liveHandler(server, storage: nil, interceptors: [asked])
            var request = request(count: 3, on: server, policy: StreamReconnection(maximum: 1))
            request.appendQuery(["ids": .string("first")])
            let stream = handler.stream(request)
            // Events 1 and 2 carry their ids; event 3 comes on the reconnection without one (WPT format-field-id).
            #expect(try await ids(stream) == ["1", "2", "2"])
            _ = try await stream.response
            let sent = asked.requests
            try #require(sent.count == 2)
            #expect(sent.map { $0[.accept] } == ["text/event-stream", "text/event-stream"])
            #expect(sent.map { $0[.cacheControl] } == ["no-cache", "no-cache"])
            #expect(sent.map { $0[HTTPField.Name("Last-Event-ID")!] } == [nil, "2"])
        }
    }

    @Test("a request that sets Accept keeps it; a send that is not a stream asks for nothing")
    func ownAcceptIsKept() async throws {
        try await withMockServer { server in
            let asked = HeaderLog()
            let handler = liveHandler(server, storage: nil, interceptors: [asked])
            var request = request(count: 2, on: server, policy: StreamReconnection(maximum: 0))
            request.headers[.accept] = "text/event-stream, */*"
            _ = try await ids(handler.stream(request))
            _ = try await handler.send(get("echo", on: server))
            #expect(asked.requests.map { $0[.accept] } == ["text/event-stream, */*", nil])
            #expect(asked.requests.map { $0[.cacheControl] } == ["no-cache", nil])
        }
    }

    /// Keeps the headers of every request that goes out.
    final class HeaderLog: Interceptor, Sendable {
        private let sent = Mutex<[HTTPFields]>([])
        var requests: [HTTPFields] { sent.withLock { $0 } }

        func intercept(_ request: Request, context: InterceptorContext, next: InterceptorNext) async throws -> Response
        {
            sent.withLock { $0.append(request.headers) }
            return try await next(request)
        }
    }

    @Test("reconnect: false ends with the first connection; max stops after that many reconnections")
    func limits() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server, storage: nil)
            let once = handler.stream(request(count: 5, on: server, policy: .never))
            let first = try await ids(once)
            #expect(first == ["1", "2"])
            let limited = handler.stream(request(count: 9, on: server, policy: StreamReconnection(maximum: 1)))
            let both = try await ids(limited)
            #expect(both == ["1", "2", "3", "4"])
        }
    }

    @Test("stop() during the wait ends the stream without reconnecting")
    func stopWhileWaiting() async throws {
        try await withMockServer { server in
            var slow = get("sse", on: server)
            slow.appendQuery(["count": .int(4), "chunk": .int(2), "retry": .int(60_000)])
            let stream = liveHandler(server, storage: nil).stream(slow)
            var seen = 0
            for try await _ in stream.items {
                seen += 1
                if seen == 2 { stream.stop() }
            }
            #expect(seen == 2)
            #expect(server.requestCount(path: "/sse") == 1)
        }
    }

    @Test("the wait is the stream's retry:, at most a minute; three seconds when it gave none")
    func delays() {
        #expect(StreamReconnection.delay(forRetry: nil) == .seconds(3))
        #expect(StreamReconnection.delay(forRetry: 250) == .milliseconds(250))
        #expect(StreamReconnection.delay(forRetry: 3_600_000) == .seconds(60))
    }
}
