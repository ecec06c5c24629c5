public import Foundation
import HTTPTypes
import Synchronization

/// How a call through `Handler.call` ended, and where its answer came from.
public struct GRPCCallResult: Sendable {
    /// The call's status (a replayed call's, as recorded).
    public var status: GRPCStatus
    /// `live`, or `cache` for a replay.
    public var source: ResponseSource
    /// The request after the interceptors (its headers are the metadata that went out).
    public var request: Request
    /// Where the call is (or would be) stored.
    public var storageKey: String
    /// When a replayed call was stored and until when it is fresh.
    public var stored: (at: Date, validUntil: Date)?
    /// The call as it happened (or as it was recorded).
    public var transcript: GRPCTranscript
}

/// Runs gRPC calls through a handler: its interceptors, its cache (recorded live, replayed in cache
/// mode) and its connector (`Handler.grpc`). The gRPC counterpart of `Handler.send`.
public struct GRPCCaller: Sendable {
    let handler: Handler

    /// A caller of `handler`'s calls.
    public init(_ handler: Handler) { self.handler = handler }

    /// Runs a gRPC call: `endpoint`'s URL is `grpc://HOST:PORT/pkg.Service/Method` (or `grpcs://`), its
    /// headers the metadata (a `-bin` one in base64) and `messages` the request messages' bytes.
    ///
    /// The call goes through the interceptors like any send (authentication, headers), so a bearer
    /// token reaches the metadata. In `.cache` mode (and `.sample` when something is stored) the stored
    /// call is replayed instead and nothing is sent; in `.normal` and `.live` modes the call is live and
    /// stored once the server has answered (its messages are part of the storage key). `receive` sees the
    /// server's metadata and each message in order, live or replayed.
    public func call(
        _ endpoint: some Endpoint, messages: [[UInt8]], mode: ResponseMode? = nil, timeout: Duration? = nil,
        maximumReceivedMessageBytes: Int = GRPCCall.defaultMaximumReceivedMessageBytes,
        onEvent: (@Sendable (HandlerEvent) -> Void)? = nil,
        receive: @escaping @Sendable (GRPCCallEvent) async -> Void
    ) async throws(TernError) -> GRPCCallResult {
        var request: Request
        do {
            request = try handler.preparedRequest(for: endpoint)
        } catch {
            EventEmitter(
                requestID: handler.nextRequestID(), label: "\(endpoint)", broadcaster: handler.broadcaster,
                observer: onEvent, clock: handler.clock
            ).emit(.failure(error))
            throw error
        }
        request.method = .post
        // gRPC has its own compression: the HTTP coding the defaults ask for does not apply.
        if request.headers[.acceptEncoding] == ContentDecoder.acceptEncoding { request.headers[.acceptEncoding] = nil }
        // The messages, framed as gRPC frames them, are the request's body: the storage key covers them.
        request.body = .data(Self.frames(messages))
        let plan = SendPlan(handler: handler, request: request, validUntil: nil, stores: true)
        let emitter = EventEmitter(
            requestID: handler.nextRequestID(), label: request.name ?? plan.label,
            broadcaster: handler.broadcaster, observer: onEvent, clock: handler.clock)
        do {
            if Task.isCancelled { throw CancellationError() }
            switch mode ?? handler.mode {
            case .cache, .sample:
                return try await replay(plan, mode: mode ?? handler.mode, emitter: emitter, receive: receive)
            case .normal, .live:
                return try await callLive(
                    plan, messages: messages, timeout: timeout, maximumBytes: maximumReceivedMessageBytes,
                    emitter: emitter, receive: receive)
            }
        } catch {
            throw handler.failed(error, plan: plan, emitter: emitter)
        }
    }

