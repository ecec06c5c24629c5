/// What an import did (or, with `--dry-run`, would do): `tern import --json` prints exactly this object.
package struct ImportReport: Sendable, Equatable, Codable {
    /// Spec ids written for the first time.
    package var created: [String] = []
    /// Spec ids that existed, differed, and were replaced (`--overwrite`).
    package var updated: [String] = []
    /// Spec ids that existed with the same definition.
    package var unchanged: [String] = []
    /// Items not imported, with the reason (including existing specs that differ, without `--overwrite`).
    package var skipped: [SkippedItem] = []
    /// Details not carried over, and choices the user should know about.
    package var warnings: [String] = []
    /// Every local file the source names, and what the import does with it.
    package var files: [LocalFileUse] = []

    /// Makes an empty report.
    package init() {}

    /// The human summary: one line of counts, then the skipped items and the warnings.
    package func lines(group: String, workspace: String, dryRun: Bool) -> [String] {
        let verb = dryRun ? "would import" : "imported"
        let total = created.count + updated.count + unchanged.count
        var lines = [
            "\(verb) \(total) \(total == 1 ? "spec" : "specs") into \(group)/ of \(workspace): "
                + "\(created.count) created, \(updated.count) updated, \(unchanged.count) unchanged, "
                + "\(skipped.count) skipped"
        ]
        lines += skipped.map { "  skipped \($0.item): \($0.reason)" }
        lines += warnings.map { "  warning: \($0)" }
        lines += files.map { "  file \($0.line)" }
        return lines
    }
}
