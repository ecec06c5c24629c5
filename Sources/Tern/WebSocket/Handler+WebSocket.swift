import Foundation
import HTTPTypes
import Synchronization

extension Handler {
    /// Opens a WebSocket conversation with `endpoint` (its URL `ws://`/`wss://`, or `http(s)://`).
    ///
    /// The upgrade request goes through the interceptors like any send (authentication, cookies,
    /// headers), over the connector's TLS and proxy settings. In `.cache` mode (and `.sample` when
    /// something is stored) the stored transcript is replayed instead and nothing is sent; in `.normal`
    /// and `.live` modes the conversation is live and its transcript is stored when it ends.
    public func connect(
        _ endpoint: some Endpoint, mode: ResponseMode? = nil, options: WebSocketOptions = WebSocketOptions(),
        onEvent: (@Sendable (HandlerEvent) -> Void)? = nil
    ) async throws(TernError) -> WebSocket {
        let request: Request
        do {
            request = try preparedRequest(for: endpoint)
        } catch {
            EventEmitter(
                requestID: nextRequestID(), label: "\(endpoint)", broadcaster: broadcaster, observer: onEvent,
                clock: clock
            ).emit(.failure(error))
            throw error
        }
        return try await open(request, mode: mode, options: options, onEvent: onEvent)
    }

    /// `connect` for a request already lowered (with the session defaults applied).
    private func open(
        _ request: Request, mode: ResponseMode?, options: WebSocketOptions,
        onEvent: (@Sendable (HandlerEvent) -> Void)?
    ) async throws(TernError) -> WebSocket {
        var request = request
        request.method = .get
        // A WebSocket has no body to decode: the upgrade asks for no coding (permessage-deflate is its own).
        if request.headers[.acceptEncoding] == ContentDecoder.acceptEncoding { request.headers[.acceptEncoding] = nil }
        request.url = request.url.withWebSocketScheme(true)
        let plan = SendPlan(handler: self, request: request, validUntil: nil, stores: true)
        let emitter = EventEmitter(
            requestID: nextRequestID(), label: request.name ?? plan.label, broadcaster: broadcaster,
            observer: onEvent, clock: clock)
        do {
            if Task.isCancelled { throw CancellationError() }
            switch mode ?? self.mode {
            case .cache, .sample:
                return try await replay(plan, mode: mode ?? self.mode, options: options, emitter: emitter)
            case .normal, .live:
                return try await openLive(plan, options: options, emitter: emitter)
            }
        } catch {
            throw failed(error, plan: plan, emitter: emitter)
        }
    }

    private func openLive(_ plan: SendPlan, options: WebSocketOptions, emitter: EventEmitter) async throws -> WebSocket
    {
        guard let connector = webSockets else {
            throw TernError(
                .unsupported,
                "this handler opens no WebSocket conversations: give it one, Handler(..., webSockets: "
                    + "WebSocketClientConnector())")
        }
        emitter.emit(.attempt(number: 1))
        let opened = Mutex<(any WebSocketLink)?>(nil)
        let clock = self.clock
        let started = clock.now
        let stopwatch = ContinuousClock.now
        let open: InterceptorNext = { request in
            try request.url.checkPort()
            let link = try await connector.open(request, options: options)
            // An interceptor that calls `next` again replaces the connection: the first one is dropped.
            opened.withLock { previous in
                previous?.cancel()
                previous = link
            }
            return Response(
                status: .switchingProtocols, source: .live, request: request,
                timing: Response.Timing(start: started, duration: .now - stopwatch), attempts: 1)
        }
        let response: Response
        do {
            response = try await chain(around: open, requestID: emitter.requestID, attempt: 1)(plan.request)
        } catch {
            // An interceptor that failed after the upgrade (a validator that wants 2xx) leaves no connection open.
            opened.withLock { $0 }?.cancel()
            throw error
        }
        guard let link = opened.withLock({ $0 }) else {
            throw TernError(
                .unacceptableStatus,
                "the upgrade was answered \(response.statusCode) \(response.status.reasonPhrase), not 101",
                response: response)
        }
        emitter.emit(
            .response(
                status: 101, source: .live, bytes: 0, duration: ContinuousClock.now - stopwatch, phases: nil))
        return WebSocket(
            request: plan.request, source: .live, storageKey: plan.key, requestID: emitter.requestID,
            url: plan.redactor.redact(url: plan.request.url),
            link: link, clock: clock
        ) { transcript in
            await self.store(transcript, plan: plan, emitter: emitter)
        }
    }

    private func replay(
        _ plan: SendPlan, mode: ResponseMode, options: WebSocketOptions, emitter: EventEmitter
    ) async throws -> WebSocket {
        guard storage != nil else {
            throw TernError(
                .cacheMiss, "cache mode needs a storage manager; this handler has none", requestLabel: plan.label)
        }
        var transcript: WebSocketTranscript?
        var source = ResponseSource.cache
        var stored: (at: Date, validUntil: Date)?
        if let entry = try await responses.lookup(plan, strict: mode == .cache) {
            stored = (entry.storedAt, entry.validUntil)
            guard entry.headers[.contentType] == WebSocketTranscript.contentType else {
                throw TernError(
                    .cacheMiss,
                    "what is stored under '\(plan.key)' is an HTTP answer (\(entry.status)), not a conversation",
                    requestLabel: plan.label)
            }
            transcript = try WebSocketTranscript.decode(try entry.bodyData())
            emitter.emit(.cache(.hit(key: plan.key, expired: !entry.isValid(at: clock.now))))
        } else if mode == .sample, let sample = plan.request.sample {
            transcript = try WebSocketTranscript.decode(sample.body)
            source = .sample
            emitter.emit(.cache(.sample(key: plan.key)))
        }
        guard let transcript else {
            emitter.emit(.cache(.miss(key: plan.key)))
            if mode == .sample {
                throw TernError(
                    .noSample, "nothing is stored for this conversation and the spec has no sample",
                    requestLabel: plan.label)
            }
            throw TernError(.cacheMiss, await responses.missExplanation(plan), requestLabel: plan.label)
        }
        emitter.emit(.response(status: 101, source: source, bytes: 0, duration: .zero, phases: nil))
        let link = WebSocketReplay(
            transcript: transcript, pacing: options.replayPacing, clock: clock, label: plan.label,
            redactor: plan.redactor)
        return WebSocket(
            request: plan.request, source: source, storageKey: plan.key, requestID: emitter.requestID,
            url: transcript.url, link: link, stored: stored, clock: clock
        ) { _ in }
    }

    /// Stores a live conversation's transcript under its upgrade request's key, the secret values in what the
    /// client sent masked (what the server sent is kept as it came).
    private func store(_ transcript: WebSocketTranscript, plan: SendPlan, emitter: EventEmitter) async {
        await TranscriptStore(handler: self).store(
            transcript.masked(by: plan.redactor).encoded(), contentType: WebSocketTranscript.contentType,
            status: .switchingProtocols,
            method: "GET", openedAt: transcript.openedAt, what: "the conversation", plan: plan, emitter: emitter)
    }
}
