import Foundation
import Tern
import Testing

@testable import TernWorkspace

@Suite struct LoadingTests {
    static let fullManifest = """
        name: Demo
        defaultEnvironment: local
        targets:                      # a target = base URL + shared headers/auth for its specs
          api:
            baseURL: "{{baseURL}}"
            headers: { Accept: application/json }
          files:
            baseURL: https://files.example.com
        handler:
          mode: sample                # normal | live | cache | sample
          maxRetries: 5
          retry: { backoff: constant, initialDelay: 0.5, maxDelay: 10, jitter: false, on: [429, 503] }
          timeout: 12.5
          cacheTTL: 60
        """

    static let fullSpec = """
        name: Get user
        target: api
        method: GET
        path: /users/{{userId}}
        query: { verbose: true, tags: [a, b], limit: 10, ratio: 0.5, quoted: "7" }
        arrayEncoding: comma
        headers: { X-Trace: "{{traceId}}", X-Count: 3 }
        body: { json: { name: Ada, age: 36, tags: [x, "{{userId}}"], nested: { ok: false, none: null } } }
        transaction: download
        storageKey: user-{{userId}}
        validFor: 600
        sample: { status: 201, headers: { Content-Type: application/json }, body: { id: 1 } }
        """

    @Test func loadsEveryFieldOfTheFormat() throws {
        let folder = try TemporaryWorkspace([
            "workspace.yaml": Self.fullManifest,
            "environments/local.yaml":
                "baseURL: https://api.example.com\nport: 8080\nratio: 1.50\ndebug: yes\nempty:\n",
            "specs/users/get-user.yaml": Self.fullSpec,
        ])
        let workspace = try folder.load()
        #expect(workspace.name == "Demo")
        #expect(workspace.defaultEnvironment == "local")
        #expect(workspace.targets.keys.sorted() == ["api", "files"])
        #expect(workspace.targets["api"]?.baseURL == "{{baseURL}}")
        #expect(workspace.targets["api"]?.headers.map(\.name) == ["Accept"])
        #expect(workspace.handler.mode == .sample)
        #expect(workspace.handler.maxRetries == 5)
        #expect(
            workspace.handler.retry
                == RetrySettings(backoff: "constant", initialDelay: 0.5, maxDelay: 10, jitter: false, on: [429, 503]))
        #expect(workspace.handler.timeout == 12.5)
        #expect(workspace.handler.cacheTTL == 60)
        #expect(workspace.warnings.isEmpty)

        let variables = try #require(workspace.environments["local"]).variables
        #expect(variables.map(\.name) == ["baseURL", "port", "ratio", "debug", "empty"])
        #expect(variables.map(\.value) == ["https://api.example.com", "8080", "1.50", "yes", ""])

