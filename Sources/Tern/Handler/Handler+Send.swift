public import Foundation
import HTTPTypes
import Logging

extension Handler {
    /// Sends `endpoint` and returns the response, whatever its status (add a `ValidationInterceptor`
    /// or call `validate()` to treat 4xx/5xx as errors).
    ///
    /// - Parameters:
    ///   - mode: overrides the handler's mode for this send.
    ///   - validUntil: computes how long the response stays valid (Lynn's `getValidUntil`).
    ///   - onEvent: receives this send's events only, as they happen.
    public func send(
        _ endpoint: some Endpoint,
        mode: ResponseMode? = nil,
        validUntil: (@Sendable (Response) -> Date?)? = nil,
        onEvent: (@Sendable (HandlerEvent) -> Void)? = nil
    ) async throws(TernError) -> Response {
        try await send(endpoint, mode: mode, validUntil: validUntil, stores: true, onEvent: onEvent)
    }

    /// `send`, optionally without storing what arrives (a verification compares, it does not replace).
    package func send(
        _ endpoint: some Endpoint, mode: ResponseMode?, validUntil: (@Sendable (Response) -> Date?)?, stores: Bool,
        onEvent: (@Sendable (HandlerEvent) -> Void)?
    ) async throws(TernError) -> Response {
        try await send(endpoint, mode: mode, validUntil: validUntil, stores: stores, streaming: nil, onEvent: onEvent)
    }

    /// `send` with a streaming consumer's hooks.
    func send(
        _ endpoint: some Endpoint, mode: ResponseMode?, validUntil: (@Sendable (Response) -> Date?)?, stores: Bool,
        streaming: StreamHooks?, onEvent: (@Sendable (HandlerEvent) -> Void)?
    ) async throws(TernError) -> Response {
        let id = nextRequestID()
        var request: Request
        do {
            request = try preparedRequest(for: endpoint)
        } catch {
            EventEmitter(requestID: id, label: "\(endpoint)", broadcaster: broadcaster, observer: onEvent, clock: clock)
                .emit(.failure(error))
            throw error
        }
        // A stream of a request that says how it reconnects (a spec's `stream:`) is a Server-Sent Events one.
        if streaming != nil, request.streamReconnection != nil { request.askForEventStream() }
        var plan = SendPlan(handler: self, request: request, validUntil: validUntil, stores: stores)
        plan.streaming = streaming
        if (mode ?? self.mode) == .live, plan.keyReadsFile { plan.prepareKey() }
        let emitter = EventEmitter(
            requestID: id, label: request.name ?? plan.label, broadcaster: broadcaster, observer: onEvent, clock: clock
        )
        do {
            if Task.isCancelled { throw CancellationError() }
            let response = try await serve(plan, mode: mode ?? self.mode, emitter: emitter)
            emitter.emit(
                .response(
                    status: response.statusCode, source: response.source, bytes: response.byteCount,
                    duration: response.timing.duration, phases: response.phases
                )
            )
            return response
        } catch {
            throw failed(error, plan: plan, emitter: emitter)
        }
    }

    /// `error` as the send's failure, its message redacted, logged and reported as a `.failure` event.
    func failed(_ error: any Error, plan: SendPlan, emitter: EventEmitter) -> TernError {
        var failure = TernError.wrap(error, requestLabel: plan.label)
        failure.message = plan.redactor.redact(failure.message)
        logger?.debug("\(plan.label) failed: \(failure)")
        emitter.emit(.failure(failure))
        return failure
    }

