import Foundation
import Testing

@testable import TernWorkspace

/// One broken spec file leaves the rest of the workspace usable, and its error says how to fix it.
@Suite struct BrokenSpecTests {
    /// The demo fixture plus `specs/bad.yaml` holding `spec`, loaded keeping broken specs.
    private func load(bad spec: String) throws -> Workspace {
        let folder = try Fixtures.demo(["specs/bad.yaml": spec])
        return try folder.load(keepingBrokenSpecs: true)
    }

    /// The error of `specs/bad.yaml` holding `spec`.
    private func error(_ spec: String) throws -> WorkspaceError {
        let workspace = try load(bad: spec)
        return try #require(workspace.brokenSpecs.first).error
    }

    @Test func aBrokenFileIsKeptAsideAndTheRestLoads() throws {
        let workspace = try load(bad: "method: GET\npath: [unclosed\n")
        #expect(workspace.specIDs == ["users/get-user"])
        let broken = try #require(workspace.brokenSpecs.first)
        #expect(workspace.brokenSpecs.count == 1)
        #expect(broken.id == "bad")
        #expect(broken.file.lastPathComponent == "bad.yaml")
        #expect(broken.error.kind == .syntax)
        #expect(broken.description.range(of: #"bad\.yaml:\d+:\d+: "#, options: .regularExpression) != nil)
    }

    @Test func aStrictLoadStillThrowsTheFirstError() throws {
        let folder = try Fixtures.demo(["specs/bad.yaml": "method: GET\npath: [unclosed\n"])
        #expect(throws: WorkspaceError.self) { try folder.load() }
    }

    @Test func namingTheBrokenSpecThrowsItsOwnError() throws {
        let workspace = try load(bad: "target: nope\nmethod: GET\npath: /x\n")
        do {
            _ = try workspace.spec(named: "bad")
            Issue.record("the broken spec was found")
        } catch {
            #expect(error.kind == .unknownTarget)
            #expect((error.line, error.column) == (1, 9))
            #expect(error.description.contains("bad.yaml:1:9: unknown target 'nope'"))
        }
        #expect(try workspace.spec(named: "get-user").id == "users/get-user")
    }

    @Test func anUnquotedTemplateGetsAHintToQuoteIt() throws {
        let syntax = try error("method: GET\npath: {{base}}/x\n")
        #expect(syntax.kind == .syntax)
        #expect(syntax.line == 2)
        #expect(syntax.message.contains("did not find expected key"))
        #expect(syntax.message.hasSuffix(#"a value that starts with '{{' must be quoted: path: "{{base}}/x""#))

        let mapping = try error("method: GET\npath: {{base}}\n")
        #expect(mapping.kind == .invalidValue)
        #expect((mapping.line, mapping.column) == (2, 7))
        #expect(mapping.message.contains(#"quote it, "{{base}}""#), "\(mapping.message)")
    }

    @Test func theHintQuotesListItemsAndKeepsQuotesInside() {
        #expect(TemplateQuoteHint.quoted("  - {{a}} b") == #"- "{{a}} b""#)
        #expect(TemplateQuoteHint.quoted(#"  X-Id: {{id}} "v"  # note"#) == #"X-Id: '{{id}} "v"'"#)
        #expect(TemplateQuoteHint.quoted("path: /users/{{id}}") == nil, "only values that start with {{")
        #expect(TemplateQuoteHint.hint(in: "a: 1\nb: 2\n", line: 2).isEmpty)
    }

    @Test func aMisspelledRequiredFieldIsNamedWithItsSuggestion() throws {
        let typo = try error("name: Typo\nmethd: GET\npath: /x\n")
        #expect(typo.kind == .missingField)
        #expect(typo.message.hasPrefix("unknown field 'methd' (did you mean 'method'?)"))
        #expect(typo.message.contains("missing required field 'method'"))
        #expect((typo.line, typo.column) == (2, 1), "at the misspelt key")

        let far = try error("name: Far\nverb: GET\npath: /x\n")
        #expect(far.message == "missing required field 'method'", "no suggestion for a key that is not close")
    }

    @Test func aMisspelledBaseURLIsNamedWithItsSuggestion() throws {
        let folder = try Fixtures.demo(["workspace.yaml": "targets:\n  api:\n    baseUrl: http://x\n"])
        do {
            _ = try folder.load(keepingBrokenSpecs: true)
            Issue.record("the manifest loaded")
        } catch {
            #expect(error.message.hasPrefix("unknown field 'baseUrl' (did you mean 'baseURL'?)"))
            #expect((error.line, error.column) == (3, 5))
        }
    }
}
