import Foundation

extension Handler {
    /// Sends `request` over the network with retries, then stores the final 2xx response.
    func live(
        _ request: Request, validUntil: (@Sendable (Response) -> Date?)?, emitter: EventEmitter
    ) async throws -> Response {
        let policy = request.retryPolicy ?? retryPolicy
        let started = clock.now
        let stopwatch = ContinuousClock()
        let startInstant = stopwatch.now
        var attempt = 0
        while true {
            attempt += 1
            if Task.isCancelled { throw TernError(.cancelled, "the request was cancelled", attempt: attempt) }
            emitter.emit(.attempt(number: attempt))
            var response: Response?
            var failure: TernError?
            do {
                response = try await runChain(request, attempt: attempt, emitter: emitter)
            } catch {
                failure = TernError.wrap(error, requestLabel: request.label, attempt: attempt)
            }
            if Task.isCancelled || failure?.kind == .cancelled {
                throw failure ?? TernError(.cancelled, "the request was cancelled", attempt: attempt)
            }
            let context = RetryContext(attempt: attempt, request: response?.request ?? request, response: response, error: failure)
            switch policy.decide(context, now: clock.now) {
            case .retry:
                emitter.emit(.retry(attempt: attempt, cause: context.cause, delay: .zero))
                logger?.info("retrying \(request.label) after attempt \(attempt) (\(context.cause))")
            case .retryAfter(let delay):
                emitter.emit(.retry(attempt: attempt, cause: context.cause, delay: delay))
                logger?.info("retrying \(request.label) in \(delay) after attempt \(attempt) (\(context.cause))")
                do {
                    try await clock.sleep(for: delay)
                } catch {
                    throw TernError(.cancelled, "the request was cancelled while waiting to retry", attempt: attempt)
                }
            case .stopWithError(let error):
                throw error
            case .stop:
                guard var response else {
                    throw failure ?? TernError(.transport, "the attempt failed without an error", attempt: attempt)
                }
                response.attempts = attempt
                response.timing = Response.Timing(start: started, duration: stopwatch.now - startInstant)
                response.cache = await store(response, validUntil: validUntil, emitter: emitter)
                return response
            }
        }
    }

    /// One attempt: the interceptors, outermost first, around the transport.
    private func runChain(_ request: Request, attempt: Int, emitter: EventEmitter) async throws -> Response {
        let transport = self.transport
        let clock = self.clock
        let send: InterceptorNext = { request in
            let started = clock.now
            let stopwatch = ContinuousClock()
            let startInstant = stopwatch.now
            let context = TransportContext(timeout: request.timeout) { progress in
                emitter.emit(.progress(progress))
            }
            let reply = try await transport.perform(request, context: context)
            return Response(
                status: reply.status, headers: reply.headers, body: reply.body, fileURL: reply.fileURL, source: .live,
                request: request, timing: Response.Timing(start: started, duration: stopwatch.now - startInstant),
                attempts: attempt
            )
        }
        let context = InterceptorContext(handler: self, requestID: emitter.requestID, attempt: attempt, logger: logger)
        let chain = interceptors.reversed().reduce(send) { next, interceptor in
            { request in try await interceptor.intercept(request, context: context, next: next) }
        }
        return try await chain(request)
    }
}