    private func callLive(
        _ plan: SendPlan, messages: [[UInt8]], timeout: Duration?, maximumBytes: Int, emitter: EventEmitter,
        receive: @escaping @Sendable (GRPCCallEvent) async -> Void
    ) async throws -> GRPCCallResult {
        // gRPC-Web goes over the handler's own HTTP transport; gRPC over its connector.
        let native = handler.grpc
        if native == nil, !plan.request.url.isGRPCWeb {
            throw TernError(
                .unsupported, "this handler makes no gRPC calls: give it one, Handler(..., grpc: GRPCClientConnector())"
            )
        }
        emitter.emit(.attempt(number: 1))
        let started = Date()
        let stopwatch = ContinuousClock.now
        let recorded = Mutex<(headers: [GRPCMetadataEntry], messages: [GRPCTranscript.Message], answered: Bool)>(
            ([], [], false))
        let outcome = Mutex<(status: GRPCStatus, request: Request)?>(nil)
        let run: InterceptorNext = { request in
            try request.url.checkPort()
            let call = try Self.grpcCall(
                for: request, timeout: timeout, maximumBytes: maximumBytes)
            let (stream, sink) = AsyncStream.makeStream(of: [UInt8].self)
            for message in messages { sink.yield(message) }
            sink.finish()
            let connector: any GRPCConnector =
                call.isWeb
                ? GRPCWebConnector(transport: handler.transport, proxy: request.connectionSettings?.proxy)
                : native ?? GRPCWebConnector(transport: handler.transport)
            let status = await connector.run(call, messages: stream) { event in
                switch event {
                case .metadata(let headers):
                    recorded.withLock {
                        $0.headers = headers
                        $0.answered = true
                    }
                case .message(let bytes):
                    let offset = (ContinuousClock.now - stopwatch).seconds
                    recorded.withLock { $0.messages.append(.init(bytes: Data(bytes), offset: offset)) }
                }
                await receive(event)
            }
            outcome.withLock { $0 = (status, request) }
            var headers = HTTPFields()
            headers[.contentType] = GRPCTranscript.contentType
            return Response(
                status: .ok, headers: headers, source: .live, request: request,
                timing: Response.Timing(start: started, duration: ContinuousClock.now - stopwatch), attempts: 1)
        }
        _ = try await handler.chain(around: run, requestID: emitter.requestID, attempt: 1)(plan.request)
        guard let (status, sent) = outcome.withLock({ $0 }) else {
            throw TernError(.unsupported, "an interceptor answered the gRPC call without making it")
        }
        let (headers, received, answered) = recorded.withLock { ($0.headers, $0.messages, $0.answered) }
        let transcript = GRPCTranscript(
            url: plan.redactor.redact(url: Self.grpcBase(of: plan.request.url)),
            method: Self.grpcMethod(of: plan.request.url), openedAt: started, headers: headers, messages: received,
            status: status)
        emitter.emit(
            .response(
                status: 200, source: .live, bytes: Int64(received.reduce(0) { $0 + $1.bytes.count }),
                duration: ContinuousClock.now - stopwatch, phases: nil))
        // Only what the server said is stored: not a call that never reached it (or was cancelled first).
        if answered || status.code != .unavailable && status.code != .cancelled && status.code != .deadlineExceeded {
            await store(transcript, plan: plan, emitter: emitter)
        }
        return GRPCCallResult(
            status: status, source: .live, request: sent, storageKey: plan.key, stored: nil, transcript: transcript)
    }

