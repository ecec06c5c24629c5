import Foundation
import TernWorkspace
import Testing

@testable import TernInterchange

/// `.http` files as the JetBrains HTTP Client and VS Code REST Client write them.
@Suite(".http import")
struct HTTPFileImporterTests {
    private func read(_ text: String, files: [String: String] = [:]) throws -> (ImportedCollection, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("http-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, content) in files { try Data(content.utf8).write(to: folder.appendingPathComponent(name)) }
        let source = ImportSource(
            data: Data(text.utf8), name: folder.appendingPathComponent("api.http").path, baseDirectory: folder,
            workspaceRoot: folder.appendingPathComponent("ws"))
        return (try HTTPFileImporter.read(source), folder)
    }

    private func spec(_ name: String, in collection: ImportedCollection) throws -> SpecDefinition {
        try #require(collection.specs.first { $0.spec.name == name }).spec
    }

    @Test("### and # @name name requests; method, URL continuation, version, headers and bodies")
    func requests() throws {
        let (collection, _) = try read(
            """
            @host = https://api.example.com
            ### List users
            GET {{ host }}/users
                ?page=2
                &size=10 HTTP/1.1
            Accept: application/json

            ###
            # @name create
            POST {{host}}/users
            Content-Type: application/json

            {"name": "Ada"}

            // a comment after the request

            ###
            https://api.example.com/health
            """)
        let list = try spec("List users", in: collection)
        #expect(list.method == "GET" && list.path == "/users")
        #expect(list.query.map(\.name) == ["page", "size"])
        #expect(list.headers.map(\.name) == ["Accept"])
        let create = try spec("create", in: collection)
        #expect(create.method == "POST" && create.body == .text(#"{"name": "Ada"}"#))
        let health = try #require(collection.specs.first { $0.spec.path.hasSuffix("/health") }).spec
        #expect(health.method == "GET" && health.body == nil)
        #expect(
            collection.environments.first?.variables == [HTTPFieldPair(name: "host", value: "https://api.example.com")])
    }

    @Test("< ./file bodies and multipart parts with files; Host header with a path-only request line")
    func filesAndMultipart() throws {
        let (collection, folder) = try read(
            """
            POST https://h/upload
            Content-Type: multipart/form-data; boundary=abcd

            --abcd
            Content-Disposition: form-data; name="text"

            Text
            --abcd
            Content-Disposition: form-data; name="file"; filename="input.txt"

            < ./input.txt
            --abcd--

            ###
            PUT /items/1
            Host: h.example

            < ./body.json
            """, files: ["input.txt": "hello", "body.json": "{}"])
        let upload = try #require(collection.specs.first { $0.spec.method == "POST" }).spec
        guard case .multipart(let parts)? = upload.body else {
            Issue.record("not multipart: \(String(describing: upload.body))")
            return
        }
        #expect(parts.map(\.name) == ["text", "file"])
        #expect(parts[0].value == "Text" && parts[1].file?.hasSuffix("input.txt") == true)
        #expect(!upload.headers.contains { $0.name.lowercased() == "content-type" }, "Tern frames the parts itself")
        let put = try #require(collection.specs.first { $0.spec.method == "PUT" }).spec
        #expect(put.body == .file(folder.appendingPathComponent("body.json").path))
        #expect(!put.headers.contains { $0.name.lowercased() == "host" })
        let base = collection.targets.first { $0.name == put.target }?.baseURL ?? ""
        #expect((base + put.path).hasSuffix("h.example/items/1"), "\(base) \(put.path)")
    }