    private func serve(_ plan: SendPlan, mode: ResponseMode, emitter: EventEmitter) async throws -> Response {
        let request = plan.request
        switch mode {
        case .live:
            return try await live(plan, emitter: emitter)
        case .normal:
            // The request's own Cache-Control (and Pragma) may ask for a revalidation, a younger
            // answer, or accept a stale one.
            let directives = plan.directives
            var stale: StoredResponse?
            if request.answersFromStorage, let entry = try await responses.lookup(plan, strict: false) {
                let now = clock.now
                if directives.accepts(entry, now: now) {
                    let fresh = entry.isValid(at: now)
                    emitter.emit(.cache(.hit(key: plan.key, expired: !fresh)))
                    return responses.response(from: entry, plan: plan, state: fresh ? .fresh : .expired)
                }
                stale = entry
            }
            if responses.storage != nil, request.answersFromStorage { emitter.emit(.cache(.miss(key: plan.key))) }
            if directives.onlyIfCached {
                throw TernError(
                    .cacheMiss,
                    "the request says only-if-cached, and nothing stored answers it without asking the server",
                    requestLabel: plan.label)
            }
            return try await liveOrStale(plan, stale: stale, emitter: emitter)
        case .cache:
            guard storage != nil else {
                throw TernError(
                    .cacheMiss, "cache mode needs a storage manager; this handler has none", requestLabel: plan.label)
            }
            if let entry = try await responses.lookup(plan, strict: true) {
                let expired = !entry.isValid(at: clock.now)
                emitter.emit(.cache(.hit(key: plan.key, expired: expired)))
                return responses.response(from: entry, plan: plan, state: expired ? .expired : .fresh)
            }
            emitter.emit(.cache(.miss(key: plan.key)))
            throw TernError(.cacheMiss, await responses.missExplanation(plan), requestLabel: plan.label)
        case .sample:
            if request.answersFromStorage, let entry = try await responses.lookup(plan, strict: false),
                entry.isValid(at: clock.now)
            {
                emitter.emit(.cache(.hit(key: plan.key, expired: false)))
                return responses.response(from: entry, plan: plan, state: .fresh)
            }
            return try await sample(plan, emitter: emitter)
        }
    }

    /// The network, revalidating `stale` when it has validators; when the network fails after the
    /// retries (or a gateway answers 502/503/504), the stale answer instead, if allowed.
    private func liveOrStale(_ plan: SendPlan, stale: StoredResponse?, emitter: EventEmitter) async throws -> Response {
        let validators = stale.map(\.validators)
        let revalidating = stale != nil && (validators?.etag != nil || validators?.lastModified != nil)
        let outcome: Result<Response, any Error>
        do {
            outcome = .success(try await live(plan, revalidating: revalidating ? stale : nil, emitter: emitter))
        } catch {
            outcome = .failure(error)
        }
        guard staleIfError, plan.request.answersFromStorage, let reason = Self.networkFailure(outcome) else {
            return try outcome.get()
        }
        var fallback = stale
        if fallback == nil { fallback = try? await responses.lookup(plan, strict: false) }
        // `must-revalidate` and `no-cache` forbid serving the answer stale, outage or not (RFC 9111 §4.2.4).
        guard let fallback, !fallback.forbidsStaleUse else { return try outcome.get() }
        logger?.warning("\(plan.label): \(reason); serving the answer stored \(fallback.storedAt)")
        emitter.emit(.cache(.stale(key: plan.key, reason: reason)))
        return responses.response(from: fallback, plan: plan, state: .staleOffline(reason: reason))
    }

    /// Why the network failed, when `outcome` is a failure stale-if-error covers.
    private static func networkFailure(_ outcome: Result<Response, any Error>) -> String? {
        switch outcome {
        case .success(let response):
            return [502, 503, 504].contains(response.statusCode)
                ? "the server answered \(response.statusCode) \(response.status.reasonPhrase)" : nil
        case .failure(let error):
            let failure = TernError.wrap(error)
            guard failure.isTransient, failure.response == nil else { return nil }
            return failure.message
        }
    }

    private func sample(_ plan: SendPlan, emitter: EventEmitter) async throws -> Response {
        let request = plan.request
        guard let sample = request.sample else {
            throw TernError(
                .noSample, "no valid stored response and the endpoint has no sample data", requestLabel: plan.label
            )
        }
        let response = Response(
            status: HTTPResponse.Status(standardCode: sample.status), headers: sample.headers, body: sample.body,
            source: .sample, request: request, timing: Response.Timing(start: clock.now, duration: .zero), attempts: 0
        )
        emitter.emit(.cache(.sample(key: plan.key)))
        return await responses.store(response, plan: plan, emitter: emitter)
    }
}
