import Foundation
import HTTPTypes
import Logging
import Synchronization

extension Handler {
    /// Sends the request over the network with retries, then stores the final 2xx response. With a
    /// stale entry to revalidate, it asks with `If-None-Match`/`If-Modified-Since` and a 304 serves it.
    func live(_ plan: SendPlan, revalidating stale: StoredResponse? = nil, emitter: EventEmitter) async throws
        -> Response
    {
        var request = plan.request
        if let stale {
            let (etag, lastModified) = stale.validators
            if let etag, request.headers[.ifNoneMatch] == nil { request.headers[.ifNoneMatch] = etag }
            if let lastModified, request.headers[.ifModifiedSince] == nil {
                request.headers[.ifModifiedSince] = lastModified
            }
        }
        // A download gets its file before the first attempt, so a retry can resume into it.
        var ownedFile: URL?
        if request.transaction == .download, request.downloadDestination == nil {
            let file = try responses.temporaryDownloadFile()
            request.downloadDestination = file
            ownedFile = file
        }
        do {
            let response = try await attempts(request, plan: plan, emitter: emitter)
            await responses.invalidate(after: response, plan: plan, emitter: emitter)
            if let stale, response.statusCode == 304 {
                if let ownedFile { responses.discardTemporaryFile(ownedFile) }
                return await responses.revalidated(stale, by: response, plan: plan, emitter: emitter)
            }
            return await responses.store(response, plan: plan, emitter: emitter)
        } catch {
            if let ownedFile { responses.discardTemporaryFile(ownedFile) }
            throw error
        }
    }

    /// The attempt loop: send, ask the policy, wait, and resume a dropped download where it stopped.
    private func attempts(_ request: Request, plan: SendPlan, emitter: EventEmitter) async throws -> Response {
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
                response = try await followingRedirects(
                    attemptRequest, attempt: attempt, resumeOffset: resumeOffset, plan: plan, emitter: emitter)
            } catch {
                failure = TernError.wrap(error, requestLabel: plan.label, attempt: attempt)
            }
            if Task.isCancelled || failure?.kind == .cancelled {
                throw failure ?? TernError(.cancelled, "the request was cancelled", attempt: attempt)
            }
            let context = RetryContext(
                attempt: attempt, request: response?.request ?? request, response: response, error: failure)
            resumeOffset = failure?.response == nil ? Self.bytesOnDisk(for: request) : nil
            switch policy.decide(context, now: clock.now) {
            case .retry:
                emitter.emit(.retry(attempt: attempt, cause: context.cause, delay: .zero))
                logger?.info("retrying \(plan.label) after attempt \(attempt) (\(context.cause))")
            case .retryAfter(let delay):
                emitter.emit(.retry(attempt: attempt, cause: context.cause, delay: delay))
                logger?.info("retrying \(plan.label) in \(delay) after attempt \(attempt) (\(context.cause))")
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
    func runChain(
        _ request: Request, attempt: Int, resumeOffset: Int64?, streaming: StreamHooks?, emitter: EventEmitter
    ) async throws -> Response {
        let transport = self.transport
        let clock = self.clock
        let decompresses = defaults.automaticDecompression
        let send: InterceptorNext = { request in
            try request.url.checkPort()
            let started = clock.now
            let stopwatch = ContinuousClock()
            let startInstant = stopwatch.now
            // Nobody listening: no progress callback, so the transport skips counting.
            var progress: (@Sendable (TransferProgress) -> Void)?
            if emitter.isObserved {
                progress = { (value: TransferProgress) in emitter.emit(.progress(value)) }
            }
            var context = TransportContext(timeout: request.timeout, resumeOffset: resumeOffset, progress: progress)
            context.onStream = streaming?.onStream
            context.streamStop = streaming?.stop
            context.waitForStreamRoom = streaming?.waitForRoom
            let reply = try await transport.perform(request, context: context)
            var response = Response(
                status: reply.status, headers: reply.headers, body: reply.body, fileURL: reply.fileURL, source: .live,
                request: request, timing: Response.Timing(start: started, duration: stopwatch.now - startInstant),
                attempts: attempt
            )
            response.stoppedEarly = reply.stoppedEarly
            try Handler.decodeContent(
                of: &response, reply: reply, limits: transport.transferLimits, enabled: decompresses)
            response.connection = reply.connection
            response.phases = reply.phases
            return response
        }
        return try await chain(around: send, requestID: emitter.requestID, attempt: attempt)(request)
    }

    /// The interceptors, outermost first, around `send` (the transport, or a WebSocket upgrade).
    func chain(around send: @escaping InterceptorNext, requestID: RequestID, attempt: Int) -> InterceptorNext {
        let context = InterceptorContext(handler: self, requestID: requestID, attempt: attempt, logger: logger)
        return interceptors.reversed().reduce(send) { next, interceptor in
            { request in try await interceptor.intercept(request, context: context, next: next) }
        }
    }
}
