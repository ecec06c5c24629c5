import Foundation

/// Entry points for fuzzers (`Fuzz/`): hostile text straight into the importers, then every
/// successful import planned into a workspace as `tern import --dry-run` plans it (each spec read
/// back as loading reads it), with no files involved. Every error is an expected outcome; a crash,
/// a hang or runaway memory is the bug a fuzzer looks for.
@_spi(Fuzzing) public enum ImportFuzzing {
    /// The workspace imports are planned into: it does not exist, so the plan creates it and reads
    /// nothing from disk; files the source names are only named (`--copy-files` is off).
    static let root = URL(fileURLWithPath: "/nonexistent/tern-fuzz", isDirectory: true)

    /// Feeds `bytes` to an importer: the first byte chooses it (curl, OpenAPI, Postman, Insomnia,
    /// HAR, in `ImportFormat`'s order), the rest is the source. Returns whether the input was
    /// imported and planned (`false`: it was rejected with an `ImportError`).
    @discardableResult
    public static func run(_ bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        let format = ImportFormat.allCases[Int(first) % ImportFormat.allCases.count]
        return run(format, data: Data(bytes.dropFirst()))
    }

    /// Imports `data` as `format` and plans it; `true` when both succeeded.
    @discardableResult
    static func run(_ format: ImportFormat, data: Data) -> Bool {
        // What `import auto` and the wrong-format hint look at.
        _ = ImportFormat.detect(String(decoding: data.prefix(1 << 20), as: UTF8.self))
        let source = ImportSource(data: data, name: "fuzz", baseDirectory: root, workspaceRoot: root)
        do {
            let collection = try format.read(source)
            let group = source.groupName(title: collection.title)
            let plan = try ImportPlan(
                collection, root: root, group: group, overwrite: false, origin: "tern import \(format.rawValue) fuzz")
            _ = plan.report.lines(group: plan.group, workspace: "fuzz", dryRun: true)
            return true
        } catch {
            _ = error.description  // the message is built for every error, as the CLI would
            return false
        }
    }
}