    @Test("what Tern cannot run is reported: handlers, directives, dynamic variables, other protocols")
    func reported() throws {
        let (collection, _) = try read(
            """
            # @no-cookie-jar
            GET https://h/a?id={{$uuid}}&n={{$randomFirstName}}
            X-Home: {{$processEnv HOME}}

            > {%
              client.global.set("token", response.body.token);
              client.log(response.body);
            %}

            ###
            GRPC grpcb.in:9000/hello.HelloService/SayHello

            ###
            SSE https://h/events
            """)
        let warnings = collection.warnings.joined(separator: "\n")
        #expect(warnings.contains("@no-cookie-jar"))
        #expect(warnings.contains("response handler script is not run"))
        #expect(warnings.contains("{{$randomFirstName}} is not one Tern makes"))
        #expect(!warnings.contains("$uuid"), "Tern makes {{$uuid}} when it sends")
        let first = try #require(collection.specs.first).spec
        #expect(first.headers.first?.value == "{{env:HOME}}")
        #expect(first.body == nil, "the handler is not a body")
        #expect(
            first.notes == """
                Not run by Tern (kept from the source):
                # @no-cookie-jar
                > {%
                  client.global.set("token", response.body.token);
                  client.log(response.body);
                %}
                """, "word for word, in file order")
        #expect(first.capture == [CaptureRule(name: "token", source: .json("$.token"))], "what maps is mapped too")
        #expect(warnings.contains("line 7: a response handler script is not run by Tern: 'client.log(response.body);'"))
        #expect(warnings.contains("kept in the spec's notes"))
        #expect(collection.specs.last?.spec.notes == nil, "a request with nothing to keep has no notes")
        #expect(collection.skipped.isEmpty, "a GRPC request is a gRPC spec: \(collection.skipped)")
        #expect(collection.specs.contains { $0.spec.grpc?.method == "hello.HelloService/SayHello" })
        let events = try #require(collection.specs.last).spec
        #expect(
            events.method == "GET" && events.headers.contains { $0.name == "Accept" && $0.value == "text/event-stream" }
        )
    }

    @Test("http-client.env.json gives environments; the private file's values go to the secret store")
    func environments() throws {
        let (collection, _) = try read(
            """
            @version = v2
            @host = http://fallback
            GET {{host}}/{{version}}/me
            Authorization: Bearer {{token}}
            """,
            files: [
                "http-client.env.json": #"{"dev": {"host": "http://localhost:3000"}, "prod": {"host": "https://api"}}"#,
                "http-client.private.env.json": #"{"dev": {"token": "t-dev"}}"#,
            ])
        #expect(
            collection.environments.map(\.name) == ["dev", "prod"], "file variables are no environment of their own")
        // File variables hold in every environment, under the environment's own values.
        #expect(
            collection.environments.first?.variables == [
                HTTPFieldPair(name: "host", value: "http://localhost:3000"),
                HTTPFieldPair(name: "version", value: "v2"),
            ])
        let me = try #require(collection.specs.first).spec
        #expect(me.headers.first?.value == "Bearer {{secret:token}}")
        #expect(
            collection.secrets == [
                ImportedSecret(name: "token", value: "t-dev", item: "http-client.private.env.json (dev)")
            ])
    }

    @Test("a broken http-client.env.json is an error naming its line; odd environments and values are warned about")
    func brokenEnvironments() throws {
        let request = "GET {{host}}/me\n"
        let error = try #require(throws: ImportError.self) {
            _ = try read(request, files: ["http-client.env.json": "{\n  \"dev\": {\"host\": h}\n}"])
        }
        #expect(error.location?.hasPrefix("http-client.env.json:2:") == true, "\(error)")
        #expect(error.message.contains("not JSON"), "\(error)")
        let list = try #require(throws: ImportError.self) {
            _ = try read(request, files: ["http-client.private.env.json": "[1, 2]"])
        }
        #expect(list.message.contains("must be an object of environments"), "\(list)")
        let (collection, _) = try read(
            request, files: ["http-client.env.json": #"{"dev": {"host": "h", "flags": [1]}, "prod": "https://api"}"#])
        #expect(collection.environments.map(\.name) == ["dev"])
        let warnings = collection.warnings.joined(separator: "\n")
        #expect(warnings.contains("environment 'prod' is not an object of variables"), "\(warnings)")
        #expect(warnings.contains("'dev.flags' is not a string or a number"), "\(warnings)")
    }
}

