public import Logging

/// Logs every attempt, response and error through swift-log; nothing is logged without a `Logger`.
public struct LoggingInterceptor: Interceptor {
    private let logger: Logger
    private let level: Logger.Level

    /// Logs to `logger` at `level` (errors at `.error`).
    public init(logger: Logger, level: Logger.Level = .info) {
        self.logger = logger
        self.level = level
    }

    public func intercept(_ request: Request, context: InterceptorContext, next: InterceptorNext) async throws
        -> Response
    {
        let metadata: Logger.Metadata = [
            "tern.request": "\(context.requestID)", "tern.attempt": "\(context.attempt)",
        ]
        logger.log(level: level, "→ \(request.label)", metadata: metadata)
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await next(request)
            logger.log(
                level: level,
                "← \(response.statusCode) \(request.label) (\(response.body.count) bytes, \(clock.now - start))",
                metadata: metadata
            )
            return response
        } catch {
            logger.error("✗ \(request.label): \(error)", metadata: metadata)
            throw error
        }
    }
}
