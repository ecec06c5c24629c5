import Foundation
import Tern
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// `E` and `O` pick the environment and the mode from a list; `y` copies what the user points at.
@Suite struct PickerAndYankTests {
    @Test func theEnvironmentPickerMarksTheActiveOneAndEnterSwitches() {
        var state = Fixtures.state(width: 80, height: 24)
        press([.character("E")], &state)
        guard case .picker(let picker) = state.dialog else {
            Issue.record("no picker")
            return
        }
        #expect(picker.items.map(\.value) == ["local", "shared"])
        #expect(picker.current == 0 && picker.selection == 0)
        let frame = App.view(state)
        expectSnapshot(frame, "picker-environment")
        #expect(frame.contains("● local"))
        #expect(press([.character("j"), .enter], &state) == [.run(.environment("shared"))])
        #expect(state.dialog == nil)
    }

    @Test func escCancelsAndChoosingTheCurrentOneDoesNothing() {
        var state = Fixtures.state()
        #expect(press([.character("E"), .character("j"), .escape], &state).isEmpty)
        #expect(state.dialog == nil)
        #expect(press([.character("E"), .enter], &state).isEmpty, "local is already in force")
    }

    @Test func theModePickerListsTheFourModesAndAsksForTheChosenOne() {
        var state = Fixtures.state()
        press([.character("O")], &state)
        guard case .picker(let picker) = state.dialog else {
            Issue.record("no picker")
            return
        }
        #expect(picker.items.map(\.value) == ["normal", "live", "cache", "sample"])
        #expect(picker.current == 0)
        #expect(App.view(state).contains("● normal"))
        #expect(press([.character("G"), .enter], &state) == [.run(.mode(.sample))])
        #expect(state.pendingModes == [.sample])
        press([.character("O")], &state)
        guard case .picker(let again) = state.dialog else {
            Issue.record("no picker")
            return
        }
        #expect(again.current == 3, "the mode asked for is marked before its snapshot arrives")
    }

    @Test func yCopiesTheBodyAsShown() {
        var state = Fixtures.state()
        _ = App.update(&state, .responseReady(Fixtures.jsonResponse()))
        press([.character("y")], &state)
        guard case .picker(let menu) = state.dialog else {
            Issue.record("no copy menu")
            return
        }
        #expect(menu.items.map(\.value) == ["body", "header", "url", "curl"])
        let effects = press([.enter], &state)
        guard case .copy(let text) = effects.first else {
            Issue.record("nothing copied: \(effects)")
            return
        }
        #expect(text.hasPrefix("{\n  \"id\": 1,"))
        #expect(text.contains("\"name\": \"Ada Lovelace\""))
        #expect(state.status?.text.hasPrefix("copied the response body to the clipboard") == true)
    }

    @Test func yCopiesAHeaderValueTheURLAndAsksForTheCurlCommand() {
        var state = Fixtures.state()
        _ = App.update(&state, .responseReady(Fixtures.jsonResponse()))
        press([.character("y"), .character("j"), .enter], &state)
        guard case .picker(let headers) = state.dialog else {
            Issue.record("no header list")
            return
        }
        #expect(headers.items.first?.label == "Content-Type: application/json")
        #expect(press([.enter], &state) == [.copy("application/json")])
        #expect(state.status?.text.hasPrefix("copied the value of Content-Type") == true)

        #expect(
            press([.character("y"), .character("j"), .character("j"), .enter], &state)
                == [.copy("http://127.0.0.1:8787/users/1?fields=name,email")])
        #expect(press([.character("y"), .character("G"), .enter], &state) == [.yank(.curl)])
        let copied = App.update(&state, .yankReady(.curl, .success("curl 'http://x/users/1'")))
        #expect(copied == [.copy("curl 'http://x/users/1'")])
        #expect(state.status?.text.hasPrefix("copied the curl command") == true)
        _ = App.update(&state, .yankReady(.url, .failure(ExplorerError(.workspace, "no spec selected"))))
        #expect(state.status == StatusMessage(text: "no spec selected", isError: true))
    }

    @Test func withoutAResponseTheURLComesFromTheSession() {
        var state = Fixtures.state()
        press([.character("y")], &state)
        guard case .picker(let menu) = state.dialog else {
            Issue.record("no copy menu")
            return
        }
        #expect(menu.items.map(\.value) == ["url", "curl"])
        #expect(press([.enter], &state) == [.yank(.url)])
    }

    @Test func aHugeBodyIsCutToTheCopyLimitAndSaysSo() {
        var state = Fixtures.state()
        let effects = App.copied(String(repeating: "x", count: App.copyLimit + 10), what: "the body", &state)
        guard case .copy(let text) = effects.first else {
            Issue.record("nothing copied")
            return
        }
        #expect(text.utf8.count == App.copyLimit)
        #expect(state.status?.text.contains("cut to the first") == true)
    }
}