/// Every file of the `.http` collection in `Fixtures/http-corpus` (321 files from six public
/// repositories, see its README) imports, and the workspace written loads.
@Suite(".http corpus")
struct HTTPFileCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/http-corpus")

    @Test("all 321 files import into workspaces that load, and export http → import sends the same requests")
    func everyFile() async throws {
        let files = (FileManager.default.enumerator(atPath: Self.folder.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".http") || $0.hasSuffix(".rest") }.sorted()
        #expect(files.count == 321)
        var specs = 0
        var compared = 0
        var failures: [String] = []
        for file in files {
            // The cooperative threads are shared with the in-process servers other tests wait on.
            await Task.yield()
            let url = Self.folder.appendingPathComponent(file)
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("http-corpus-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            do {
                let source = ImportSource(
                    data: try Data(contentsOf: url), name: url.path, baseDirectory: Self.folder, workspaceRoot: root)
                let collection = try HTTPFileImporter.read(source)
                let group = source.groupName(title: collection.title)
                let plan = try ImportPlan(collection, root: root, group: group, overwrite: false, origin: "test")
                #expect(plan.report.skipped.allSatisfy { !$0.reason.contains("would not load") }, "\(file)")
                try plan.apply()
                let workspace = try Workspace.load(from: root)
                specs += workspace.specs.count
                // Exported as .http and imported again beside its environments: the same requests.
                let http = root.appendingPathComponent("out")
                try FileManager.default.createDirectory(at: http, withIntermediateDirectories: true)
                try HTTPFileExport.environments(of: workspace)
                    .write(to: http.appendingPathComponent("http-client.env.json"))
                // The secrets, where the tools keep theirs.
                var values: [String: String] = [:]
                for entry in SecretResolver(workspace: root, processEnvironment: [:]).store.entries {
                    if case .value(let value) = entry.source { values[entry.name] = value }
                }
                let names = workspace.environments.isEmpty ? ["default"] : Array(workspace.environments.keys)
                try JSONSerialization.data(withJSONObject: Dictionary(uniqueKeysWithValues: names.map { ($0, values) }))
                    .write(to: http.appendingPathComponent("http-client.private.env.json"))
                let exported = try HTTPFileExport.file(of: workspace, group: group)
                let copy = root.appendingPathComponent("again")
                let back = try HTTPFileImporter.read(
                    ImportSource(
                        data: exported, name: http.appendingPathComponent("\(group).http").path, baseDirectory: http,
                        workspaceRoot: copy))
                try ImportPlan(back, root: copy, group: group, overwrite: false, origin: "test").apply()
                let reloaded = try Workspace.load(from: copy)
                let environment = workspace.defaultEnvironment
                let before = CorpusWorkspaceTests.requests(
                    of: workspace, group: group, environment: environment, applyingAuth: true)
                let after = CorpusWorkspaceTests.requests(
                    of: reloaded, group: group, environment: environment ?? reloaded.defaultEnvironment,
                    applyingAuth: true)
                // A request that did not lower (its error's kind, on one line) is not compared, nor one
                // that differs from one rendering to the next ({{$uuid}}, {{$randomInt}}).
                let twice = CorpusWorkspaceTests.requests(
                    of: workspace, group: group, environment: environment, applyingAuth: true)
                let lowered = before.filter { $0.contains("\n") && twice.contains($0) }
                let lost = lowered.filter { !after.contains($0) }
                compared += lowered.count
                if !lost.isEmpty {
                    failures.append("\(file): exported and imported again, \(lost.prefix(1)) became \(after.prefix(3))")
                }
            } catch {
                failures.append("\(file): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(specs >= 548, "the collection holds 548 HTTP requests")
        #expect(compared >= 100, "\(compared) requests were lowered and compared")
        print("http corpus: \(specs) specs, \(compared) lowered and compared after export http and import")
    }
}
