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
    /// The secrets the specs read as `{{secret:NAME}}`, and what the import does with each.
    package var secrets: [SecretUse] = []

    /// One secret of an import and where its value is.
    package struct SecretUse: Sendable, Equatable, Codable {
        /// What happens to the value.
        package enum Outcome: String, Sendable, Codable {
            /// The source's value is written to the secret store.
            case kept
            /// The store already holds this value under this name.
            case unchanged
            /// The store holds another value under this name; it is left as it is.
            case keptExisting = "kept-existing"
            /// The source has no value: the user sets one (`tern secrets set NAME`).
            case needed
        }

        /// The secret's name.
        package var name: String
        /// The first item that uses it.
        package var item: String
        /// What happens to its value.
        package var outcome: Outcome

        /// The report line.
        var line: String {
            switch outcome {
            case .kept: "secret \(name) (\(item)): kept in .tern/secrets.yaml"
            case .unchanged: "secret \(name) (\(item)): already in .tern/secrets.yaml"
            case .keptExisting:
                "secret \(name) (\(item)): .tern/secrets.yaml holds another value, which is kept "
                    + "('tern secrets set \(name)' changes it)"
            case .needed: "secret \(name) (\(item)): no value in the source; set it with 'tern secrets set \(name)'"
            }
        }
    }

    /// How many written specs the summary names.
    static let maximumListed = 20

    /// Makes an empty report.
    package init() {}

    /// Adds `other`'s lists to this report's (a folder imported file by file).
    package mutating func append(_ other: ImportReport) {
        created += other.created
        updated += other.updated
        unchanged += other.unchanged
        skipped += other.skipped
        warnings += other.warnings
        files += other.files
        secrets += other.secrets
    }

    /// The human summary: one line of counts, then the skipped items and the warnings.
    package func lines(group: String, workspace: String, dryRun: Bool) -> [String] {
        let verb = dryRun ? "would import" : "imported"
        let total = created.count + updated.count + unchanged.count
        var lines = [
            "\(verb) \(total) \(total == 1 ? "spec" : "specs") into \(group)/ of \(workspace): "
                + "\(created.count) created, \(updated.count) updated, \(unchanged.count) unchanged, "
                + "\(skipped.count) skipped"
        ]
        // Each spec written, by id (`tern send ID` sends it); a long list is cut, --json has all.
        let written =
            created.map { (dryRun ? "would create " : "created ") + $0 }
            + updated.map { (dryRun ? "would update " : "updated ") + $0 }
        let shown = Self.maximumListed
        lines += written.prefix(shown).map { "  " + $0 }
        if written.count > shown { lines.append("  … and \(written.count - shown) more (--json lists every one)") }
        lines += skipped.map { "  skipped \($0.item): \($0.reason)" }
        lines += warnings.map { "  warning: \($0)" }
        lines += files.map { "  file \($0.line)" }
        lines += secrets.map { "  \($0.line)" }
        return lines
    }
}
