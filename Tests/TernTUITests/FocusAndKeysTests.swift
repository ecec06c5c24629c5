import Foundation
import TernExplorerStorage
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// The key table as a value the state holds, the views' keys in it, and the focus stack keys go down.
@Suite struct FocusAndKeysTests {
    @Test func theFocusStackListsTheLayersTopFirst() {
        var state = Fixtures.state()
        #expect(state.focusStack == [.pane(.tree), .everywhere])
        press([.character("/")], &state)
        #expect(state.focusStack == [.treeFilter, .pane(.tree), .everywhere])
        press([.escape, .character(":")], &state)
        #expect(state.focusStack == [.commandLine, .pane(.tree), .everywhere])
        press([.escape], &state)
        _ = App.update(&state, .historyLoaded(ChainingViewTests.entries))
        press([.character("?")], &state)
        #expect(state.dialog == nil, "the history takes every key: `?` is not one of its own")
        state.dialog = .help(scroll: 0)
        #expect(state.focusStack == [.dialog, .history, .pane(.tree), .everywhere])
        press([.character("x")], &state)
        #expect(state.focusStack.first == .history, "the dialog took the key; the history is on top again")
        var small = Fixtures.state(width: 60, height: 20)
        #expect(small.focusStack == [.tooSmall, .pane(.tree), .everywhere])
        press([.character("s")], &small)
        #expect(!small.quitting && small.responsePane.sending == nil, "only quitting works when too small")
        press([.character("q")], &small)
        #expect(small.quitting)
    }

    @Test func theViewsTakeTheirKeysFromTheTableTheStateHolds() throws {
        let overrides = try TUIConfig.parse("keys:\n  close: x\n  send: S\n", file: "c.yaml")
        var state = Fixtures.state()
        state.keys = overrides.keyTable
        _ = App.update(&state, .historyLoaded(ChainingViewTests.entries))
        #expect(App.view(state).contains("History — Enter opens, S sends again, x closes"))
        press([.escape], &state)
        #expect(state.history?.isOpen == true, "Esc is no longer the history's close key")
        press([.character("x")], &state)
        #expect(state.history?.isOpen == false)
        _ = App.update(&state, .historyLoaded(ChainingViewTests.entries))
        #expect(press([.character("S")], &state) == [.send("users/get-user")])
        let defaults = Fixtures.state()
        #expect(defaults.keys == KeyTable(), "another state keeps the defaults: nothing is global")
    }

    @Test func theWheelMovesAViewWhateverKeysMoveIt() throws {
        var state = Fixtures.state()
        state.keys = try TUIConfig.parse("keys:\n  up: Ctrl-P\n  down: Ctrl-N\n", file: "c.yaml").keyTable
        _ = App.update(&state, .historyLoaded(ChainingViewTests.entries))
        press([.down], &state)
        #expect(state.history?.selection == 0, "↓ no longer moves")
        _ = App.update(&state, .key(.mouse(MouseEvent(.wheelDown, x: 50, y: 10))))
        #expect(state.history?.selection == 1)
        press([.ctrl("p")], &state)
        #expect(state.history?.selection == 0)
    }

    @Test func helpAndTheDocsListTheViewsKeys() {
        let lines = KeyTable().helpLines()
        for title in ["History", "Run results", "Cookies"] { #expect(lines.contains(title)) }
        #expect(lines.contains("  s               send the entry's spec again"))
        #expect(lines.contains("  d/Delete        delete the cookie"))
        let markdown = KeyTable.markdown()
        #expect(
            markdown.contains("## Run results") && markdown.contains("| `Esc` `q` | close the run results | `close` |"))
    }

    @Test("? lists the focused pane's keys first, and a long description wraps under its own column")
    func helpStartsWithTheFocusedPane() {
        let table = KeyTable()
        let response = table.helpLines(first: .pane(.response), width: 50)
        #expect(response.first == KeyScope.pane(.response).title, "\(response.prefix(3))")
        #expect(table.helpLines(first: .pane(.tree)).first == KeyScope.pane(.tree).title)
        let rows = response.filter { $0.hasPrefix("  ") }
        #expect(rows.allSatisfy { CellWidth.of($0) <= 50 }, "\(rows.filter { CellWidth.of($0) > 50 })")
        let wrapped = KeyTable.column(
            "Ctrl-C", 16, "cancel the request; when idle quit (twice: drop unsaved edits)", width: 50)
        #expect(wrapped.count == 2, "\(wrapped)")
        #expect(wrapped[0].hasPrefix("  Ctrl-C          cancel"), "\(wrapped)")
        #expect(wrapped[1].hasPrefix(String(repeating: " ", count: 18)) && wrapped[1].dropFirst(18).first != " ")
        #expect(wrapped.joined().split(separator: " ").joined(separator: " ").contains("(twice: drop unsaved edits)"))
    }

    @Test func aKeyThatWouldDoTwoThingsInAViewIsRefused() {
        #expect {
            _ = try TUIConfig.parse("keys:\n  close: d\n", file: "c.yaml")
        } throws: { error in
            "\(error)".contains("would be both 'delete' and 'close' in Cookies")
        }
    }
}
