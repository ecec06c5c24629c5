extension Workspace {
    /// The targets whose certificate checks are off (`tls.insecure`, their own or the workspace's), by
    /// name; `["*"]` when the workspace has no targets and its `tls.insecure` is on.
    public var insecureTargets: [String] {
        if targets.isEmpty { return tls?.insecure == true ? ["*"] : [] }
        return targets.values.filter { ($0.tls ?? tls)?.insecure == true }.map(\.name).sorted()
    }

    /// The warning every face shows once per run while certificate checks are off, or `nil`.
    public var insecureWarning: String? {
        let names = insecureTargets
        guard !names.isEmpty else { return nil }
        if names == ["*"] { return "TLS certificate checks are off for this workspace (tls.insecure)" }
        let list = names.joined(separator: ", ")
        return "TLS certificate checks are off for target\(names.count == 1 ? "" : "s") \(list) (tls.insecure)"
    }
}
