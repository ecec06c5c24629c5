import TernWorkspace

/// The bounds every importer keeps, taken from the workspace's own (`WorkspaceLimits`), so that
/// what an import writes is what loading accepts.
enum ImportLimits {
    /// The most headers one imported request may have: the spec loader's limit.
    static let maximumHeaders = WorkspaceLimits.maximumHeaders
    /// The most folders a spec may sit in under `specs/` (the group counts as one): the loader's walk depth.
    static let maximumFolderDepth = WorkspaceLimits.maximumFolderDepth

    /// "N headers, more than the 1000 a request may have".
    static func tooManyHeaders(_ count: Int, what: String = "headers") -> String {
        "\(count) \(what), more than the \(maximumHeaders) a request may have"
    }
}
