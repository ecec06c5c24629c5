import Foundation
import TernWorkspace
import Testing

@testable import TernInterchange

@Suite("Import limits: headers, methods and folder depth match what the workspace loads")
struct ImportLimitsTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "tern-limits-\(UUID().uuidString)")

    private func curl(_ command: String) throws(ImportError) -> ImportedCollection {
        try CurlImporter.read(
            ImportSource(data: Data(command.utf8), name: "cmd.sh", baseDirectory: folder, workspaceRoot: folder))
    }

    private func curlError(_ command: String) -> ImportError? {
        do {
            _ = try curl(command)
            return nil
        } catch {
            return error
        }
    }

    @Test("100,000 -H are refused, naming the limit; the limit itself imports, repeated names joined")
    func curlHeaders() throws {
        let many = "curl https://h/x" + (0..<100_000).map { " -H 'X-\($0): 1'" }.joined()
        let refused = try #require(curlError(many))
        #expect(refused.location == "cmd.sh:1")
        #expect(refused.message.contains("100000 headers, more than the \(WorkspaceLimits.maximumHeaders)"))
        let names = (0..<WorkspaceLimits.maximumHeaders).map { " -H 'X-\($0 % 500): v'" }.joined()
        let spec = try #require(try curl("curl https://h/x" + names).specs.first).spec
        #expect(spec.headers.count == 500)
        #expect(spec.headers.first?.value == "v, v")
    }

    @Test("A HAR entry with 65,535 headers is skipped naming the entry, without trapping")
    func harHeaders() throws {
        let headers = Array(repeating: #"{"name": "X-A", "value": "1"}"#, count: 65_535).joined(separator: ",")
        let collection = try HARImporter.read(
            ImportSource(
                data: harDocument([
                    harEntry(#"{"method": "GET", "url": "https://h/ok", "headers": []}"#),
                    harEntry(#"{"method": "GET", "url": "https://h/many", "headers": [\#(headers)]}"#),
                ]), name: "x.har", baseDirectory: folder, workspaceRoot: folder))
        #expect(collection.specs.count == 1)
        let skipped = try #require(collection.skipped.first)
        #expect(skipped.item == "GET https://h/many")
        #expect(skipped.reason.contains("#/log/entries/1"))
        #expect(skipped.reason.contains("65535 headers, more than the \(WorkspaceLimits.maximumHeaders)"))
    }

    @Test("A Postman request with more headers than a spec may have is skipped")
    func postmanHeaders() throws {
        let headers = (0...WorkspaceLimits.maximumHeaders).map { #"{"key": "X-\#($0)", "value": "v"}"# }
            .joined(separator: ",")
        let text = #"""
            {"info": {"name": "many"}, "item": [
              {"name": "ok", "request": {"method": "GET", "url": "https://h/a"}},
              {"name": "heavy", "request": {"method": "GET", "url": "https://h/b", "header": [\#(headers)]}}
            ]}
            """#
        let collection = try PostmanImporter.read(PostmanFixtureSupport.source(text))
        #expect(collection.specs.map(\.spec.name) == ["ok"])
        #expect(collection.skipped.map(\.item) == ["heavy"])
    }

    @Test("A spec file with 65,535 headers is a load error at its line, not a trap")
    func specHeaders() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try Data("name: w\n".utf8).write(to: folder.appendingPathComponent("workspace.yaml"))
        var text = "method: GET\npath: https://h/x\nheaders:\n"
        for index in 0..<65_535 { text += "  X-\(index): v\n" }
        try Data(text.utf8).write(to: folder.appendingPathComponent("specs/many.yaml"))
        let error = try #require(throws: WorkspaceError.self) { try Workspace.load(from: folder) }
        #expect(error.line == 4)
        #expect(error.message.contains("65535 headers, more than the \(WorkspaceLimits.maximumHeaders)"))
    }

    @Test("curl -X must be an HTTP token: 'GET /x HTTP/1.1' is refused, not written")
    func curlMethod() throws {
        let error = try #require(curlError("curl -X 'GET /x HTTP/1.1' https://h/x"))
        #expect(error.location == "cmd.sh:1")
        #expect(error.message.contains("'GET /x HTTP/1.1' is not an HTTP method"))
        #expect(curlError("curl -X PROPFIND https://h/x") == nil)
        #expect(curlError("curl -X 'M-SEARCH' https://h/x") == nil)
    }

    @Test("A spec that would not load is skipped with the load's error, never reported as created")
    func loadsBack() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = #"""
            {"info": {"name": "bad"}, "item": [
              {"name": "ok", "request": {"method": "GET", "url": "https://h/a"}},
              {"name": "spaced", "request": {"method": "GET /x HTTP/1.1", "url": "https://h/b"}}
            ]}
            """#
        let collection = try PostmanImporter.read(PostmanFixtureSupport.source(text))
        let plan = try ImportPlan(collection, root: folder, group: "bad", overwrite: false, origin: "t")
        #expect(plan.report.created == ["bad/ok"])
        let skipped = try #require(plan.report.skipped.first)
        #expect(skipped.item == "bad/spaced")
        #expect(skipped.reason.contains("would not load") && skipped.reason.contains("is not an HTTP method"))
        try plan.apply()
        #expect(try Workspace.load(from: folder).specIDs == ["bad/ok"])
    }

    @Test("95 nested Postman folders: the spec lands within the loader's depth, with a warning, and lists")
    func deepFolders() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let depth = 95
        var text = #"{"info": {"name": "deep"}, "item": ["#
        for level in 0..<depth { text += #"{"name": "f\#(level)", "item": ["# }
        text += #"{"name": "leaf", "request": {"method": "GET", "url": "https://h/x"}}"#
        text += String(repeating: "]}", count: depth) + "]}"
        let collection = try PostmanImporter.read(PostmanFixtureSupport.source(text))
        #expect(collection.specs.first?.folders.count == depth)
        let plan = try ImportPlan(collection, root: folder, group: "deep", overwrite: false, origin: "t")
        let id = try #require(plan.report.created.first)
        #expect(id.split(separator: "/").count - 1 == WorkspaceLimits.maximumFolderDepth)
        #expect(plan.report.warnings.contains { $0.contains("95 folders") && $0.contains("left out") })
        try plan.apply()
        #expect(try Workspace.load(from: folder).specIDs == [id])
    }

    @Test("Saving a spec deeper than the loader walks is refused")
    func saveDepth() throws {
        let workspace = Workspace(root: folder, name: "w")
        let deep = Array(repeating: "f", count: WorkspaceLimits.maximumFolderDepth + 1).joined(separator: "/") + "/x"
        #expect(throws: WorkspaceError.self) {
            try workspace.makeEntry(id: deep, spec: SpecDefinition(name: "x", method: "GET", path: "https://h"))
        }
    }
}
