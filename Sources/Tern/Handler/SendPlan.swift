import Foundation

/// One send's fixed facts, worked out once: the request, its storage key, its redactor and its label.
struct SendPlan: Sendable {
    /// The request as the endpoint lowered it (before interceptors).
    let request: Request
    /// Where its response is stored.
    let key: String
    /// Hides its secrets wherever it is written down.
    let redactor: Redactor
    /// `METHOD URL` with secrets redacted: what errors, events and logs say.
    let label: String
    /// The caller's validity override (Lynn's `getValidUntil`).
    let validUntil: (@Sendable (Response) -> Date?)?
    /// Whether the response may be stored.
    let stores: Bool
    /// What the request's own `Cache-Control` and `Pragma` ask of the cache.
    let directives: RequestCacheDirectives
    /// Where a streamed body goes as it arrives, and how it is stopped (`Handler.stream`).
    var streaming: StreamHooks?

    init(handler: Handler, request: Request, validUntil: (@Sendable (Response) -> Date?)?, stores: Bool) {
        self.request = request
        let redactor = handler.redactor(for: request)
        self.redactor = redactor
        let url = redactor.redact(url: request.url)
        let cacheURL = request.identityURL.map { redactor.redact(url: $0) } ?? url
        key = handler.cacheIdentity.key(for: request, redactedURL: cacheURL, redactor: redactor)
        label = "\(request.method.rawValue) \(url)"
        self.validUntil = validUntil
        directives = RequestCacheDirectives(request.headers)
        self.stores = stores && !directives.noStore
    }
}

/// A streaming consumer's hooks, handed to every attempt's transport.
struct StreamHooks: Sendable {
    /// Sees the head and each chunk.
    let onStream: @Sendable (StreamPart) -> Void
    /// Ends the stream early.
    let stop: StreamStop
    /// Waits while the consumer is behind (the transport awaits it after each chunk).
    var waitForRoom: (@Sendable () async -> Void)? = nil
}