        let entry = try #require(workspace.specs.first)
        #expect(entry.id == "users/get-user")
        #expect(entry.group == ["users"])
        #expect(entry.file == folder.url("specs/users/get-user.yaml"))
        let spec = entry.spec
        #expect(spec.name == "Get user")
        #expect(spec.target == "api")
        #expect(spec.method == "GET")
        #expect(spec.path == "/users/{{userId}}")
        #expect(spec.query.map(\.name) == ["verbose", "tags", "limit", "ratio", "quoted"])
        #expect(spec.query.map(\.value) == [.bool(true), .array(["a", "b"]), .int(10), .double(0.5), .string("7")])
        #expect(spec.arrayEncoding == .comma)
        #expect(spec.headers.map(\.name) == ["X-Trace", "X-Count"])
        #expect(spec.headers.map(\.value) == ["{{traceId}}", "3"])
        let expectedBody: JSONValue = [
            "name": "Ada", "age": 36, "tags": ["x", "{{userId}}"], "nested": ["ok": false, "none": nil],
        ]
        #expect(spec.body == .json(expectedBody))
        #expect(spec.transaction == .download)
        #expect(spec.storageKey == "user-{{userId}}")
        #expect(spec.validFor == 600)
        #expect(
            spec.sample
                == SampleDefinition(status: 201, headers: [("Content-Type", "application/json")], body: ["id": 1]))
    }

    @Test func everyOptionalFieldHasItsDefault() throws {
        let folder = try TemporaryWorkspace([
            "workspace.yaml": "",
            "specs/ping.yaml": "method: GET\npath: https://example.com/ping\n",
        ])
        let workspace = try folder.load()
        #expect(workspace.name == folder.root.lastPathComponent)
        #expect(workspace.defaultEnvironment == nil)
        #expect(workspace.targets.isEmpty)
        #expect(workspace.handler == HandlerSettings())
        #expect(workspace.environments.isEmpty)
        let spec = try #require(workspace.specs.first).spec
        #expect(spec.name == "ping")
        #expect(spec.target == nil)
        #expect(spec.query.isEmpty && spec.headers.isEmpty)
        #expect(spec.arrayEncoding == .individual)
        #expect(spec.body == nil && spec.storageKey == nil && spec.validFor == nil && spec.sample == nil)
        #expect(spec.transaction == .data)
        #expect(try workspace.spec(named: "ping").group.isEmpty)
    }

    @Test func specsAreSortedByIDAndHiddenFilesAndTernFolderAreIgnored() throws {
        let folder = try Fixtures.demo([
            "specs/b.yaml": "method: GET\npath: /b\n",
            "specs/a/z.yaml": "method: GET\npath: /z\n",
            "specs/a/deeper/y.yaml": "method: GET\npath: /y\n",
            "specs/.hidden.yaml": "not: [valid",
            "specs/.drafts/x.yaml": "not: [valid",
            "specs/notes.txt": "ignored",
            ".tern/cache.yaml": "not: [valid",
        ])
        let workspace = try folder.load()
        #expect(workspace.specIDs == ["a/deeper/y", "a/z", "b", "users/get-user"])
        #expect(workspace.specs[0].group == ["a", "deeper"])
        #expect(workspace.warnings.isEmpty)
    }

    @Test func unknownFieldsAreWarningsWithSuggestions() throws {
        let folder = try TemporaryWorkspace([
            "workspace.yaml": "name: W\ntargest: {}\nhandler: { mdoe: live, retry: { jiter: true } }\n",
            "specs/s.yaml": "name: S\nmethd: GET\nmethod: GET\npath: https://e.com\ncolour: red\n",
            "specs/old.yml": "method: GET\n",
        ])
        let workspace = try folder.load()
        let messages = workspace.warnings.map(\.description)
        #expect(
            messages.contains { $0.hasSuffix("workspace.yaml:2:1: unknown field 'targest' (did you mean 'targets'?)") })
        #expect(messages.contains { $0.hasSuffix("workspace.yaml:3:12: unknown field 'mdoe' (did you mean 'mode'?)") })
        #expect(messages.contains { $0.contains("unknown field 'jiter' (did you mean 'jitter'?)") })
        #expect(messages.contains { $0.hasSuffix("specs/s.yaml:2:1: unknown field 'methd' (did you mean 'method'?)") })
        #expect(messages.contains { $0.hasSuffix("specs/s.yaml:5:1: unknown field 'colour'") })
        #expect(
            messages.contains { $0.hasSuffix("specs/old.yml:1:1: ignored: workspace files end in .yaml, not .yml") })
        let methd = try #require(workspace.warnings.first { $0.message.contains("methd") })
        #expect(methd.line == 2 && methd.column == 1 && methd.file.lastPathComponent == "s.yaml")
    }

    @Test func aMissingDefaultEnvironmentIsAWarning() throws {
        let folder = try TemporaryWorkspace([
            "workspace.yaml": "defaultEnvironment: locl\n",
            "environments/local.yaml": "a: 1\n",
        ])
        let workspace = try folder.load()
        #expect(
            workspace.warnings.map(\.message) == [
                "defaultEnvironment 'locl' has no file environments/locl.yaml (did you mean 'local'?)"
            ])
    }

    @Test func theTargetMayBeOmittedWithExactlyOneTarget() throws {
        let folder = try Fixtures.demo(["specs/plain.yaml": "method: GET\npath: /plain\n"])
        let workspace = try folder.load()
        let request = try workspace.request(
            for: workspace.spec(named: "plain"), context: TemplateContext(processEnvironment: [:]))
        #expect(request.url.absoluteString == "https://api.example.com/v1/plain")
    }

    @Test func generatedWorkspacesLoad() throws {
        let folder = try TemporaryWorkspace()
        let ids = try WorkspaceGenerator.generate(at: folder.root, specCount: 200, groupCount: 10)
        let workspace = try folder.load()
        #expect(workspace.specIDs == ids)
        #expect(workspace.warnings.isEmpty)
        let context = TemplateContext(processEnvironment: [:])
        for entry in workspace.specs.prefix(8) {
            let request = try workspace.request(for: entry, context: context)
            #expect(request.url.host == "127.0.0.1")
        }
    }
}
