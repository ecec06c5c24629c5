import Foundation
import Tern
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// Long status-line messages point to `:messages`, which shows them whole and wrapped; windows of
/// text (the `:curl` command) wrap instead of cutting at the edge.
@Suite struct MessagesWindowTests {
    static let long =
        "the request failed: could not connect to 127.0.0.1:9 (connection refused); check that the server "
        + "runs and that the target's baseURL is right, or switch to cache mode (O) to replay stored answers"

    @Test func aLongMessageIsCutWithAPointerAndKeptWhole() {
        var state = Fixtures.state(width: 80, height: 24)
        state.status = StatusMessage(text: Self.long, isError: true)
        let status = App.view(state).line(Layout(state.size).status.y)
        #expect(status.hasPrefix("✗ the request failed"))
        #expect(status.trimmingCharacters(in: .whitespaces).hasSuffix("… :messages"), "\(status)")
        #expect(state.messageLog.last?.message.text == Self.long)
    }

    @Test func messagesOpensTheRecentMessagesNewestFirstAndWrapped() {
        var state = Fixtures.state(width: 80, height: 24)
        state.status = StatusMessage(text: "sent users/get-user", isError: false)
        state.status = StatusMessage(text: Self.long, isError: true)
        press([.character(":")] + typing("messages") + [.enter], &state)
        guard case .output(let title, let lines, _) = state.dialog else {
            Issue.record("no window")
            return
        }
        #expect(title.hasPrefix("messages"))
        #expect(lines.first?.contains("✗ the request failed") == true)
        #expect(lines.last?.contains("sent users/get-user") == true)
        let frame = App.view(state)
        expectSnapshot(frame, "messages-80x24")
        #expect(frame.contains("to replay stored answers"), "the end of the long message is on screen")
    }

    @Test func theLogKeepsABoundedNumberOfMessages() {
        var state = Fixtures.state()
        for index in 0..<(AppState.messageLogLimit + 20) {
            state.status = StatusMessage(text: "message \(index)", isError: false)
        }
        #expect(state.messageLog.count == AppState.messageLogLimit)
        #expect(state.messageLog.last?.message.text == "message \(AppState.messageLogLimit + 19)")
    }

    @Test func theCurlWindowWrapsTheCommandAndCopiesItUnwrapped() {
        var state = Fixtures.state(width: 80, height: 24)
        let command =
            "curl -X POST 'http://127.0.0.1:8787/users?fields=name,email,phone,website' -H 'Accept: application/json' "
            + "-H 'Authorization: Bearer \"$TOKEN\"' --data-raw '{\"name\":\"Ada Lovelace\"}'"
        _ = App.update(&state, .commandFinished(.curl, .success(.curl(command))))
        let frame = App.view(state)
        expectSnapshot(frame, "curl-wrapped-80x24")
        #expect(frame.contains("--data-raw"), "the end of the command is on screen")
        #expect(press([.character("y")], &state) == [.copy(command)])
    }

    @Test func wrappingBreaksAtSpacesAndJoinsBackToTheLine() {
        let line = "alpha beta gamma delta epsilon"
        let rows = Wrap.rows(line, width: 12)
        #expect(rows == ["alpha beta ", "gamma delta ", "epsilon"])
        #expect(rows.joined() == line)
        #expect(Wrap.rows(String(repeating: "x", count: 25), width: 10).map(\.count) == [10, 10, 5])
        #expect(Wrap.rows("", width: 10) == [""])
    }
}
