import Foundation
import Synchronization
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// `$EDITOR` as an effect: `update` asks for it, the result comes back as a message; the session's
/// `body edit` reaches the TUI through the bridge as a message too.
@Suite struct EditorHandOffTests {
    @Test func theBodyTabAndTheCommandLineAskForTheEditorWithTheBody() {
        var state = Fixtures.state()
        let body = state.snapshot?.selected?.body ?? ""
        let job = EditorJob(text: body)
        #expect(press([.character(":")] + typing("body edit") + [.enter], &state) == [.openEditor(job)])
        press([.character("2")], &state)
        state.requestEditor.tab = .body
        #expect(press([.character("a")], &state) == [.openEditor(job)])
    }

    @Test func theEditedTextBecomesTheBodyAndAFailureIsShown() {
        var state = Fixtures.state()
        let job = EditorJob(text: "{}")
        #expect(App.update(&state, .editorFinished(job, .success("{\"a\":1}"))) == [.run(.body(.text("{\"a\":1}")))])
        let failure = ExplorerError(.unsupported, "the editor failed: exit 1")
        #expect(App.update(&state, .editorFinished(job, .failure(failure))).isEmpty)
        #expect(state.status == StatusMessage(text: "the editor failed: exit 1", isError: true))
    }

    @Test func theBridgePostsTheSessionsEditAndReturnsTheAnswer() async throws {
        let bridge = EditorBridge()
        await #expect(throws: ExternalEditor.Failure.self) { try await bridge.edit("x") }
        let posted = Mutex<[Msg]>([])
        bridge.attach { msg in posted.withLock { $0.append(msg) } }
        let edit = Task { try await bridge.edit("before") }
        var job: EditorJob?
        let deadline = ContinuousClock.now + .seconds(30)  // a hang detector: a loaded machine can be slow
        while job == nil, ContinuousClock.now < deadline {
            if case .editorRequested(let requested)? = posted.withLock({ $0.first }) { job = requested }
            try await Task.sleep(for: .milliseconds(5))
        }
        let requested = try #require(job)
        #expect(requested.text == "before")
        var state = Fixtures.state()
        #expect(App.update(&state, .editorRequested(requested)) == [.openEditor(requested)])
        #expect(App.update(&state, .editorFinished(requested, .success("after"))).isEmpty, "the runtime answered")
        requested.reply?.resume(.success("after"))
        #expect(try await edit.value == "after")
    }

    @Test func detachingFailsTheEditsStillWaiting() async throws {
        let bridge = EditorBridge()
        let posted = Mutex(0)
        bridge.attach { _ in posted.withLock { $0 += 1 } }
        let edit = Task { try await bridge.edit("text") }
        let deadline = ContinuousClock.now + .seconds(30)  // a hang detector: a loaded machine can be slow
        while posted.withLock({ $0 }) == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        bridge.attach(nil)
        await #expect(throws: ExternalEditor.Failure.self) { try await edit.value }
    }
}
