import Foundation
import Tern
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// What the TUI does with a body back from `$EDITOR`: nothing when unchanged, a question when a
/// JSON body no longer parses, else the edit.
@Suite struct EditorBodyEditTests {
    static var jsonSpec: SpecDetail {
        var spec = Fixtures.getUser
        spec.body = "{\n  \"name\": \"Ada\"\n}"
        spec.bodyKind = "json"
        return spec
    }

    @Test func theTemporaryFileCarriesTheBodysExtension() {
        #expect(EditorJob.body(of: Self.jsonSpec).fileExtension == "json")
        var graphQL = Fixtures.getUser
        graphQL.bodyKind = "graphql"
        #expect(EditorJob.body(of: graphQL).fileExtension == "graphql")
        #expect(EditorJob.body(of: Fixtures.getUser).fileExtension == "txt")
    }

    @Test func quittingWithoutAChangeEditsNothing() {
        var state = Fixtures.state()
        let job = EditorJob.body(of: Self.jsonSpec)
        let effects = App.update(&state, .editorFinished(job, .success(Self.jsonSpec.body + "\n")))
        #expect(effects.isEmpty)
        #expect(state.status == StatusMessage(text: "the body is unchanged", isError: false))
    }

    @Test func validJSONBecomesTheBody() {
        var state = Fixtures.state()
        let job = EditorJob.body(of: Self.jsonSpec)
        let text = "{\"name\": \"Grace\"}"
        #expect(App.update(&state, .editorFinished(job, .success(text))) == [.run(.body(.text(text)))])
    }

    @Test func invalidJSONAsksAndEditAgainReopensTheText() {
        var state = Fixtures.state(width: 100, height: 30)
        let job = EditorJob.body(of: Self.jsonSpec)
        let broken = "{\n  \"name\": \"Grace\",\n}"
        #expect(App.update(&state, .editorFinished(job, .success(broken))).isEmpty)
        guard case .invalidJSON(_, _, let error) = state.dialog else {
            Issue.record("no question")
            return
        }
        #expect(error == JSONSyntaxError(line: 3, column: 1))
        #expect(state.status?.text == "the JSON body is invalid at line 3, column 1")
        let frame = App.view(state)
        expectSnapshot(frame, "editor-invalid-json")
        #expect(frame.contains("e edit again · t keep as text · Esc drop the edit"))
        let again = press([.character("e")], &state)
        guard case .openEditor(let reopened) = again.first else {
            Issue.record("the editor did not reopen: \(again)")
            return
        }
        #expect(reopened.text == broken && reopened.fileExtension == "json")
        #expect(reopened.original == Self.jsonSpec.body)
        // Saved as it was, still broken: asked again (not "unchanged", which means the spec's own body).
        _ = App.update(&state, .editorFinished(reopened, .success(broken)))
        #expect(state.dialog != nil)
        #expect(press([.character("t")], &state) == [.run(.body(.text(broken)))])
        #expect(state.dialog == nil)
    }

    @Test func escDropsTheEdit() {
        var state = Fixtures.state()
        _ = App.update(&state, .editorFinished(EditorJob.body(of: Self.jsonSpec), .success("{oops")))
        #expect(press([.escape], &state).isEmpty)
        #expect(state.dialog == nil)
        #expect(state.status?.text == "edit dropped: the body is as it was")
    }
}
