public import Tern

/// `handler:` in `workspace.yaml`: how the explorer's handler sends this workspace's specs.
///
/// Every field is optional in YAML; the defaults are the library's (`normal` mode, 3 retries with
/// exponential backoff and jitter, 30 s timeout and read timeout, 300 s cache TTL, and the
/// body limits of `TransferLimits`).
public struct HandlerSettings: Sendable, Equatable {
    /// Where responses come from: `normal`, `live`, `cache` or `sample` (default `normal`).
    public var mode: ResponseMode
    /// Whether `workspace.yaml` names the mode (`tern run` asks the server unless it does).
    public var declaresMode = false
    /// Retries after the first attempt (default 3; 0 means one attempt).
    public var maxRetries: Int
    /// The backoff schedule and retried statuses.
    public var retry: RetrySettings
    /// Seconds one attempt may take (default 30).
    public var timeout: Double
    /// Seconds an attempt may go without a byte sent or received (default 30).
    public var readTimeout: Double = 30
    /// The largest response body kept in memory, in bytes (default 100 MB).
    public var maxBodyBytes: Int64 = TransferLimits.defaultMaximumBodyBytes
    /// The largest body a download writes to its file, in bytes (default 10 GiB).
    public var maxDownloadBytes: Int64 = TransferLimits.defaultMaximumDownloadBytes
    /// Seconds a stored response stays valid when the server says nothing (no `Cache-Control: max-age`,
    /// no `Expires`; default 300); a spec's `validFor` overrides both.
    public var cacheTTL: Double
    /// Bytes of stored bodies the cache keeps before evicting the least recently used (default 500 MB).
    public var cacheMaxBytes: Int64 = 500_000_000
    /// Whether `normal` mode serves the newest stored answer when the network fails (default true).
    public var staleIfError = true
    /// Whether answers that carry a secret (`Set-Cookie`, a redacted field, a secret value, a captured
    /// credential) are stored (default true: `.tern/` is private); false never writes them down.
    public var storeSecretAnswers = true
    /// Whether every answer of a spec imported from OpenAPI is checked against its operation
    /// (`contract: openapi`), as `expect.openapi: true` does for one spec (default false).
    public var checksOpenAPIContracts = false
    /// Whether and how far redirects are followed (`redirects: {follow, max}`; default: follow, 10 hops).
    public var redirects = RedirectPolicy.default
    /// The `User-Agent` of requests that set none (`nil`: `tern/VERSION`; empty: none).
    public var userAgent: String?
    /// Request headers that do not tell requests apart in the cache (tracing ids); `Authorization`,
    /// `Cookie`, `Accept`, `Accept-Language` and `Content-Type` always do.
    public var cacheIgnoreHeaders: [String] = []
    /// Header names redacted in recorded requests, the history, reports and exports beyond `Authorization`,
    /// `Proxy-Authorization`, `Cookie` and `Set-Cookie`.
    public var redactHeaders: [String] = []
    /// Whether requests ask for `Accept-Encoding: gzip, deflate` and compressed answers are decoded (default true).
    public var compression = true
    /// The largest body a gzip or deflate answer may decode to, in bytes (default: `maxBodyBytes`).
    public var maxDecodedBodyBytes: Int64? = nil

    /// Makes settings with the defaults.
    public init(
        mode: ResponseMode = .normal,
        maxRetries: Int = 3,
        retry: RetrySettings = RetrySettings(),
        timeout: Double = 30,
        cacheTTL: Double = 300
    ) {
        self.mode = mode
        self.maxRetries = maxRetries
        self.retry = retry
        self.timeout = timeout
        self.cacheTTL = cacheTTL
    }

    /// The transport limits these settings describe (`readTimeout`, `maxBodyBytes`, `maxDownloadBytes`,
    /// `maxDecodedBodyBytes`).
    public func transferLimits() -> TransferLimits {
        var limits = TransferLimits(
            readTimeout: .fromSeconds(readTimeout), maximumBodyBytes: maxBodyBytes,
            maximumDownloadBytes: maxDownloadBytes)
        limits.maximumDecodedBodyBytes = maxDecodedBodyBytes
        return limits
    }

    /// The retry policy these settings describe (`jitter: true` is half jitter, 0.5).
    public func retryPolicy() -> RetryPolicy {
        let initial = Duration.fromSeconds(retry.initialDelay)
        let backoff: Backoff =
            retry.backoff == "constant"
            ? .constant(initial)
            : .exponential(initial: initial, maximum: .fromSeconds(max(retry.maxDelay, retry.initialDelay)))
        return RetryPolicy(
            maxRetries: maxRetries,
            backoff: backoff,
            jitter: retry.jitter ? 0.5 : 0,
            retryableStatuses: Set(retry.on)
        )
    }
}
