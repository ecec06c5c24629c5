import Foundation
public import HTTPTypes
import Synchronization
public import Tern

/// A `Transport` that answers from a closure and records every request: the middle tier of tests,
/// between pure unit tests and the real server.
public final class InMemoryTransport: Transport {
    /// Answers one request; may throw `TernError` to simulate failures.
    public typealias Responder = @Sendable (Request, Int) async throws -> TransportResponse

    private let responder: Responder
    private let log = Mutex<[Request]>([])

    /// Makes a transport from a responder, which gets the request and its 1-based call number.
    public init(_ responder: @escaping Responder) {
        self.responder = responder
    }

    /// Always answers `status` with `body`.
    public static func status(_ status: Int, body: String = "", headers: HTTPFields = [:]) -> InMemoryTransport {
        InMemoryTransport { _, _ in
            TransportResponse(
                status: HTTPResponse.Status(standardCode: status), headers: headers, body: Data(body.utf8))
        }
    }

    /// Answers the outcomes in order, repeating the last one.
    public static func sequence(_ outcomes: [Result<TransportResponse, TernError>]) -> InMemoryTransport {
        InMemoryTransport { _, call in
            guard let outcome = outcomes.isEmpty ? nil : outcomes[min(call, outcomes.count) - 1] else {
                throw TernError(.transport, "no outcome configured")
            }
            return try outcome.get()
        }
    }

    /// The requests received so far, in order.
    public var requests: [Request] {
        log.withLock { $0 }
    }

    /// How many requests were received.
    public var requestCount: Int {
        log.withLock { $0.count }
    }

    public func perform(_ request: Request, context: TransportContext) async throws -> TransportResponse {
        let call = log.withLock { log in
            log.append(request)
            return log.count
        }
        try Task.checkCancellation()
        return try await responder(request, call)
    }
}

extension TransportResponse {
    /// A JSON response from text, for in-memory transports.
    public static func json(_ text: String, status: Int = 200) -> TransportResponse {
        TransportResponse(
            status: HTTPResponse.Status(standardCode: status), headers: [.contentType: "application/json"],
            body: Data(text.utf8)
        )
    }
}
