import Foundation
import TernWorkspace
import Testing

@testable import TernImport

/// Every real-world file of the corpus, whatever its format, taken all the way into a workspace:
/// detected as its folder's format, imported, written, loaded back, every spec lowered into a
/// request, and imported a second time without a change.
@Suite("Import corpus into workspaces")
struct CorpusWorkspaceTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// `(format, file)` for each corpus file: the format folders' files, without notes and licences.
    static let corpus: [String] = ImportFormat.allCases.flatMap { format -> [String] in
        let folder = fixtures.appendingPathComponent(format.rawValue, isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().filter { name in
            let ext = (name as NSString).pathExtension.lowercased()
            return ["json", "yaml", "yml", "har", "sh", "txt", "curl"].contains(ext)
                && !name.hasPrefix(".") && !name.uppercased().hasPrefix("LICENSE") && !name.contains(".schema.")
        }.map { "\(format.rawValue)/\($0)" }
    }

    /// Real files Tern refuses on purpose, with a clear error (Postman v1 predates the collection format).
    static let refused = ["postman/newman-v1.postman_collection.json"]

    @Test("The corpus has files of every format")
    func corpusPresent() {
        for format in ImportFormat.allCases {
            #expect(Self.corpus.contains { $0.hasPrefix(format.rawValue + "/") }, "no \(format.rawValue) files")
        }
    }

    @Test("Each corpus file is detected, imported, loads, lowers, and re-imports unchanged", arguments: corpus)
    func roundTrip(_ path: String) throws {
        let format = try #require(ImportFormat(rawValue: String(path.prefix(while: { $0 != "/" }))))
        let file = Self.fixtures.appendingPathComponent(path)
        let data = try Data(contentsOf: file)
        if format != .curl {
            #expect(ImportFormat.detect(String(decoding: data, as: UTF8.self))?.format == format)
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let source = ImportSource(
            data: data, name: path, baseDirectory: file.deletingLastPathComponent(), workspaceRoot: root)
        if Self.refused.contains(path) {
            #expect(throws: ImportError.self) { try format.read(source) }
            return
        }
        let collection = try format.read(source)
        let group = source.groupName(title: collection.title)
        let plan = try ImportPlan(collection, root: root, group: group, overwrite: false, origin: "test")
        #expect(
            !plan.report.created.isEmpty || !collection.warnings.isEmpty || !collection.skipped.isEmpty,
            "\(path) gave no spec and said nothing")
        try plan.apply()

        let workspace = try Workspace.load(from: root)
        #expect(workspace.specs.count == plan.report.created.count)
        var failures: [String] = []
        let environment = collection.environments.first?.name
        for entry in workspace.specs {
            do {
                let context = TemplateContext(environment: environment, processEnvironment: ["TERN_CORPUS": "1"])
                _ = try workspace.request(for: entry, context: context)
            } catch  where error.kind == .undefinedVariable {
                continue  // a path parameter or secret with no value: the user fills it in
            } catch
                where error.message.contains("does not exist")
                && collection.warnings.contains(where: { $0.contains("does not exist") })
            {
                continue  // a file the source names but does not carry, and the import said so
            } catch {
                failures.append("\(entry.id): \(error)")
            }
        }
        #expect(failures.isEmpty, "specs that do not lower: \(failures.prefix(5))")

        let again = try ImportPlan(format.read(source), root: root, group: group, overwrite: false, origin: "test")
        #expect(again.report.created.isEmpty && again.report.updated.isEmpty)
        #expect(again.writes.isEmpty)
        #expect(again.report.unchanged.count == plan.report.created.count, "\(again.report.skipped.prefix(3))")
        #expect(again.newTargets.isEmpty && again.newVariables.isEmpty)
    }
}
