/// The bounds a workspace's numbers and sizes must keep, so a hostile or mistyped file is an
/// error at its `file:line:column` rather than a crash, a hang or exhausted memory
/// (`docs/security.md` lists them all).
public enum WorkspaceLimits {
    /// The longest `handler.timeout`, in seconds: 1 day.
    public static let maximumTimeout: Double = 86_400
    /// The longest `handler.retry.initialDelay` and `maxDelay`, in seconds: 1 day.
    public static let maximumRetryDelay: Double = 86_400
    /// The longest `validFor` and `handler.cacheTTL`, in seconds: 100 years of 365.25 days.
    public static let maximumValidity: Double = 3_155_760_000
    /// The most `handler.maxRetries`.
    public static let maximumRetries = 100
    /// The largest workspace file (manifest, environment or spec), in bytes: 16 MiB.
    public static let maximumFileSize = 16 << 20
    /// The most nodes YAML aliases may add to one file when expanded (alias bombs).
    public static let maximumAliasNodes = 100_000
    /// The longest rendered string, in UTF-8 bytes: 1 MiB.
    public static let maximumRenderedString = 1 << 20
    /// The most bytes all rendered strings of one request may hold together: 8 MiB.
    public static let maximumRenderedRequest = 8 << 20
    /// The most `{{…}}` substitutions while rendering one request.
    public static let maximumSubstitutions = 100_000
    /// The most headers one spec, target or sample may list; importers refuse a request with more
    /// (HTTP fields are counted in 16 bits, and no server takes that many).
    public static let maximumHeaders = 1_000
    /// The most folders a spec may sit in under `specs/` (`a/b/c/x.yaml` is 3): loading walks no
    /// deeper (a guard against symbolic-link loops), so importers and `save` stay within it.
    public static let maximumFolderDepth = 32

    /// `seconds` in words for messages: `86400 seconds (1 day)`.
    static func describe(seconds: Double) -> String {
        switch seconds {
        case maximumValidity: "3155760000 seconds (100 years)"
        case 86_400: "86400 seconds (1 day)"
        default: "\(seconds) seconds"
        }
    }
}
