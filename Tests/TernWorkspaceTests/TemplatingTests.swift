import Foundation
import HTTPTypes
import Tern
import Testing

@testable import TernWorkspace

@Suite struct TemplatingTests {
    private let noProcess = TemplateContext(processEnvironment: [:])

    @Test func findsReferencesWithSpacesAndEnvPrefix() {
        let references = Template.references(
            in: "{{a}}/{{ b }}/{{env:HOME}}/{{ env: USER }}/{{secret:token}}/{{secret:}}/{{}}/{{unclosed")
        #expect(references.map(\.name) == ["a", "b", "HOME", "USER", "token"])
        #expect(references.map(\.kind) == [.variable, .variable, .processEnvironment, .processEnvironment, .secret])
        #expect(Template.references(in: "{{ {{x}}").map(\.name) == ["x"])
        #expect(Template.references(in: "no braces").isEmpty)
    }

    @Test func rendersInOnePassKeepingLiteralText() throws {
        let text = try Template.render("a {{x}} b {{ y }} {{}} {{open") { reference in "<\(reference.name)>" }
        #expect(text == "a <x> b <y> {{}} {{open")
        let once = try Template.render("{{x}}") { _ in "{{y}}" }
        #expect(once == "{{y}}")
    }

    @Test func usesTheDefaultEnvironmentAndOverrides() throws {
        let folder = try Fixtures.demo(["environments/prod.yaml": "baseURL: https://prod.example.com\nuserId: 7\n"])
        let workspace = try folder.load()
        let entry = try workspace.spec(named: "get-user")

        let local = try workspace.request(for: entry, context: noProcess)
        #expect(local.url.absoluteString == "https://api.example.com/v1/users/42")

        let prod = try workspace.request(
            for: entry, context: TemplateContext(environment: "prod", processEnvironment: [:]))
        #expect(prod.url.absoluteString == "https://prod.example.com/users/7")

        let overridden = try workspace.request(
            for: entry,
            context: TemplateContext(environment: "prod", overrides: ["userId": "99"], processEnvironment: [:])
        )
        #expect(overridden.url.absoluteString == "https://prod.example.com/users/99")
    }

    @Test func readsTheProcessEnvironment() throws {
        let folder = try Fixtures.demo([
            "environments/local.yaml": "baseURL: https://api.example.com\ntoken: \"{{env:API_TOKEN}}\"\n",
            "specs/me.yaml":
                "method: GET\npath: /me\nheaders: { Authorization: \"Bearer {{token}}\", X-Home: \"{{ "
                + "env:HOME_DIR }}\" }\n",
        ])
        let workspace = try folder.load()
        let context = TemplateContext(processEnvironment: ["API_TOKEN": "s3cret", "HOME_DIR": "/home/ada"])
        let request = try workspace.request(for: workspace.spec(named: "me"), context: context)
        #expect(request.headers[.authorization] == "Bearer s3cret")
        #expect(request.headers[values: try #require(.init("X-Home"))] == ["/home/ada"])

        do {
            _ = try workspace.request(
                for: workspace.spec(named: "me"), context: TemplateContext(processEnvironment: ["HOME_DIR": "/"]))
            Issue.record("rendered without API_TOKEN")
        } catch {
            #expect(error.kind == .undefinedVariable)
            #expect(
                error.message
                    == "undefined variable 'env:API_TOKEN': the process environment variable API_TOKEN is not set")
            #expect(error.file?.lastPathComponent == "local.yaml")
            #expect((error.line, error.column) == (2, 8))
        }
    }

    @Test func environmentValuesMayUseOverridesAndOtherValuesOnce() throws {
        let folder = try Fixtures.demo([
            "environments/local.yaml":
                "host: api.example.com\nbaseURL: \"https://{{host}}/{{version}}\"\nversion: \"{{v}}\"\n"
        ])
        let workspace = try folder.load()
        let entry = try workspace.spec(named: "get-user")
        let request = try workspace.request(
            for: entry, context: TemplateContext(overrides: ["userId": "1", "version": "v2"], processEnvironment: [:])
        )
        #expect(request.url.absoluteString == "https://api.example.com/v2/users/1")
        // Without the override, `version` is inserted as written: `{{v}}` is not rendered again.
        let raw = try workspace.request(
            for: entry, context: TemplateContext(overrides: ["userId": "1"], processEnvironment: [:]))
        #expect(raw.url.absoluteString.contains("%7B%7Bv%7D%7D") || raw.url.absoluteString.contains("{{v}}"))
    }

    @Test func anUndefinedVariableNamesTheVariableAndTheFile() throws {
        let folder = try Fixtures.demo([
            "specs/trace.yaml": "method: GET\npath: /trace\nheaders:\n  X-Trace: \"{{traceID}}\"\n"
        ])
        let workspace = try folder.load()
        do {
            _ = try workspace.request(for: workspace.spec(named: "trace"), context: noProcess)
            Issue.record("rendered an undefined variable")
        } catch {
            #expect(error.kind == .undefinedVariable)
            #expect(error.file?.lastPathComponent == "trace.yaml")
            #expect((error.line, error.column) == (4, 12))
            #expect(
                error.message
                    == "undefined variable 'traceID' (did you mean 'traceId'?): environment 'local' does not "
                    + "define it and no override sets it"
            )
            #expect(error.description.hasSuffix("specs/trace.yaml:4:12: " + error.message))
        }
    }

    @Test func anUndefinedVariableInATargetNamesWorkspaceYAML() throws {
        let folder = try Fixtures.demo(["environments/local.yaml": "userId: 1\n"])
        let workspace = try folder.load()
        do {
            _ = try workspace.request(for: workspace.spec(named: "get-user"), context: noProcess)
            Issue.record("rendered an undefined variable")
        } catch {
            #expect(error.kind == .undefinedVariable)
            #expect(error.file?.lastPathComponent == "workspace.yaml")
            #expect((error.line, error.column) == (5, 14))
        }
    }

    @Test func anUnknownEnvironmentListsTheEnvironments() throws {
        let folder = try Fixtures.demo(["environments/prod.yaml": "a: 1\n"])
        let workspace = try folder.load()
        do {
            _ = try workspace.request(
                for: workspace.spec(named: "get-user"),
                context: TemplateContext(environment: "prd", processEnvironment: [:]))
            Issue.record("used an unknown environment")
        } catch {
            #expect(error.kind == .unknownEnvironment)
            #expect(
                error.message
                    == "unknown environment 'prd' (did you mean 'prod'?); environments/ has 'local' and 'prod'")
            #expect(error.suggestions == ["local", "prod"])
        }
    }

    @Test func withoutAnEnvironmentOnlyOverridesApply() throws {
        let folder = try TemporaryWorkspace([
            "workspace.yaml": "targets: { api: { baseURL: \"{{base}}\" } }\n",
            "specs/s.yaml": "method: GET\npath: /s\n",
        ])
        let workspace = try folder.load()
        let entry = try workspace.spec(named: "s")
        let request = try workspace.request(
            for: entry, context: TemplateContext(overrides: ["base": "http://localhost:1"], processEnvironment: [:]))
        #expect(request.url.absoluteString == "http://localhost:1/s")
        do {
            _ = try workspace.request(for: entry, context: noProcess)
            Issue.record("rendered without a value")
        } catch {
            #expect(error.message.contains("no environment is selected"))
        }
    }
}

