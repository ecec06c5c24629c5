/// A spec this spec needs answered first (`requires:` in a spec file), such as a login whose
/// captured token it uses.
///
/// ```yaml
/// requires:
///   - auth/login                        # sent when nothing was captured from it yet
///   - {spec: auth/refresh, send: whenExpired}
/// ```
public struct SpecDependency: Sendable, Equatable {
    /// When the dependency is sent before the spec that requires it.
    public enum Policy: String, Sendable, CaseIterable {
        /// Never: the values captured earlier are used as they are.
        case never
        /// When no answer of it is recorded in this environment (the default).
        case whenMissing
        /// When its recorded answer is older than its validity (`validFor`, else `handler.cacheTTL`).
        case whenExpired
        /// Before every send.
        case always
    }

    /// The id of the spec required.
    public var spec: String
    /// When it is sent.
    public var policy: Policy

    /// Makes a dependency.
    public init(spec: String, policy: Policy = .whenMissing) {
        self.spec = spec
        self.policy = policy
    }
}
