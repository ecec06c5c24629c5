import Foundation
import TernWorkspace
import Testing

@testable import TernInterchange

@Suite("Local files a source names: referenced, never read or copied without --copy-files")
struct ImportLocalFilesTests {
    /// `folder/ws` is the workspace; `folder/home` holds files outside it.
    private let folder: URL
    private var root: URL { folder.appendingPathComponent("ws") }
    private var home: URL { folder.appendingPathComponent("home") }
    private var secret: URL { home.appendingPathComponent("secret.txt") }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-local-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("root:SECRET-HASH\nbob:x\n".utf8).write(to: secret)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: secret.path)
        try Data("X-Private: SECRET-HASH\n".utf8).write(to: home.appendingPathComponent("headers.txt"))
    }

    private func curl(_ command: String, copies: Bool = false) throws -> ImportedCollection {
        try CurlImporter.read(
            ImportSource(
                data: Data(command.utf8), name: "cmd.sh", baseDirectory: home, workspaceRoot: root, copiesFiles: copies)
        )
    }

    private func spec(_ command: String, copies: Bool = false) throws -> SpecDefinition {
        try #require(try curl(command, copies: copies).specs.first).spec
    }

    /// Everything an import would write, as text.
    private func written(_ collection: ImportedCollection) -> String {
        collection.specs.map { String(describing: $0.spec) }.joined(separator: "\n")
    }

    @Test("a link inside the workspace to a file outside it is outside: -d @link is not read")
    func linkInsideToOutside() throws {
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("data"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("data/link.txt").path, withDestinationPath: secret.path)
        let collection = try CurlImporter.read(
            ImportSource(
                data: Data("curl https://h/x/ -d @data/link.txt -H @data/link.txt".utf8), name: "cmd.sh",
                baseDirectory: root, workspaceRoot: root))
        #expect(!written(collection).contains("SECRET-HASH"), "\(written(collection))")
    }

    @Test("curl -d/--data-binary/--json/-T/-F @FILE outside the workspace: named by its path, not read nor copied")
    func curlReferences() throws {
        for option in ["-d @secret.txt", "--data-binary @secret.txt", "--json @secret.txt", "-T secret.txt"] {
            let collection = try curl("curl https://h/x/ \(option)")
            let body = try #require(collection.specs.first?.spec.body)
            #expect(body == .file(secret.path), "\(option)")
            #expect(collection.files.isEmpty, "\(option) copies nothing")
            #expect(!written(collection).contains("SECRET-HASH"), "\(option) inlines nothing")
            #expect(collection.warnings.contains { $0.contains(secret.path) && $0.contains("--copy-files") })
            #expect(
                collection.localFiles == [
                    LocalFileUse(
                        path: secret.path, item: collection.localFiles[0].item,
                        use: .referenced, written: secret.path)
                ])
        }
        let form = try curl("curl https://h/x -F f=@secret.txt")
        #expect(form.files.isEmpty)
        guard case .multipart(let parts) = try #require(form.specs.first?.spec.body) else {
            Issue.record("not multipart")
            return
        }
        #expect(parts.first?.file == secret.path)
    }

    @Test("-d @FILE's CR/LF stripping is named when the file is sent as it is")
    func curlStripWarning() throws {
        let collection = try curl("curl https://h/x -d @secret.txt")
        #expect(collection.warnings.contains { $0.contains("drops the file's CR and LF") && $0.contains(secret.path) })
        #expect(
            try curl("curl https://h/x --data-binary @secret.txt").warnings.allSatisfy { !$0.contains("CR and LF") })
    }

    @Test("Data curl would inline from a file outside the workspace is left out with a warning, never read")
    func curlInlinedLeftOut() throws {
        let mixed = try curl("curl https://h/x -d a=1 -d @secret.txt --data-urlencode n@secret.txt")
        #expect(!written(mixed).contains("SECRET"))
        #expect(mixed.warnings.contains { $0.contains(secret.path) && $0.contains("not read") })
        #expect(mixed.localFiles.map(\.use) == [.notRead])
        let query = try spec("curl -G https://h/x -d @secret.txt")
        #expect(!query.path.contains("SECRET"))
        let part = try spec("curl https://h/x -F 'c=<secret.txt'")
        #expect(!String(describing: part).contains("SECRET"))
        let headers = try curl("curl https://h/x -H @headers.txt")
        #expect(headers.specs.first?.spec.headers.contains { $0.name == "X-Private" } == false)
        #expect(headers.warnings.contains { $0.contains("headers.txt") && $0.contains("its headers is left out") })
    }

    @Test("--copy-files reads and copies as curl does")
    func curlCopyFiles() throws {
        let inlined = try spec("curl https://h/x -d @secret.txt", copies: true)
        #expect(inlined.body == .text("root:SECRET-HASHbob:x"))
        let copied = try curl("curl https://h/x --data-binary @secret.txt", copies: true)
        #expect(copied.specs.first?.spec.body == .file("files/secret.txt"))
        #expect(copied.files == [ImportedFile(source: secret, destination: "files/secret.txt")])
        #expect(copied.localFiles.map(\.use) == [.copied])
    }

    @Test("Postman and Insomnia file bodies outside the workspace are named, not copied, unless --copy-files")
    func postmanInsomnia() throws {
        let postman = #"""
            {"info": {"name": "Shop", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "item": [{"name": "Raw", "request": {"method": "PUT", "url": "https://h/raw",
               "body": {"mode": "file", "file": {"src": "\#(secret.path)"}}}}]}
            """#
        let source = { (copies: Bool) in
            ImportSource(
                data: Data(postman.utf8), name: "c.json", baseDirectory: home, workspaceRoot: root,
                copiesFiles: copies)
        }
        let named = try PostmanImporter.read(source(false))
        #expect(named.specs.first?.spec.body == .file(secret.path))
        #expect(named.files.isEmpty)
        #expect(named.warnings.contains { $0.contains(secret.path) })
        let copied = try PostmanImporter.read(source(true))
        #expect(copied.specs.first?.spec.body == .file("files/shop/secret.txt"))
        #expect(copied.files.map(\.destination) == ["files/shop/secret.txt"])
        let insomnia = #"""
            {"_type": "export", "__export_format": 4, "resources": [
              {"_id": "wrk_1", "_type": "workspace", "name": "w"},
              {"_id": "req_1", "_type": "request", "parentId": "wrk_1", "name": "r", "method": "PUT",
               "url": "https://h/x", "body": {"mimeType": "application/octet-stream", "fileName": "\#(secret.path)"}}
            ]}
            """#
        let fromInsomnia = try InsomniaImporter.read(
            ImportSource(data: Data(insomnia.utf8), name: "i.json", baseDirectory: home, workspaceRoot: root))
        #expect(fromInsomnia.specs.first?.spec.body == .file(secret.path))
        #expect(fromInsomnia.files.isEmpty)
    }

    @Test("The written workspace loads with the outside reference; the report lists every path; nothing is copied")
    func planAndApply() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let collection = try curl("curl https://h/x --data-binary @secret.txt\ncurl https://h/y -d @missing.bin")
        let plan = try ImportPlan(collection, root: root, group: "h", overwrite: false, origin: "t")
        #expect(plan.report.files.map(\.path) == [secret.path, home.appendingPathComponent("missing.bin").path])
        let lines = plan.report.lines(group: "h", workspace: "ws", dryRun: true)
        #expect(lines.contains { $0.hasPrefix("  file \(secret.path): named where it is, not copied") })
        #expect(lines.contains { $0.contains("missing.bin: not found") })
        try plan.apply()
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("files").path))
        let workspace = try Workspace.load(from: root)
        #expect(workspace.specs.count == 2)
        #expect(workspace.specs.contains { $0.spec.body == .file(secret.path) })
        #expect(workspace.warnings.contains { $0.message.contains("outside the workspace") })
    }

    @Test("--copy-files keeps the copied file's mode: an owner-only file stays owner-only")
    func copyKeepsMode() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let collection = try curl("curl https://h/x -F f=@secret.txt", copies: true)
        let plan = try ImportPlan(collection, root: root, group: "h", overwrite: false, origin: "t")
        try plan.apply()
        let copy = root.appendingPathComponent("files/secret.txt")
        let mode = try FileManager.default.attributesOfItem(atPath: copy.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(try Data(contentsOf: copy) == Data(contentsOf: secret))
    }
}