/// `{{$uuid}}` and the other dynamic variables `.http` files and Postman collections use.
@Suite("Dynamic variables")
struct TemplateFunctionsTests {
    @Test("each function makes a value of its kind, new on every render; unknown ones name the known")
    func functions() throws {
        let uuid = try TemplateFunctions.evaluate("uuid")
        #expect(UUID(uuidString: uuid) != nil && uuid == uuid.lowercased())
        #expect(try TemplateFunctions.evaluate("guid") != TemplateFunctions.evaluate("guid"))
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(try TemplateFunctions.evaluate("timestamp", now: now) == "1700000000")
        #expect(try TemplateFunctions.evaluate("isoTimestamp", now: now) == "2023-11-14T22:13:20Z")
        #expect(try TemplateFunctions.evaluate(#"datetime "yyyy-MM-dd" 1 d"#, now: now) == "2023-11-15")
        #expect(try TemplateFunctions.evaluate("datetime rfc1123", now: now) == "Tue, 14 Nov 2023 22:13:20 GMT")
        for _ in 0..<50 {
            let value = try #require(Int(try TemplateFunctions.evaluate("randomInt 5 8")))
            #expect((5..<8).contains(value))
        }
        #expect {
            _ = try TemplateFunctions.evaluate("randomFirstName")
        } throws: { error in
            "\(error)".contains("unknown dynamic variable {{$randomFirstName}}") && "\(error)".contains("$uuid")
        }
    }

    @Test("a spec renders them at send time; $processEnv reads the environment; an unknown one is an error at its line")
    func rendering() throws {
        let folder = try Fixtures.demo([
            "specs/dynamic.yaml":
                "method: POST\npath: /orders\nheaders:\n  X-Request-Id: \"{{$uuid}}\"\n"
                + "  X-Home: \"{{$processEnv HOME}}\"\n"
                + "body:\n  text: \"at {{$timestamp}}\"\n",
            "specs/unknown.yaml": "method: GET\npath: /x\nheaders:\n  X-Name: \"{{$randomFirstName}}\"\n",
        ])
        let workspace = try folder.load()
        let context = TemplateContext(processEnvironment: ["HOME": "/home/ada"])
        let first = try workspace.request(for: workspace.spec(named: "dynamic"), context: context)
        let second = try workspace.request(for: workspace.spec(named: "dynamic"), context: context)
        let id = try #require(HTTPField.Name("X-Request-Id"))
        #expect(first.headers[id] != second.headers[id])
        #expect(first.headers[try #require(HTTPField.Name("X-Home"))] == "/home/ada")
        #expect {
            _ = try workspace.request(for: workspace.spec(named: "unknown"), context: context)
        } throws: { error in
            "\(error)".contains("unknown.yaml:4:") && "\(error)".contains("unknown dynamic variable")
        }
    }
}

/// Finding `{{…}}` is linear in the text (the time limit only keeps a return of the quadratic scan from
/// hanging the suite).
@Suite(.timeLimit(.minutes(1))) struct TemplatingScaleTests {
    @Test("80,000 references in a 400 KB text are found and rendered")
    func manyReferences() throws {
        let text = String(repeating: "{{a}}", count: 80_000)
        #expect(Template.references(in: text).count == 80_000)
        let rendered = try Template.render(text) { _ in "x" }
        let same = rendered == String(repeating: "x", count: 80_000)  // compared apart: a failure would print both
        #expect(same, "\(rendered.count) characters")
        // An opening without a close after many references, and innermost openings, stay text.
        let ragged = String(repeating: "{{ {{b}}", count: 40_000) + "{{"
        #expect(Template.references(in: ragged).count == 40_000)
        let raggedRendered = try Template.render(ragged) { _ in "y" }
        let raggedSame = raggedRendered == String(repeating: "{{ y", count: 40_000) + "{{"
        #expect(raggedSame, "\(raggedRendered.count) characters")
    }
}
