import Foundation
import HTTPTypes
import Synchronization

/// One send's fixed facts, worked out once: the request, its storage key, its redactor and its label.
struct SendPlan: Sendable {
    /// The request as the endpoint lowered it (before interceptors).
    let request: Request
    /// Where its response is stored (worked out at first use: a file body is digested for it, which
    /// `prepareKey()` starts beside a live upload instead of before it).
    var key: String { lazyKey.value }
    private let lazyKey: LazyKey
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
        self.init(
            request: request, redactor: handler.redactor(for: request), identity: handler.cacheIdentity,
            validUntil: validUntil, stores: stores)
    }

    init(
        request: Request, redactor: Redactor, identity: CacheIdentity,
        validUntil: (@Sendable (Response) -> Date?)? = nil,
        stores: Bool = true
    ) {
        self.request = request
        self.redactor = redactor
        let url = redactor.redact(url: request.url)
        let cacheURL = request.identityURL.map { redactor.redact(url: $0) } ?? url
        lazyKey = LazyKey { identity.key(for: request, redactedURL: cacheURL, redactor: redactor) }
        label = "\(request.method.rawValue) \(url)"
        self.validUntil = validUntil
        directives = RequestCacheDirectives(request.headers)
        self.stores = stores && !directives.noStore
    }
}

extension SendPlan {
    /// Whether working out the key reads a file (a file body, or a multipart form with a file part).
    var keyReadsFile: Bool {
        guard request.storageKey == nil else { return false }
        switch request.body {
        case .file: return true
        case .multipart(let form): return form.parts.contains { if case .file = $0.content { true } else { false } }
        case .none, .data: return false
        }
    }

    /// Starts working out the key on another thread: a live send needs it only once the answer is
    /// back, so the file is digested while it is being sent rather than before.
    func prepareKey() {
        let lazyKey = self.lazyKey
        Thread.detachNewThread { _ = lazyKey.value }
    }
}

/// A value worked out once, by whichever thread asks first; the others wait for it.
final class LazyKey: Sendable {
    private let make: @Sendable () -> String
    private let state = Mutex<String?>(nil)

    init(_ make: @escaping @Sendable () -> String) { self.make = make }

    var value: String {
        state.withLock { value in
            if let value { return value }
            let made = make()
            value = made
            return made
        }
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
