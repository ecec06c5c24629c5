import Foundation
import HTTPTypes

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
        let id = nextRequestID()
        let request: Request
        do {
            request = try self.request(for: endpoint)
        } catch {
            EventEmitter(requestID: id, label: "\(endpoint)", broadcaster: broadcaster, observer: onEvent, clock: clock)
                .emit(.failure(error))
            throw error
        }
        let emitter = EventEmitter(
            requestID: id, label: request.name ?? request.label, broadcaster: broadcaster, observer: onEvent,
            clock: clock
        )
        do {
            if Task.isCancelled { throw CancellationError() }
            let response = try await serve(request, mode: mode ?? self.mode, validUntil: validUntil, emitter: emitter)
            emitter.emit(
                .response(
                    status: response.statusCode, source: response.source, bytes: response.byteCount,
                    duration: response.timing.duration
                )
            )
            return response
        } catch {
            let failure = TernError.wrap(error, requestLabel: request.label)
            logger?.debug("\(request.label) failed: \(failure)")
            emitter.emit(.failure(failure))
            throw failure
        }
    }

    private func serve(
        _ request: Request, mode: ResponseMode, validUntil: (@Sendable (Response) -> Date?)?, emitter: EventEmitter
    ) async throws -> Response {
        let key = request.cacheKey
        switch mode {
        case .live:
            return try await live(request, validUntil: validUntil, emitter: emitter)
        case .normal:
            if request.answersFromStorage, let hit = try await stored(request, allowExpired: false, emitter: emitter) {
                return hit
            }
            return try await live(request, validUntil: validUntil, emitter: emitter)
        case .cache:
            guard storage != nil else {
                throw TernError(.cacheMiss, "cache mode needs a storage manager; this handler has none", requestLabel: request.label)
            }
            if let hit = try await stored(request, allowExpired: true, emitter: emitter) { return hit }
            throw TernError(
                .cacheMiss, "nothing is stored under '\(key)'; send it once in normal or live mode first",
                requestLabel: request.label
            )
        case .sample:
            if request.answersFromStorage, let hit = try await stored(request, allowExpired: false, emitter: emitter) {
                return hit
            }
            return try await sample(request, validUntil: validUntil, emitter: emitter)
        }
    }

    /// The stored response for `request`, or `nil` after a `.miss` event. Storage read errors count
    /// as misses (logged), except in `cache` mode where they are the answer.
    private func stored(_ request: Request, allowExpired: Bool, emitter: EventEmitter) async throws -> Response? {
        guard let storage else { return nil }
        let key = request.cacheKey
        let entry: StoredResponse?
        do {
            entry = try await storage.entry(forKey: key)
        } catch {
            logger?.warning("reading '\(key)' from storage failed: \(error)")
            if allowExpired {
                throw TernError(.storage, "the cache could not be read: \(error)", requestLabel: request.label, underlying: error)
            }
            entry = nil
        }
        let now = clock.now
        guard let entry, allowExpired || entry.isValid(at: now) else {
            emitter.emit(.cache(.miss(key: key)))
            return nil
        }
        let expired = !entry.isValid(at: now)
        emitter.emit(.cache(.hit(key: key, expired: expired)))
        return Response(
            status: HTTPResponse.Status(standardCode: entry.status), headers: entry.headers, body: entry.body,
            fileURL: entry.fileURL, source: .cache, request: request, timing: Response.Timing(start: now, duration: .zero),
            attempts: 0,
            cache: Response.CacheInfo(key: key, storedAt: entry.storedAt, validUntil: entry.validUntil, isExpired: expired)
        )
    }

    private func sample(
        _ request: Request, validUntil: (@Sendable (Response) -> Date?)?, emitter: EventEmitter
    ) async throws -> Response {
        guard let sample = request.sample else {
            throw TernError(
                .noSample, "no valid stored response and the endpoint has no sample data", requestLabel: request.label
            )
        }
        var response = Response(
            status: HTTPResponse.Status(standardCode: sample.status), headers: sample.headers, body: sample.body,
            source: .sample, request: request, timing: Response.Timing(start: clock.now, duration: .zero), attempts: 0
        )
        emitter.emit(.cache(.sample(key: request.cacheKey)))
        response.cache = await store(response, validUntil: validUntil, emitter: emitter)
        return response
    }

    /// Stores a 2xx response when there is storage and a validity date in the future.
    func store(_ response: Response, validUntil: (@Sendable (Response) -> Date?)?, emitter: EventEmitter) async
        -> Response.CacheInfo?
    {
        guard let storage, response.isSuccess else { return nil }
        let now = clock.now
        let until: Date?
        if let validUntil {
            until = validUntil(response)
        } else if let seconds = response.request.validFor {
            until = seconds > 0 ? now.addingTimeInterval(seconds) : nil
        } else {
            until = cacheValidity.validUntil(for: response, now: now)
        }
        guard let until, until > now else { return nil }
        let key = response.request.cacheKey
        let entry = StoredResponse(
            key: key, status: response.statusCode, headers: response.headers, body: response.body,
            fileURL: response.fileURL, source: response.source, storedAt: now, validUntil: until,
            method: response.request.method.rawValue, url: response.request.url.absoluteString
        )
        do {
            try await storage.store(entry)
        } catch {
            logger?.warning("storing '\(key)' failed: \(error)")
            return nil
        }
        emitter.emit(.cache(.stored(key: key, validUntil: until)))
        return Response.CacheInfo(key: key, storedAt: now, validUntil: until)
    }
}
