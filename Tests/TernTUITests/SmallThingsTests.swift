import Foundation
import Tern
import TernScreen
import TernWorkspace
import Testing

@testable import TernExplorer
@testable import TernTUI

/// Issue 16's small things in the TUI: counts that agree with their nouns, a header that fits
/// 80 columns, a status line the help overlay leaves whole, and one JSON style on both sides.
@Suite struct SmallThingsTests {
    @Test func oneAttemptAndOneEntryAreSingular() {
        var state = Fixtures.state(width: 80, height: 24)
        _ = App.update(&state, .activity(retryLog: Array(Fixtures.retryLog.prefix(1)), transfers: []))
        _ = App.update(&state, .key(.character("5")))
        let frame = App.view(state)
        #expect(frame.contains("1 attempt"))
        #expect(!frame.contains("1 attempts"))
        _ = App.update(&state, .activity(retryLog: Fixtures.retryLog, transfers: []))
        #expect(App.view(state).contains("3 attempts"))
        #expect(Format.count(1, "entry", plural: "entries") == "1 entry")
        #expect(Format.count(0, "entry", plural: "entries") == "0 entries")
    }

    @Test func unsavedSpecsFitTheHeaderAt80Columns() {
        var state = Fixtures.state(width: 80, height: 24)
        var detail = Fixtures.getUser
        detail.edited = true
        _ = App.update(
            &state, .snapshot(Fixtures.snapshot(selected: detail, unsaved: ["users/get-user", "users/create-user"])))
        let header = App.view(state).line(0)
        #expect(header.contains("│ 2 unsaved"), "\(header)")
        #expect(!header.contains("unsave "), "never a cut word: \(header)")
        state.size = Size(width: 120, height: 40)
        #expect(App.view(state).line(0).contains("│ 2 specs unsaved"))
        #expect(App.view(state).line(0).contains("? help"))
    }

    @Test func oneUnsavedSpecElsewhereIsNamedInTheSingular() {
        var state = Fixtures.state(width: 120, height: 40)
        _ = App.update(&state, .snapshot(Fixtures.snapshot(unsaved: ["users/create-user"])))
        #expect(App.view(state).line(0).contains("│ 1 spec unsaved"))
        var detail = Fixtures.getUser
        detail.edited = true
        _ = App.update(&state, .snapshot(Fixtures.snapshot(selected: detail, unsaved: ["users/get-user"])))
        let header = App.view(state).line(0)
        #expect(header.contains("● unsaved") && !header.contains("spec unsaved"), "said once: \(header)")
    }

    @Test func theHelpOverlayLeavesTheStatusLineWhole() {
        var state = Fixtures.state(width: 80, height: 24)
        state.status = StatusMessage(text: "sent users/get-user", isError: false)
        press([.character("?")], &state)
        let frame = App.view(state)
        let status = Layout(state.size).status
        #expect(frame.line(status.y).hasPrefix("sent users/get-user"), "\(frame.line(status.y))")
        #expect(frame.line(status.y - 1).contains("┛"), "the overlay ends above the status line")
    }

    @Test func aJSONBodyIsFormattedLikeTheResponsePane() throws {
        let body = BodyDefinition.json(.object(["email": .string("ada@example.com"), "id": .int(1)]))
        let text = BodyText.text(of: body)
        #expect(text == "{\n  \"email\": \"ada@example.com\",\n  \"id\": 1\n}")
        let shown = BodyDocument.make(
            Data(#"{"email":"ada@example.com","id":1}"#.utf8), contentType: "application/json")
        #expect(shown.line(1) == "  \"email\": \"ada@example.com\",", "the response pane's style")
    }
}
