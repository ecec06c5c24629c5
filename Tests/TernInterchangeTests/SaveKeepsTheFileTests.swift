import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

/// `:save` changes only what was edited. For every spec of the demo workspace and of workspaces
/// imported from real files: load, make one edit, save, and the file differs from before by one
/// hunk, every other line (comments, blank lines, flow style, key order) where it was.
@Suite("Saving an edit keeps the file")
struct SaveKeepsTheFileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = root.appendingPathComponent("Fixtures", isDirectory: true)

    /// The edits a user makes in the TUI, one at a time.
    static let edits: [(String, @Sendable (inout SpecDefinition) -> Void)] = [
        ("add a query parameter", { $0.query.append((name: "page", value: .string("2"))) }),
        ("add a header", { $0.headers.append((name: "X-Edited", value: "1")) }),
        ("change the method", { $0.method = $0.method.uppercased() == "GET" ? "HEAD" : "GET" }),
        ("change the path", { $0.path += "/v2" }),
        (
            "change the first header",
            { spec in
                if !spec.headers.isEmpty { spec.headers[0].value += "-edited" } else { spec.path += "/x" }
            }
        ),
    ]

    /// Copies the demo workspace, and imports a few real files into workspaces of their own.
    static func workspaces(in folder: URL) throws -> [URL] {
        let demo = folder.appendingPathComponent("demo")
        try FileManager.default.copyItem(
            at: root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("workspaces/demo"),
            to: demo)
        var roots = [demo]
        for path in [
            "postman/newman-sample-collection.json", "openapi/v3.0-petstore-expanded.yaml",
            "insomnia/smoke-test-collection.yaml", "http/kulala-advanced_C.http", "curl/get_with_form.sh",
        ] {
            let file = fixtures.appendingPathComponent(path)
            #expect(FileManager.default.fileExists(atPath: file.path), "\(path)")
            let format = try #require(ImportFormat(rawValue: String(path.prefix { $0 != "/" })))
            let target = folder.appendingPathComponent(path.replacingOccurrences(of: "/", with: "-"))
            let source = ImportSource(
                data: try Data(contentsOf: file), name: path, baseDirectory: file.deletingLastPathComponent(),
                workspaceRoot: target)
            let collection = try format.read(source)
            try ImportPlan(
                collection, root: target, group: source.groupName(title: collection.title), overwrite: false,
                origin: "test"
            ).apply()
            roots.append(target)
        }
        return roots
    }

    @Test("one edit, one hunk: every spec of the demo and of imported workspaces, five kinds of edit")
    func oneHunk() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("save-keeps-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var checked = 0
        var failures: [String] = []
        for root in try Self.workspaces(in: folder) {
            for entry in try Workspace.load(from: root).specs {
                // The cooperative threads are shared with the in-process servers other tests wait on.
                await Task.yield()
                for (name, edit) in Self.edits {
                    let before = try String(contentsOf: entry.file, encoding: .utf8)
                    var edited = try Workspace.load(from: root).spec(named: entry.id)
                    edit(&edited.spec)
                    try Workspace.load(from: root).save(edited)
                    let after = try String(contentsOf: entry.file, encoding: .utf8)
                    let reloaded = try Workspace.load(from: root).spec(named: entry.id).spec
                    if reloaded != edited.spec { failures.append("\(entry.id) (\(name)): reads back differently") }
                    let hunks = Self.hunks(before, after)
                    if hunks != 1 { failures.append("\(entry.id) (\(name)): \(hunks) hunks\n\(before)\n---\n\(after)") }
                    checked += 1
                    try before.write(to: entry.file, atomically: true, encoding: .utf8)
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(checked): \(failures.prefix(2).joined(separator: "\n\n"))")
        #expect(checked >= 100, "\(checked) edits checked")
    }

    @Test("the demo's get-user: keys inside schema keep their order, a new query goes before expect")
    func demoHeadline() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("save-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let demo = try Self.workspaces(in: folder)[0]
        var entry = try Workspace.load(from: demo).spec(named: "users/get-user")
        let before = try String(contentsOf: entry.file, encoding: .utf8)
        entry.spec.query.append((name: "fields", value: .string("name")))
        entry.spec.headers.append((name: "X-Trace", value: "1"))
        try Workspace.load(from: demo).save(entry)
        let after = try String(contentsOf: entry.file, encoding: .utf8)
        #expect(after.contains("    type: object\n    required: [id, name]"), "\(after)")
        let query = try #require(after.range(of: "query:"))
        let expect = try #require(after.range(of: "expect:"))
        #expect(query.lowerBound < expect.lowerBound, "\(after)")
        #expect(Self.hunks(before, after) == 1, "\(before)\n---\n\(after)")
    }

    /// How many separate runs of changed lines turn `old` into `new` (a longest-common-subsequence diff).
    static func hunks(_ old: String, _ new: String) -> Int {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false)
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var i = 0
        var j = 0
        var hunks = 0
        var inHunk = false
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                i += 1
                j += 1
                inHunk = false
                continue
            }
            if !inHunk { hunks += 1 }
            inHunk = true
            if j < b.count, i == a.count || table[i][j + 1] >= table[i + 1][j] { j += 1 } else { i += 1 }
        }
        return hunks
    }
}
