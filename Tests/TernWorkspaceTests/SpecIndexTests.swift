import Foundation
import Tern
import Testing

@testable import TernWorkspace

/// `tern list` reads its specs from `.tern/spec-index` where their files are unchanged: what it lists is
/// always what loading every file would give.
@Suite("The spec index")
struct SpecIndexTests {
    private static let manifest = """
        name: Indexed
        targets:
          api: { baseURL: "http://127.0.0.1:1" }
          other: { baseURL: "http://127.0.0.1:2" }
        defaultTarget: api
        """

    /// A workspace whose files were all written an hour ago (settled: their rows are kept).
    private func workspace(_ specs: [String: String]) throws -> TemporaryWorkspace {
        var files = ["workspace.yaml": Self.manifest]
        for (id, text) in specs { files["specs/\(id).yaml"] = text }
        let workspace = try TemporaryWorkspace(files)
        for path in files.keys { try age(workspace.url(path), seconds: 3_600) }
        return workspace
    }

    /// Sets the file's modification time `seconds` ago (a different value each call, as an edit gives).
    private func age(_ file: URL, seconds: Double) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -seconds)], ofItemAtPath: file.path)
    }

    /// What loading every file gives, as listings.
    private func loaded(_ workspace: TemporaryWorkspace) throws -> [SpecListing] {
        try workspace.load(keepingBrokenSpecs: true).specs.map {
            SpecListing(
                id: $0.id, name: $0.spec.name, method: $0.spec.method, path: $0.spec.path, target: $0.spec.target,
                variables: Set(
                    $0.spec.templatedStrings.flatMap(Template.references(in:)).filter(\.isVariable).map(
                        \.name)
                ).sorted())
        }
    }

    @Test("the first listing writes the index; the next reads it and gives the same")
    func writtenThenRead() throws {
        let workspace = try workspace([
            "users/get-user": "method: GET\npath: /users/1\nname: Get user\n",
            "users/create": "method: POST\npath: /users\ntarget: other\n",
            "health": "method: GET\npath: /health\nnmae: Health\n",
        ])
        let first = try Workspace.listing(from: workspace.root)
        #expect(first.specs == (try loaded(workspace)))
        let index = try workspace.read(".tern/spec-index")
        #expect(index.hasPrefix(SpecIndex.header))
        #expect(index.contains("users/get-user\t"))
        // The index is what the second listing reads: a row changed in it (same stamp) shows.
        try workspace.write(".tern/spec-index", index.replacingOccurrences(of: "Get user", with: "From the index"))
        let second = try Workspace.listing(from: workspace.root)
        #expect(second.specs.first { $0.id == "users/get-user" }?.name == "From the index")
        // The unknown-field warning is given from the index too.
        #expect(second.workspace.warnings.map(\.description) == first.workspace.warnings.map(\.description))
        #expect(first.workspace.warnings.contains { $0.message.contains("nmae") })
    }

    @Test("an edited, added or removed spec file shows at once")
    func outOfDateAfterAnEdit() throws {
        let workspace = try workspace([
            "a": "method: GET\npath: /a\n", "b": "method: GET\npath: /b\n", "c": "method: GET\npath: /c\n",
        ])
        _ = try Workspace.listing(from: workspace.root)
        // Same size, other content, another modification time.
        try workspace.write("specs/a.yaml", "method: PUT\npath: /a\n")
        try age(workspace.url("specs/a.yaml"), seconds: 1_800)
        try workspace.write("specs/d.yaml", "method: DELETE\npath: /d\n")
        try FileManager.default.removeItem(at: workspace.url("specs/c.yaml"))
        let listed = try Workspace.listing(from: workspace.root)
        #expect(listed.specs == (try loaded(workspace)))
        #expect(listed.specs.map(\.id) == ["a", "b", "d"])
        #expect(listed.specs.first?.method == "PUT")
        // A file changed just now is read every time until it settles; it is not written to the index.
        #expect(!(try workspace.read(".tern/spec-index")).contains("\nd\t"))
        #expect(try workspace.read(".tern/spec-index").contains("\na\t"))
    }

    @Test("a spec that cannot load is listed broken every time, and a change to workspace.yaml checks every spec again")
    func brokenAndManifest() throws {
        let workspace = try workspace([
            "good": "method: GET\npath: /good\ntarget: other\n", "bad": "method: GET\npath: [unclosed\n",
        ])
        let first = try Workspace.listing(from: workspace.root)
        #expect(first.specs.map(\.id) == ["good"])
        #expect(first.workspace.brokenSpecs.map(\.id) == ["bad"])
        let again = try Workspace.listing(from: workspace.root)
        #expect(again.workspace.brokenSpecs.map(\.id) == ["bad"])
        // Without the target 'other', 'good' no longer loads: the index is not trusted past the change.
        try workspace.write("workspace.yaml", "name: Indexed\ntargets:\n  api: { baseURL: \"http://127.0.0.1:1\" }\n")
        try age(workspace.url("workspace.yaml"), seconds: 60)
        let changed = try Workspace.listing(from: workspace.root)
        #expect(changed.specs.isEmpty)
        #expect(Set(changed.workspace.brokenSpecs.map(\.id)) == ["bad", "good"])
    }

    @Test("a foreign, truncated or unreadable index is rebuilt, never trusted")
    func foreignIndex() throws {
        let workspace = try workspace(["a": "method: GET\npath: /a\n"])
        try workspace.write(".tern/spec-index", "tern-spec-index 1\tnot a stamp\na\tx\n")
        #expect(try Workspace.listing(from: workspace.root).specs == (try loaded(workspace)))
        let index = try workspace.read(".tern/spec-index")
        try workspace.write(".tern/spec-index", String(index.dropLast(8)))
        #expect(try Workspace.listing(from: workspace.root).specs == (try loaded(workspace)))
        try workspace.write(".tern/spec-index", "\u{FF}\u{FE}garbage")
        #expect(try Workspace.listing(from: workspace.root).specs == (try loaded(workspace)))
    }

    @Test("the variables a spec uses are indexed: whether the embedded mock is needed is known without reading it")
    func variables() throws {
        let workspace = try workspace([
            "mocked": "method: GET\npath: \"{{mock}}/users/{{userId}}\"\nheaders: { X-Key: \"{{env:KEY}}\" }\n",
            "plain": "method: GET\npath: /plain\n",
        ])
        _ = try Workspace.listing(from: workspace.root)
        let listed = try Workspace.listing(from: workspace.root)
        #expect(listed.specs.first { $0.id == "mocked" }?.variables == ["mock", "userId"])
        #expect(listed.specs.first { $0.id == "plain" }?.variables == [])
        #expect(listed.workspace.referencesVariable("mock", listings: listed.specs))
        #expect(!listed.workspace.referencesVariable("mock", listings: listed.specs.filter { $0.id == "plain" }))
    }

    @Test("fields with tabs, newlines and backslashes survive the index")
    func escaping() throws {
        let workspace = try workspace([
            "odd": "method: GET\npath: \"/a\\\\b\\tc\"\nname: \"two\\nlines \\\\ and\\ttab\"\n"
        ])
        let first = try Workspace.listing(from: workspace.root)
        let second = try Workspace.listing(from: workspace.root)
        #expect(first.specs == second.specs)
        #expect(second.specs.first?.name == "two\nlines \\ and\ttab")
        #expect(second.specs.first?.path == "/a\\b\tc")
    }

    @Test("rows read back as written, whatever their fields hold: CR LF, tabs, backslashes, non-ASCII, warnings")
    func rowsRoundTrip() throws {
        let manifest = FileStamp(device: 1, inode: 2, size: 3, modified: 4, changed: 5)
        let odd = ["plain", "two\r\nlines", "tab\there", "back\\slash\\", "é🙂\u{301}", "\\t is not a tab", "", " "]
        var rows: [SpecIndex.Row] = []
        for (number, text) in odd.enumerated() {
            rows.append(
                SpecIndex.Row(
                    stamp: FileStamp(device: 9, inode: UInt64(number), size: 10, modified: 11, changed: 12),
                    listing: SpecListing(
                        id: "group/spec-\(number)", name: text, method: "GET", path: "/p/\(text)",
                        target: number.isMultiple(of: 2) ? nil : text.isEmpty ? "api" : text,
                        variables: number == 0 ? [] : ["a", "mock"]),
                    warnings: number == 1 ? [(3, 7, text), (4, 1, "plain")] : []))
        }
        let text = SpecIndex.text(rows, manifest: manifest)
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == rows.count + 2)
        let read = SpecIndex.rows(Array(text.utf8), manifest: manifest)
        #expect(read.count == rows.count)
        for row in rows {
            #expect(read[row.listing.id] == row, "\(row.listing.name.debugDescription)")
        }
        // Another manifest, bytes that are not UTF-8, or a row cut short: nothing is trusted.
        #expect(
            SpecIndex.rows(Array(text.utf8), manifest: FileStamp(device: 1, inode: 2, size: 3, modified: 4, changed: 6))
                .isEmpty)
        #expect(SpecIndex.rows(Array(text.utf8) + [0xFF, 0x0A], manifest: manifest).isEmpty)
        #expect(SpecIndex.rows(Array(text.utf8) + Array("x\t1:2:3:4:5\n".utf8), manifest: manifest).isEmpty)
    }

    @Test("a file stamp reads back from its text, and what is not one is refused")
    func stampText() {
        let stamp = FileStamp(
            device: 2049, inode: 18_446_744_073_709_551_615, size: -1, modified: 1_764_000_000_123_456_789,
            changed: 0)
        #expect(FileStamp(text: stamp.text[...]) == stamp)
        for text in ["", "1:2:3:4", "1:2:3:4:5:6", "1:2:3:4:x", "-1:2:3:4:5", "1:2:3:4:5 ", "١:2:3:4:5"] {
            #expect(FileStamp(text: text[...]) == nil, "\(text)")
        }
    }
}