    private func replay(
        _ plan: SendPlan, mode: ResponseMode, emitter: EventEmitter,
        receive: @escaping @Sendable (GRPCCallEvent) async -> Void
    ) async throws -> GRPCCallResult {
        guard handler.storage != nil else {
            throw TernError(
                .cacheMiss, "cache mode needs a storage manager; this handler has none", requestLabel: plan.label)
        }
        guard let entry = try await handler.responses.lookup(plan, strict: mode == .cache) else {
            emitter.emit(.cache(.miss(key: plan.key)))
            if mode == .sample {
                throw TernError(.noSample, "nothing is stored for this gRPC call", requestLabel: plan.label)
            }
            throw TernError(.cacheMiss, await handler.responses.missExplanation(plan), requestLabel: plan.label)
        }
        guard entry.headers[.contentType] == GRPCTranscript.contentType else {
            throw TernError(
                .cacheMiss, "what is stored under '\(plan.key)' is not a gRPC call (\(entry.status))",
                requestLabel: plan.label)
        }
        let transcript = try GRPCTranscript.decode(try entry.bodyData())
        emitter.emit(.cache(.hit(key: plan.key, expired: !entry.isValid(at: handler.clock.now))))
        emitter.emit(
            .response(
                status: 200, source: .cache, bytes: Int64(transcript.messages.reduce(0) { $0 + $1.bytes.count }),
                duration: .zero, phases: nil))
        await receive(.metadata(transcript.headers.map(\.metadata)))
        for message in transcript.messages { await receive(.message(Array(message.bytes))) }
        return GRPCCallResult(
            status: transcript.status, source: .cache, request: plan.request, storageKey: plan.key,
            stored: (entry.storedAt, entry.validUntil), transcript: transcript)
    }

    /// The messages framed as gRPC frames them (uncompressed): the body a call's storage key covers.
    public static func frames(_ messages: [[UInt8]]) -> Data {
        var frames = Data()
        for message in messages {
            let count = UInt32(truncatingIfNeeded: message.count)
            frames.append(contentsOf: [0, UInt8(count >> 24), UInt8((count >> 16) & 0xFF), UInt8((count >> 8) & 0xFF)])
            frames.append(UInt8(count & 0xFF))
            frames.append(contentsOf: message)
        }
        return frames
    }

    /// Stores a live call's transcript under its request's key.
    private func store(_ transcript: GRPCTranscript, plan: SendPlan, emitter: EventEmitter) async {
        await TranscriptStore(handler: handler).store(
            transcript.encoded(), contentType: GRPCTranscript.contentType, status: .ok, method: "POST",
            openedAt: transcript.openedAt, what: "the call", plan: plan, emitter: emitter)
    }

    /// Request headers that are HTTP's, not the call's metadata.
    static let notMetadata: Set<String> = [
        "accept-encoding", "content-type", "content-length", "user-agent", "host", "te", "connection",
        "transfer-encoding", "accept",
    ]

    /// The call `request` (after the interceptors) makes.
    static func grpcCall(for request: Request, timeout: Duration?, maximumBytes: Int) throws(TernError) -> GRPCCall {
        GRPCCall(
            url: grpcBase(of: request.url), method: grpcMethod(of: request.url), metadata: try metadata(of: request),
            timeout: timeout, tls: request.connectionSettings?.tls ?? TLSSettings(),
            maximumReceivedMessageBytes: maximumBytes)
    }

    /// The metadata `request`'s headers carry: every header but HTTP's own and gRPC's reserved `grpc-*`,
    /// a `-bin` one's value read from base64.
    public static func metadata(of request: Request) throws(TernError) -> [GRPCMetadataEntry] {
        var metadata: [GRPCMetadataEntry] = []
        for field in request.headers {
            let name = field.name.canonicalName.lowercased()
            if notMetadata.contains(name) || name.hasPrefix("grpc-") { continue }
            guard let entry = GRPCMetadataEntry(name: name, written: field.value) else {
                throw TernError(.invalidRequest, "the metadata '\(name)' ends in -bin but its value is not base64")
            }
            metadata.append(entry)
        }
        return metadata
    }

    /// `grpc://HOST:PORT` of a call's URL.
    public static func grpcBase(of url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        components.path = ""
        components.query = nil
        components.fragment = nil
        return components.url ?? url
    }

    /// `pkg.Service/Method` of a call's URL (its path without the leading slash).
    public static func grpcMethod(of url: URL) -> String {
        String(url.path.drop(while: { $0 == "/" }))
    }
}
