import Foundation
import Testing

@testable import TernWorkspace

@Suite struct LoadErrorTests {
    /// Loads a demo workspace with `spec` as `specs/bad.yaml` and returns the error.
    private func error(spec: String, manifest: String = Fixtures.manifest) throws -> WorkspaceError {
        let folder = try Fixtures.demo(["workspace.yaml": manifest, "specs/bad.yaml": spec])
        do {
            _ = try folder.load()
        } catch {
            return error
        }
        Issue.record("loading succeeded")
        return WorkspaceError(.io, "none")
    }

    @Test func malformedYAMLNamesFileLineAndColumn() throws {
        let error = try error(spec: "method: GET\npath: /x\nquery: { a: [1, 2 }\n")
        #expect(error.kind == .syntax)
        #expect(error.file?.lastPathComponent == "bad.yaml")
        #expect(error.line == 3)
        #expect(error.column == 19)
        #expect(error.description.contains("bad.yaml:3:19: "))
    }

    @Test func tabsAndDuplicateKeysAreSyntaxErrors() throws {
        let tab = try error(spec: "method: GET\n\tpath: /x\n")
        #expect(tab.kind == .syntax && tab.line == 2)
        let duplicate = try error(spec: "method: GET\npath: /x\nmethod: POST\n")
        #expect(duplicate.kind == .syntax)
        #expect(duplicate.message.contains("duplicate key 'method'"))
    }

    @Test func wrongTypesAreErrorsAtTheNode() throws {
        let method = try error(spec: "method: [1]\npath: /x\n")
        #expect(method.kind == .invalidValue)
        #expect((method.line, method.column) == (1, 9))
        #expect(method.message == "'method' must be a string, not a list")

        let validFor = try error(spec: "method: GET\npath: /x\nvalidFor: soon\n")
        #expect(validFor.message == "'validFor' must be a number, not 'soon'")
        #expect((validFor.line, validFor.column) == (3, 11))

        let headers = try error(spec: "method: GET\npath: /x\nheaders: [a]\n")
        #expect(headers.message.contains("'headers' must be a mapping"))

        let verb = try error(spec: "method: GE T\npath: /x\n")
        #expect(verb.message.contains("is not an HTTP method"))

        let retries = try error(spec: Fixtures.getUser, manifest: "handler: { maxRetries: lots }\n")
        #expect(retries.file?.lastPathComponent == "workspace.yaml")
        #expect(retries.message == "'maxRetries' must be a whole number, not 'lots'")
    }

    @Test func missingRequiredFieldsAreErrors() throws {
        let method = try error(spec: "path: /x\n")
        #expect(method.kind == .missingField)
        #expect(method.message == "missing required field 'method'")
        let path = try error(spec: "method: GET\n")
        #expect(path.message == "missing required field 'path'")
        let empty = try error(spec: "# nothing yet\n")
        #expect(empty.kind == .missingField && empty.line == 1)
        let baseURL = try error(spec: Fixtures.getUser, manifest: "targets:\n  api:\n    headers: {}\n")
        #expect(baseURL.kind == .missingField)
        #expect(baseURL.message == "target 'api' is missing required field 'baseURL'")
        #expect((baseURL.line, baseURL.column) == (2, 3))
        let part = try error(spec: "method: POST\npath: /x\nbody: { multipart: [ { name: a } ] }\n")
        #expect(part.message == "multipart part 'a' needs exactly one of 'value' and 'file'")
        let body = try error(spec: "method: POST\npath: /x\nbody: { jsn: {} }\n")
        #expect(body.message == "'body' needs one of json, form, text, file, multipart, graphql")
    }

    @Test func unknownTargetListsTheTargets() throws {
        let error = try error(spec: "target: apo\nmethod: GET\npath: /x\n")
        #expect(error.kind == .unknownTarget)
        #expect(error.message == "unknown target 'apo' (did you mean 'api'?); workspace.yaml defines 'api'")
        #expect((error.line, error.column) == (1, 9))
    }

    @Test func anOmittedTargetNeedsExactlyOneTarget() throws {
        let manifest = "targets:\n  a: { baseURL: https://a.example }\n  b: { baseURL: https://b.example }\n"
        let error = try error(spec: "method: GET\npath: /x\n", manifest: manifest)
        #expect(error.kind == .unknownTarget)
        #expect(error.message.contains("the workspace has 2: 'a' and 'b'"))
    }

    @Test(arguments: [
        ("handler: { mode: offline }", "'mode' must be one of normal | live | cache | sample, not 'offline'"),
        ("handler: { retry: { backoff: linear } }", "'backoff' must be one of exponential | constant, not 'linear'"),
        ("handler: { retry: { on: [429, 700] } }", "700 is not an HTTP status (100 to 599)"),
        ("handler: { timeout: 0 }", "'timeout' must be more than 0 seconds"),
    ])
    func invalidHandlerSettingsListTheAllowedValues(manifest: String, message: String) throws {
        let error = try error(spec: Fixtures.getUser, manifest: manifest)
        #expect(error.kind == .invalidValue)
        #expect(error.message == message)
        #expect(error.file?.lastPathComponent == "workspace.yaml")
    }

    @Test func invalidSpecChoicesListTheAllowedValues() throws {
        let transaction = try error(spec: "method: GET\npath: /x\ntransaction: stream\n")
        #expect(transaction.message == "'transaction' must be one of data | upload | download, not 'stream'")
        let encoding = try error(spec: "method: GET\npath: /x\narrayEncoding: comas\n")
        #expect(
            encoding.message == "'arrayEncoding' must be one of individual | comma, not 'comas' (did you mean 'comma'?)"
        )
        #expect((encoding.line, encoding.column) == (3, 16))
    }

    @Test func aFolderWithoutWorkspaceYAMLIsNotAWorkspace() throws {
        let folder = try TemporaryWorkspace(["specs/a.yaml": "method: GET\npath: /\n"])
        #expect(throws: WorkspaceError.self) { try folder.load() }
        do {
            _ = try folder.load()
        } catch {
            #expect(error.kind == .notAWorkspace)
            #expect(error.message.hasSuffix("is not a workspace: it has no workspace.yaml"))
        }
    }

    @Test func descriptionsUsePathsRelativeToTheCurrentDirectory() {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let inside = WorkspaceError(
            .syntax, "bad", file: current.appendingPathComponent("w/specs/a.yaml"), line: 2, column: 5)
        #expect(inside.description == "w/specs/a.yaml:2:5: bad")
        let outside = WorkspaceError(.io, "gone", file: URL(fileURLWithPath: "/nonexistent-root/a.yaml"))
        #expect(outside.description == "/nonexistent-root/a.yaml: gone")
        #expect(WorkspaceError(.unknownSpec, "no spec").description == "no spec")
    }
}
