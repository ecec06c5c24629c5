import ArgumentParser
import Foundation
import TernExplorer
import TernInterchange
import TernJSONPath

/// `tern import FORMAT SOURCE`: curl or grpcurl commands, OpenAPI, Postman, Insomnia, HAR or .http into a workspace.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Bring curl or grpcurl commands, OpenAPI, Postman, Insomnia, HAR or .http files into a workspace as specs.",
        discussion: """
            FORMAT is auto, curl, grpcurl (gRPC calls), openapi (3.0, 3.1 and Swagger 2.0), postman (v2.0, \
            v2.1), insomnia (v4), har or http (.http/.rest files, JetBrains and VS Code REST Client); SOURCE \
            is a file, - for standard input, or (curl, grpcurl) the command itself in quotes. A --workspace \
            folder that does not exist becomes a \
            new workspace. Specs go under specs/GROUP/ (default: a name from the source's title). Importing \
            the same source again creates nothing new; a spec that exists and differs is skipped unless \
            --overwrite. Exit 0 when the source was read (even with skipped items), 2 when it cannot be read \
            or parsed (nothing is written).
            """
    )

    @Argument(help: "auto, curl, grpcurl, openapi, postman, insomnia, har, http or graphql.")
    var format: String

    @Argument(help: "A file, - for standard input, a curl or grpcurl command in quotes, or a folder of .http files.")
    var source: String

    @OptionGroup var workspace: WorkspaceOptions

    @Option(name: .customLong("into"), help: "The group folder under specs/ (default: from the source's title).")
    var group: String?

    @Flag(help: "Replace specs that exist and differ from the import.")
    var overwrite = false

    @Flag(help: "Show what would be written, and write nothing.")
    var dryRun = false

    @Flag(help: "Print one JSON object: {created, updated, unchanged, skipped, warnings}.")
    var json = false

    @Flag(help: "Also store the recorded responses (a HAR's) in the cache, so the specs replay offline.")
    var intoCache = false

    @Flag(
        help: """
            Copy the files outside the workspace that the source names into it (keeping their mode), and read \
            the ones curl inlines. Without it they are named where they are and never read.
            """)
    var copyFiles = false

    @Option(
        help: ArgumentHelp(
            "Where a .graphql file's operations go: a target named after the group, with this address.",
            valueName: "URL"))
    var url: String?

    func run() async throws {
        guard let chosen = CollectionImport.Request.format(named: format) else {
            let known = CollectionImport.Request.formatWords.joined(separator: "|")
            throw CommandFailure.usage("'\(format)' is not a format to import: use \(known)")
        }
        do {
            try CollectionImport.Request.checkGroup(group)
        } catch {
            throw CommandFailure.usage(error.description)
        }
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let root = try workspace.root()
        // A folder of `.http` files: each file in turn, each its own group (unless --into), one summary each.
        let files = try Self.httpFiles(in: source, directory: directory, format: chosen)
        if !files.isEmpty {
            var combined = ImportReport()
            for file in files {
                let request = CollectionImport.Request(
                    format: .http, source: file, group: group, overwrite: overwrite, copyFiles: copyFiles)
                let plan = try Self.planAndApply(request, root: root, directory: directory, dryRun: dryRun)
                combined.append(plan.report)
                if !json {
                    let outcome = ImportOutcome(
                        report: plan.report, group: plan.group, workspace: workspace.workspace ?? root.path,
                        dryRun: dryRun, createdWorkspace: plan.createsWorkspace)
                    StandardStream.output.write(outcome.lines.joined(separator: "\n") + "\n")
                }
            }
            if json { StandardStream.output.write(Self.json(combined) + "\n") }
            return
        }
        let request = CollectionImport.Request(
            format: chosen, source: source, group: group, overwrite: overwrite, intoCache: intoCache,
            copyFiles: copyFiles, url: url)
        let plan = try Self.planAndApply(request, root: root, directory: directory, dryRun: dryRun)
        var outcome = ImportOutcome(
            report: plan.report, group: plan.group, workspace: workspace.workspace ?? root.path, dryRun: dryRun,
            createdWorkspace: plan.createsWorkspace)
        if intoCache, !dryRun {
            outcome.cache = try await OpenedWorkspace.with(workspace, .imports) { opened in
                do throws(ExplorerError) {
                    let items = plan.recordedResponses.map(RecordedItem.init)
                    let output = try await opened.session.run(.cache(.storeRecorded(items)))
                    guard case .recordedStored(let summary) = output else {
                        throw ExplorerError(.storage, "the recorded answers were not stored")
                    }
                    return summary
                } catch {
                    throw CommandFailure(status: .failure, message: error.message)
                }
            }
        }
        if json {
            var report = plan.report
            if let cache = outcome.cache {
                report.warnings.append("stored \(cache.stored) recorded responses in the cache")
                report.warnings += cache.skipped.map { "not stored \($0.item): \($0.reason)" }
            }
            StandardStream.output.write(Self.json(report) + "\n")
        } else {
            StandardStream.output.write(outcome.lines.joined(separator: "\n") + "\n")
        }
    }

    /// Plans `request` into the workspace at `root` and writes it unless `dryRun`.
    private static func planAndApply(
        _ request: CollectionImport.Request, root: URL, directory: URL, dryRun: Bool
    ) throws -> ImportPlan {
        do {
            let plan = try CollectionImport.plan(request, root: root, directory: directory).plan
            if !dryRun { try plan.apply() }
            return plan
        } catch {
            throw CommandFailure.usage(error.description)
        }
    }

    /// The `.http` and `.rest` files under `source` when it is a folder and the format is `http` or
    /// `auto` (sorted, at most 1,000); empty for a file. A folder with none is an error.
    static func httpFiles(in source: String, directory: URL, format: ImportFormat?) throws -> [String] {
        let folder = URL(fileURLWithPath: source, relativeTo: directory).standardizedFileURL
        var isFolder: ObjCBool = false
        guard source != "-", FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
            isFolder.boolValue, format == nil || format == .http
        else { return [] }
        let names = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".http") || $0.hasSuffix(".rest") }
            .filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }.sorted()
        guard !names.isEmpty else { throw CommandFailure.usage("\(source) holds no .http or .rest file") }
        guard names.count <= 1000 else {
            throw CommandFailure.usage("\(source) holds \(names.count) .http files; import at most 1,000 at once")
        }
        return names.map { folder.appendingPathComponent($0).path }
    }

    /// `{"created": [...], "updated": [...], "unchanged": [...], "skipped": [{item, reason}], "warnings": [...],
    /// "files": [{path, use, item, as}], "secrets": [{name, item, outcome}]}`.
    static func json(_ report: ImportReport) -> String {
        let strings: ([String]) -> JSONPathValue = { .array($0.map { .string($0) }) }
        let skipped = report.skipped.map {
            JSONPathValue.object(JSONPathObject([("item", .string($0.item)), ("reason", .string($0.reason))]))
        }
        let object = JSONPathObject([
            ("created", strings(report.created)), ("updated", strings(report.updated)),
            ("unchanged", strings(report.unchanged)), ("skipped", .array(skipped)),
            ("warnings", strings(report.warnings)), ("files", .array(report.files.map(fileJSON))),
            (
                "secrets",
                .array(
                    report.secrets.map {
                        .object(
                            JSONPathObject([
                                ("name", .string($0.name)), ("item", .string($0.item)),
                                ("outcome", .string($0.outcome.rawValue)),
                            ]))
                    })
            ),
        ])
        return JSONPathValue.object(object).jsonText
    }

    /// `{"path": "/abs/x", "use": "copied", "item": "POST /upload", "as": "files/x"}` (`as` when the spec names it).
    private static func fileJSON(_ use: LocalFileUse) -> JSONPathValue {
        var fields: [(String, JSONPathValue)] = [
            ("path", .string(use.path)), ("use", .string(use.use.rawValue)), ("item", .string(use.item)),
        ]
        if let written = use.written { fields.append(("as", .string(written))) }
        return .object(JSONPathObject(fields))
    }
}
