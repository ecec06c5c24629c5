import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

@Suite("Import plans against a workspace")
struct ImportPlanTests {
    private func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tern-import-\(UUID().uuidString)")
    }

    private func collection(path: String = "/pets") -> ImportedCollection {
        ImportedCollection(
            format: .openapi, title: "Pet Store",
            specs: [
                ImportedSpec(
                    folders: ["Pets"], fileName: "listPets",
                    spec: SpecDefinition(name: "List pets", target: "petstore", method: "GET", path: path)),
                ImportedSpec(
                    folders: ["Pets"], fileName: "listPets",
                    spec: SpecDefinition(name: "List pets again", target: "petstore", method: "GET", path: "/v2")),
            ],
            targets: [WorkspaceTarget(name: "petstore", baseURL: "{{baseURL}}")],
            environments: [
                ImportedEnvironment(
                    name: "petstore", variables: [HTTPFieldPair(name: "baseURL", value: "https://pets.example/v1")])
            ],
            warnings: ["operation 'watch' uses a webhook: not imported"])
    }

    @Test("A new folder becomes a workspace that loads, with its specs, target, environment and .gitignore")
    func createsWorkspace() throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let plan = try ImportPlan(collection(), root: root, group: "petstore", overwrite: false, origin: "tern import")
        #expect(plan.createsWorkspace)
        #expect(plan.report.created == ["petstore/pets/list-pets", "petstore/pets/list-pets-2"])
        #expect(plan.report.warnings == ["operation 'watch' uses a webhook: not imported"])
        #expect(!FileManager.default.fileExists(atPath: root.path), "planning writes nothing")
        try plan.apply()
        let workspace = try Workspace.load(from: root)
        #expect(workspace.name == "Pet Store")
        #expect(workspace.defaultEnvironment == "petstore")
        #expect(workspace.targets["petstore"]?.baseURL == "{{baseURL}}")
        #expect(workspace.environments["petstore"]?.value(of: "baseURL") == "https://pets.example/v1")
        #expect(workspace.specIDs == ["petstore/pets/list-pets", "petstore/pets/list-pets-2"])
        #expect(workspace.specs.first?.spec.name == "List pets")
        let ignore = try String(contentsOf: root.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(ignore.contains(".tern/"))
    }

    @Test("Importing the same source again changes nothing; a user's edit is skipped unless --overwrite")
    func reimport() throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try ImportPlan(collection(), root: root, group: "petstore", overwrite: false, origin: "t").apply()
        let again = try ImportPlan(collection(), root: root, group: "petstore", overwrite: false, origin: "t")
        #expect(again.report.created.isEmpty)
        #expect(again.report.unchanged == ["petstore/pets/list-pets", "petstore/pets/list-pets-2"])
        #expect(again.writes.isEmpty)

        let file = root.appendingPathComponent("specs/petstore/pets/list-pets.yaml")
        let edited = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "/pets", with: "/mine")
        try edited.write(to: file, atomically: true, encoding: .utf8)
        let kept = try ImportPlan(collection(), root: root, group: "petstore", overwrite: false, origin: "t")
        #expect(kept.report.skipped.map(\.item) == ["petstore/pets/list-pets"])
        #expect(kept.report.skipped.first?.reason.contains("--overwrite") == true)
        try kept.apply()
        #expect(try String(contentsOf: file, encoding: .utf8).contains("/mine"))

        let replaced = try ImportPlan(collection(), root: root, group: "petstore", overwrite: true, origin: "t")
        #expect(replaced.report.updated == ["petstore/pets/list-pets"])
        try replaced.apply()
        #expect(try Workspace.load(from: root).spec(named: "petstore/pets/list-pets").spec.path == "/pets")
    }

    @Test("An existing workspace gains the target and variables; its comments and its own values stay")
    func existingWorkspace() throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("environments"), withIntermediateDirectories: true)
        let manifest = """
            # my workspace
            name: Mine
            targets:
              # the API I work on
              api:
                baseURL: https://api.example
            handler:
              timeout: 5

            """
        try manifest.write(to: root.appendingPathComponent("workspace.yaml"), atomically: true, encoding: .utf8)
        try "# mine\nbaseURL: http://127.0.0.1:9\n".write(
            to: root.appendingPathComponent("environments/petstore.yaml"), atomically: true, encoding: .utf8)
        let plan = try ImportPlan(collection(), root: root, group: "petstore", overwrite: false, origin: "t")
        #expect(!plan.createsWorkspace)
        #expect(plan.report.warnings.contains { $0.hasPrefix("baseURL in environments/petstore.yaml kept") })
        try plan.apply()
        let text = try String(contentsOf: root.appendingPathComponent("workspace.yaml"), encoding: .utf8)
        #expect(text.contains("# my workspace") && text.contains("# the API I work on"))
        let workspace = try Workspace.load(from: root)
        #expect(workspace.targets["api"]?.baseURL == "https://api.example")
        #expect(workspace.targets["petstore"]?.baseURL == "{{baseURL}}")
        #expect(workspace.handler.timeout == 5)
        #expect(workspace.environments["petstore"]?.value(of: "baseURL") == "http://127.0.0.1:9")
    }

    @Test("A workspace that does not load stops the import before anything is written")
    func brokenWorkspace() throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try "name: [unclosed\n".write(
            to: root.appendingPathComponent("workspace.yaml"), atomically: true, encoding: .utf8)
        #expect(throws: ImportError.self) {
            try ImportPlan(collection(), root: root, group: "petstore", overwrite: false, origin: "t")
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("specs").path))
    }

    @Test("Files a spec needs are copied in once; an existing different file is kept")
    func files() throws {
        let root = folder()
        let outside = folder()
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: outside)
        }
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let source = outside.appendingPathComponent("body.json")
        try Data(#"{"a":1}"#.utf8).write(to: source)
        var imported = collection()
        imported.files = [ImportedFile(source: source, destination: "files/body.json")]
        try ImportPlan(imported, root: root, group: "petstore", overwrite: false, origin: "t").apply()
        #expect(try Data(contentsOf: root.appendingPathComponent("files/body.json")) == Data(#"{"a":1}"#.utf8))
        try Data("changed".utf8).write(to: source)
        let again = try ImportPlan(imported, root: root, group: "petstore", overwrite: false, origin: "t")
        #expect(again.newFiles.isEmpty)
        #expect(again.report.warnings.contains { $0.hasPrefix("files/body.json exists and differs") })
    }

    @Test("Into a workspace with one target and a default environment: specs keep their target, values land in use")
    func defaultTargetAndEnvironment() throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "workspace.yaml":
                "name: Mine\ndefaultEnvironment: local\ntargets:\n  api:\n    baseURL: https://api.example\n",
            "environments/local.yaml": "# mine\nuserId: 1\n",
            "specs/users.yaml": "method: GET\npath: /users\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let plan = try ImportPlan(collection(), root: root, group: "petstore", overwrite: false, origin: "t")
        #expect(plan.newDefaultTarget == "api")
        #expect(plan.newVariables.map(\.environment) == ["local"])
        try plan.apply()
        let workspace = try Workspace.load(from: root)
        #expect(workspace.defaultTarget == "api")
        #expect(workspace.environments["local"]?.value(of: "baseURL") == "https://pets.example/v1")
        #expect(workspace.environments["local"]?.value(of: "userId") == "1")
        let users = try workspace.request(
            for: workspace.spec(named: "users"), context: TemplateContext(processEnvironment: [:]))
        #expect(users.url.absoluteString == "https://api.example/users")
        let pets = try workspace.request(
            for: workspace.spec(named: "petstore/pets/list-pets"), context: TemplateContext(processEnvironment: [:]))
        #expect(pets.url.absoluteString == "https://pets.example/v1/pets")
    }
}
