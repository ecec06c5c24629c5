package import TernInterchange

/// What `import` did, with where: the report and the human summary every front end prints.
package struct ImportOutcome: Sendable, Equatable {
    /// Created, updated, unchanged, skipped, warnings.
    package var report: ImportReport
    /// The group the specs went under.
    package var group: String
    /// The workspace folder, as the user named it.
    package var workspace: String
    /// Whether nothing was written (`--dry-run`).
    package var dryRun: Bool
    /// Whether the import made a new workspace.
    package var createdWorkspace: Bool
    /// What `--into-cache` stored, when it was asked for.
    package var cache: RecordedStoreSummary?

    /// Makes an outcome.
    package init(report: ImportReport, group: String, workspace: String, dryRun: Bool, createdWorkspace: Bool) {
        self.report = report
        self.group = group
        self.workspace = workspace
        self.dryRun = dryRun
        self.createdWorkspace = createdWorkspace
    }

    /// The summary line, the skipped items and the warnings.
    package var lines: [String] {
        var lines = report.lines(group: group, workspace: workspace, dryRun: dryRun)
        if createdWorkspace {
            lines.insert((dryRun ? "would create" : "created") + " the workspace \(workspace)", at: 0)
        }
        if let cache {
            lines += cache.lines
        }
        return lines
    }
}
