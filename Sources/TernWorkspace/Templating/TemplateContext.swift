public import Foundation

/// What `{{variables}}` are rendered with: an environment, overrides, captured values and the process environment.
///
/// A `{{name}}` takes its value from `overrides` first, then from `captured`, then from the environment;
/// `{{env:NAME}}` reads `processEnvironment`; `{{secret:NAME}}` reads `secrets`.
public struct TemplateContext: Sendable {
    /// The environment to use; `nil` means the workspace's `defaultEnvironment`.
    public var environment: String?
    /// Values that win over the environment's (`--var k=v`, the REPL's `set var`).
    public var overrides: [String: String]
    /// Values captured from responses (`capture:`) for this environment: below overrides, above the
    /// environment file.
    public var captured: [String: String] = [:]
    /// The process environment, for `{{env:NAME}}` (secrets that must not be committed).
    public var processEnvironment: [String: String]
    /// What `{{secret:NAME}}` reads: the workspace's secret store (`nil`: none, so every secret is
    /// read from the process environment or is undefined).
    public var secrets: SecretResolver?

    /// Makes a context; by default the workspace's default environment and the real process environment.
    public init(
        environment: String? = nil,
        overrides: [String: String] = [:],
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.environment = environment
        self.overrides = overrides
        self.processEnvironment = processEnvironment
    }
}
