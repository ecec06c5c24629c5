import Foundation

extension Handler {
    /// Sends `request` over the network with retries, then stores the final 2xx response.
    func live(
        _ request: Request, validUntil: (@Sendable (Response) -> Date?)?, emitter: EventEmitter
    ) async throws -> Response {
        // A download gets its file before the first attempt, so a retry can resume into it.
        var request = request
        var ownsFile = false
        if request.transaction == .download, request.downloadDestination == nil {
            request.downloadDestination = FileManager.default.temporaryDirectory
                .appendingPathComponent("tern-download-\(UUID().uuidString)")
            ownsFile = true
        }
        do {
            return try await attempts(request, validUntil: validUntil, emitter: emitter)
        } catch {
            if ownsFile, let file = request.downloadDestination { try? FileManager.default.removeItem(at: file) }
            throw error
        }
    }

    /// The attempt loop: send, ask the policy, wait, and resume a dropped download where it stopped.
    private func attempts(
        _ request: Request, validUntil: (@Sendable (Response) -> Date?)?, emitter: EventEmitter
    ) async throws -> Response {
        let policy = request.retryPolicy ?? retryPolicy
        let started = clock.now
        let stopwatch = ContinuousClock()
        let startInstant = stopwatch.now
        var attempt = 0
        var resumeOffset: Int64?
        while true {
            attempt += 1
            if Task.isCancelled { throw TernError(.cancelled, "the request was cancelled", attempt: attempt) }
            emitter.emit(.attempt(number: attempt))
            var response: Response?
            var failure: TernError?
            var attemptRequest = request
            if let resumeOffset { attemptRequest.headers[.range] = "bytes=\(resumeOffset)-" }
            do {
                response = try await runChain(attemptRequest, attempt: attempt, resumeOffset: resumeOffset, emitter: emitter)
            } catch {
                failure = TernError.wrap(error, requestLabel: request.label, attempt: attempt)
            }
            if Task.isCancelled || failure?.kind == .cancelled {
                throw failure ?? TernError(.cancelled, "the request was cancelled", attempt: attempt)
            }
            let context = RetryContext(attempt: attempt, request: response?.request ?? request, response: response, error: failure)
            resumeOffset = failure?.response == nil ? Self.bytesOnDisk(for: request) : nil
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

    /// How much of a download is already in its file (resumable after a failure without a response).
    private static func bytesOnDisk(for request: Request) -> Int64? {
        guard request.transaction == .download, let file = request.downloadDestination,
            let size = FileManager.default.sizeOfFile(at: file), size > 0
        else { return nil }
        return size
    }

    /// One attempt: the interceptors, outermost first, around the transport.
    private func runChain(
        _ request: Request, attempt: Int, resumeOffset: Int64?, emitter: EventEmitter
    ) async throws -> Response {
        let transport = self.transport
        let clock = self.clock
        let send: InterceptorNext = { request in
            let started = clock.now
            let stopwatch = ContinuousClock()
            let startInstant = stopwatch.now
            // Nobody listening: no progress callback, so the transport skips counting.
            var progress: (@Sendable (TransferProgress) -> Void)?
            if emitter.isObserved {
                progress = { (value: TransferProgress) in emitter.emit(.progress(value)) }
            }
            let context = TransportContext(timeout: request.timeout, resumeOffset: resumeOffset, progress: progress)
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
