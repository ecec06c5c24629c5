import Foundation
import HTTPTypes
import Logging
import Synchronization
import TernHTTPClient
import TernTesting
import Testing

@testable import Tern

@Suite("Interceptors")
struct InterceptorTests {
    @Test("interceptors wrap each attempt like an onion: first in, last out")
    func onionOrder() async throws {
        try await withMockServer { server in
            let order = Mutex<[String]>([])
            func tracer(_ name: String) -> some Interceptor {
                RequestAdapter { request in
                    order.withLock { $0.append("adapt \(name)") }
                    var request = request
                    request.headers.append(HTTPField(name: HTTPField.Name("X-Order")!, value: name))
                    return request
                }
            }
            let processor = ResponseProcessor { response in
                order.withLock { $0.append("process") }
                return response
            }
            let handler = liveHandler(server, interceptors: [tracer("a"), processor, tracer("b")])
            let echo = try await handler.send(get("echo", on: server)).decode(Echo.self)
            #expect(echo.headers["x-order"] == "a, b")
            #expect(order.withLock { $0 } == ["adapt a", "adapt b", "process"])
        }
    }

    @Test("a header interceptor computes its value at send time; an error processor can recover")
    func headerAndRecovery() async throws {
        try await withMockServer { server in
            let recovering = ErrorProcessor { error in
                Response(
                    status: .ok, body: Data("recovered from \(error.kind.summary)".utf8),
                    request: Request(url: server.baseURL))
            }
            let handler = liveHandler(
                server, retryPolicy: .never,
                interceptors: [HeaderInterceptor(.authorization) { "Token abc" }, recovering, ValidationInterceptor()]
            )
            let echo = try await handler.send(get("echo", on: server)).decode(Echo.self)
            #expect(echo.headers["authorization"] == "Token abc")
            #expect(try await handler.send(get("status/500", on: server)).text == "recovered from unacceptable status")
        }
    }

    /// Starts a slow request of its own before passing the original on.
    final class PrefetchInterceptor: Interceptor {
        let url: URL
        let childError = Mutex<TernError.Kind?>(nil)

        init(url: URL) { self.url = url }

        func intercept(_ request: Request, context: InterceptorContext, next: InterceptorNext) async throws -> Response
        {
            do {
                _ = try await context.handler.send(Request(url: url), mode: .live)
            } catch {
                childError.withLock { $0 = error.kind }
                throw error
            }
            return try await next(request)
        }
    }

    @Test("cancelling a send cancels the requests its interceptors started")
    func childCancellation() async throws {
        try await withMockServer { server in
            let prefetch = PrefetchInterceptor(url: server.baseURL.appendingPathComponent("delay/5000"))
            let handler = liveHandler(server, interceptors: [prefetch])
            let task = Task { try await handler.send(get("users", on: server)) }
            try await Task.sleep(for: .milliseconds(100))
            task.cancel()
            let error = await #expect(throws: TernError.self) { try await task.value }
            #expect(error?.kind == .cancelled)
            #expect(prefetch.childError.withLock { $0 } == .cancelled)
            #expect(server.requestCount(path: "/users") == 0)
        }
    }

    @Test("the logging interceptor logs through the Logger it is given")
    func logging() async throws {
        try await withMockServer { server in
            let records = LogRecords()
            let logger = Logger(label: "tern.tests") { _ in CapturingLogHandler(records: records) }
            let handler = liveHandler(server, interceptors: [LoggingInterceptor(logger: logger)])
            _ = try await handler.send(get("users/1", on: server))
            let lines = records.messages
            #expect(lines.count == 2)
            #expect(lines.first?.hasPrefix("→ GET http://127.0.0.1:") == true)
            #expect(lines.last?.hasPrefix("← 200 GET") == true)
        }
    }
}

/// Log lines captured by `CapturingLogHandler`.
final class LogRecords: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var messages: [String] { lines.withLock { $0 } }
}

/// A swift-log handler that keeps messages in memory.
struct CapturingLogHandler: LogHandler {
    let records: LogRecords
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        records.append(event.message.description)
    }
}
