import Foundation
import Synchronization
import TernExplorer
import Testing

/// `body edit` through the session: the editor's file has the body's extension, quitting without
/// a change leaves the spec as it was, and the snapshot carries the target's headers.
@Suite("Editor bodies and inherited headers")
struct EditorBodySessionTests {
    @Test("an editor that changes nothing leaves the spec unedited; the JSON body opens as .json")
    func unchangedBodyIsNotAnEdit() async throws {
        let extensions = Mutex<[String]>([])
        try await DemoSession.with(editor: { text in
            extensions.withLock { $0.append(ExternalEditor.fileExtension) }
            return text + "\n"  // what vi writes back: the same text and a final newline
        }) { demo in
            let run = await demo.run("use tools/echo", "body edit")
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.contains("body of tools/echo unchanged"))
            #expect(await demo.session.snapshot().unsaved.isEmpty)
        }
        #expect(extensions.withLock { $0 } == ["json"])
    }

    @Test("a JSON body edited into invalid JSON is kept as text, and the REPL says where it stopped being JSON")
    func invalidJSONIsSaid() async throws {
        try await DemoSession.with(editor: { _ in "{\n  \"hello\": wrld\n}\n" }) { demo in
            let run = await demo.run("use tools/echo", "body edit")
            #expect(run.status == 0, "\(run.err)")
            #expect(
                run.out.contains(
                    "body of tools/echo replaced as text (unsaved): it is not JSON at line 2, column 12; "
                        + "'body edit' edits it again"), "\(run.out)")
        }
    }

    @Test("the selected spec's snapshot lists the target's headers it does not override, with their origin")
    func inheritedHeaders() async throws {
        try await DemoSession.with { demo in
            _ = await demo.run("use users/get-user", "set header Accept text/plain")
            let detail = try #require(await demo.session.snapshot().selected)
            #expect(detail.inheritedHeaders.map(\.name) == ["User-Agent"])
            #expect(detail.inheritedHeaders.first?.origin == "target api")
            #expect(detail.headers.map(\.name) == ["Accept"])
        }
    }

    @Test("a JSON body is shown as the response pane shows JSON: `\"key\": value`")
    func jsonBodyStyle() async throws {
        try await DemoSession.with { demo in
            _ = await demo.run("use tools/echo")
            let body = try #require(await demo.session.snapshot().selected?.body)
            #expect(body == "{\n  \"hello\": \"world\"\n}")
        }
    }

    @Test("JSON syntax errors are placed by line and column")
    func syntaxErrorPosition() {
        #expect(JSONSyntaxError.check("{\"a\": 1}") == nil)
        #expect(JSONSyntaxError.check("{\n  \"a\": 1,\n  \"b\": tru\n}") == JSONSyntaxError(line: 3, column: 8))
        #expect(JSONSyntaxError.check("{\"a\": 1") == JSONSyntaxError(line: 1, column: 8))
        #expect(JSONSyntaxError.check("{\"é\": x}")?.column == 7, "columns count characters, not bytes")
    }
}
