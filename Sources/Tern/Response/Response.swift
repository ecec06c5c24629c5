public import Foundation
public import HTTPTypes

/// A response as the caller sees it: status, headers, body, where it came from, and how long it took.
public struct Response: Sendable {
    /// The status.
    public var status: HTTPResponse.Status
    /// The header fields.
    public var headers: HTTPFields
    /// The body in memory (empty for downloads, whose body is at `fileURL`).
    public var body: Data
    /// The file a download was written to.
    public var fileURL: URL?
    /// Live, cache or sample.
    public var source: ResponseSource
    /// The request that produced it (as last sent, after interceptors).
    public var request: Request
    /// When the first attempt started and how long the whole send took.
    public var timing: Timing
    /// How many network attempts were made (0 for cache and sample).
    public var attempts: Int
    /// Storage details when the response was stored or read from storage.
    public var cache: CacheInfo?
    /// Whether the consumer ended a streamed body before the server did (`ResponseStream.stop()`):
    /// the body is what arrived until then.
    public var stoppedEarly = false
    /// How a compressed body was decoded (`gzip 3.1 kB → 48 kB`), `nil` when it arrived unencoded.
    public var contentDecoding: ContentDecoding? = nil
    /// What the connection was for a live response (HTTP version, TLS, certificate), when known.
    public var connection: ConnectionInfo? = nil
    /// The redirects followed to get it, in order (empty when none was).
    public var redirects: [RedirectHop] = []
    /// Where the last attempt's time went (connecting, waiting, receiving), for a live response whose
    /// transport measured it; `nil` for stored and sample answers.
    public var phases: TransferPhases? = nil
    /// For a WebSocket spec sent as one exchange (the explorer's `send`): the conversation, every
    /// message each way and how it closed; the body is then its summary as JSON.
    public var conversation: WebSocketTranscript? = nil

    /// Makes a response; transports and interceptors may build their own.
    public init(
        status: HTTPResponse.Status,
        headers: HTTPFields = [:],
        body: Data = Data(),
        fileURL: URL? = nil,
        source: ResponseSource = .live,
        request: Request,
        timing: Timing = Timing(start: Date(), duration: .zero),
        attempts: Int = 1,
        cache: CacheInfo? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.fileURL = fileURL
        self.source = source
        self.request = request
        self.timing = timing
        self.attempts = attempts
        self.cache = cache
    }

    /// The numeric status code.
    public var statusCode: Int { status.code }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status.code) }

    /// The body as UTF-8 text, when it is valid UTF-8.
    public var text: String? { String(data: body, encoding: .utf8) }

    /// The size of the body in bytes (the file's size for downloads).
    public var byteCount: Int64 {
        if let fileURL, body.isEmpty { return FileManager.default.sizeOfFile(at: fileURL) ?? 0 }
        return Int64(body.count)
    }

    /// Returns the response when its status is in `acceptable`, else throws `unacceptableStatus`.
    @discardableResult
    public func validate(_ acceptable: some RangeExpression<Int> = 200..<300) throws(TernError) -> Response {
        guard acceptable.contains(status.code) else {
            throw TernError(
                .unacceptableStatus, "the server answered \(status.code) \(status.reasonPhrase)",
                requestLabel: request.label, response: self
            )
        }
        return self
    }

    /// Decodes the body as JSON into `type`.
    public func decode<Value: Decodable>(
        _ type: Value.Type = Value.self,
        keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys,
        dateDecodingStrategy: JSONDecoder.DateDecodingStrategy = .deferredToDate
    ) throws(TernError) -> Value {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = keyDecodingStrategy
        decoder.dateDecodingStrategy = dateDecodingStrategy
        return try decode(type, using: decoder)
    }

    /// Decodes the body as JSON with a decoder of your own.
    public func decode<Value: Decodable>(_ type: Value.Type, using decoder: JSONDecoder) throws(TernError) -> Value {
        do {
            return try decoder.decode(Value.self, from: bodyData())
        } catch {
            throw TernError(
                .decoding, "the body could not be decoded as \(Value.self): \(error)",
                requestLabel: request.label, response: self, underlying: error
            )
        }
    }

    /// The body bytes, read from the download file when the body is there.
    public func bodyData() throws -> Data {
        if body.isEmpty, let fileURL { return try Data(contentsOf: fileURL) }
        return body
    }
}

extension Response {
    /// When a send started and how long it took, retries and delays included.
    public struct Timing: Sendable, Hashable {
        public var start: Date
        public var duration: Duration

        public init(start: Date, duration: Duration) {
            self.start = start
            self.duration = duration
        }
    }

    /// Storage facts about a response: its key, when it was stored, until when it is valid, its state.
    public struct CacheInfo: Sendable, Hashable {
        public var key: String
        public var storedAt: Date
        public var validUntil: Date
        /// Whether the entry had expired when it was read (only `cache` mode serves those).
        public var isExpired: Bool
        /// How the answer was served: stored, fresh, expired, revalidated or stale because offline.
        public var state: CacheState
        /// The request the stored answer was recorded for (secrets redacted).
        public var request: RequestRecord?
        /// The last comparison with a live answer (`tern verify`), if any.
        public var verification: StoredResponse.Verification?

        public init(
            key: String, storedAt: Date, validUntil: Date, isExpired: Bool = false, state: CacheState? = nil,
            request: RequestRecord? = nil, verification: StoredResponse.Verification? = nil
        ) {
            self.key = key
            self.storedAt = storedAt
            self.validUntil = validUntil
            self.isExpired = isExpired
            self.state = state ?? (isExpired ? .expired : .fresh)
            self.request = request
            self.verification = verification
        }

        /// Whether the last verification found the live answer different.
        public var isDrifted: Bool { verification?.drifted == true }

        /// The words after `CACHE · ` in a badge (`revalidated`, `stale, offline`, `drifted`), if any.
        public var badge: String? {
            let words = [state.badge, isDrifted ? "drifted" : nil].compactMap { $0 }
            return words.isEmpty ? nil : words.joined(separator: ", ")
        }
    }
}
