public import Logging

/// The rest of the chain after an interceptor: the next interceptors, then the transport.
public typealias InterceptorNext = @Sendable (Request) async throws -> Response

/// Wraps one attempt: adapts the request, processes the response or the error, and may issue
/// requests of its own through `context.handler` (they are cancelled with the caller's task).
///
/// Interceptors run in the order given, the first outermost, once per attempt.
public protocol Interceptor: Sendable {
    /// Handles `request`, calling `next` zero or more times.
    func intercept(_ request: Request, context: InterceptorContext, next: InterceptorNext) async throws -> Response
}

/// What an interceptor knows about the send it is part of.
public struct InterceptorContext: Sendable {
    /// The handler running the chain, for requests of the interceptor's own.
    public let handler: Handler
    /// The send this attempt belongs to.
    public let requestID: RequestID
    /// The attempt number, 1-based.
    public let attempt: Int
    /// The handler's logger, when one was given.
    public let logger: Logger?
}

/// Adapts every request before it is sent (STRV's `RequestAdapting`).
public struct RequestAdapter: Interceptor {
    private let adapt: @Sendable (Request) async throws -> Request

    /// Makes an adapter from a closure.
    public init(_ adapt: @escaping @Sendable (Request) async throws -> Request) {
        self.adapt = adapt
    }

    public func intercept(_ request: Request, context: InterceptorContext, next: InterceptorNext) async throws
        -> Response
    {
        try await next(adapt(request))
    }
}

/// Processes every response after it arrives (STRV's `ResponseProcessing`).
public struct ResponseProcessor: Interceptor {
    private let process: @Sendable (Response) async throws -> Response

    /// Makes a processor from a closure; throwing turns the response into a failure.
    public init(_ process: @escaping @Sendable (Response) async throws -> Response) {
        self.process = process
    }

    public func intercept(_ request: Request, context: InterceptorContext, next: InterceptorNext) async throws
        -> Response
    {
        try await process(next(request))
    }
}

/// Maps every error of an attempt (STRV's `ErrorProcessing`); return a response to recover.
public struct ErrorProcessor: Interceptor {
    private let process: @Sendable (TernError) async throws -> Response

    /// Makes a processor from a closure that rethrows, throws another error, or recovers.
    public init(_ process: @escaping @Sendable (TernError) async throws -> Response) {
        self.process = process
    }

    public func intercept(_ request: Request, context: InterceptorContext, next: InterceptorNext) async throws
        -> Response
    {
        do {
            return try await next(request)
        } catch {
            return try await process(TernError.wrap(error, requestLabel: request.label, attempt: context.attempt))
        }
    }
}
