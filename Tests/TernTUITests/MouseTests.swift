import Foundation
import Tern
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// Clicks focus panes and select tree rows and tabs; the wheel scrolls what is under it.
@Suite struct MouseTests {
    static func click(_ x: Int, _ y: Int, _ state: inout AppState) -> [Effect] {
        App.update(&state, .key(.mouse(MouseEvent(.press, x: x, y: y))))
    }

    @Test func aClickOnATreeRowSelectsTheSpec() throws {
        var state = Fixtures.state(width: 100, height: 30)
        state.focus = .response
        let frame = App.view(state)
        let row = try #require(frame.find("flaky"))
        #expect(Self.click(row.x, row.y, &state) == [.select("reliability/flaky")])
        #expect(state.focus == .tree)
        #expect(state.treeRows[state.workspaceTree.selection].specID == "reliability/flaky")
    }

    @Test func aClickOnATabShowsItAndFocusesThePane() throws {
        var state = Fixtures.state(width: 100, height: 30)
        _ = App.update(&state, .responseReady(Fixtures.jsonResponse()))
        let frame = App.view(state)
        let headers = try #require(frame.find("Headers (2)"))
        _ = Self.click(headers.x + 1, headers.y, &state)
        #expect(state.focus == .response && state.responsePane.tab == .headers)
        let vars = try #require(frame.find("Vars (2)"))
        #expect(Self.click(vars.x, vars.y, &state) == [.loadVariables])
        #expect(state.focus == .editor && state.requestEditor.tab == .variables)
        let cache = try #require(frame.find("6 Cache"))
        #expect(Self.click(cache.x + 2, cache.y, &state) == [.loadCache])
        #expect(state.focus == .cache)
    }

    @Test func theWheelScrollsTheResponseAndWindows() {
        var state = Fixtures.state(width: 100, height: 30)
        var view = Fixtures.jsonResponse()
        view.body = BodyDocument.make(
            Data((0..<200).map { "line \($0)" }.joined(separator: "\n").utf8), contentType: nil)
        _ = App.update(&state, .responseReady(view))
        let response = state.layout.response
        _ = App.update(&state, .key(.mouse(MouseEvent(.wheelDown, x: response.x + 5, y: response.y + 5))))
        #expect(state.focus == .response && state.responsePane.scroll == App.wheelRows)
        _ = App.update(&state, .key(.mouse(MouseEvent(.wheelUp, x: response.x + 5, y: response.y + 5))))
        #expect(state.responsePane.scroll == 0)
        state.dialog = .output(title: "t", lines: (0..<100).map { "\($0)" }, scroll: 0)
        _ = App.update(&state, .key(.mouse(MouseEvent(.wheelDown, x: 1, y: 1))))
        #expect(state.dialog == .output(title: "t", lines: (0..<100).map { "\($0)" }, scroll: App.wheelRows))
        _ = Self.click(1, 1, &state)
        #expect(state.dialog != nil, "a click does not close a window")
    }

    @Test func clicksOnTheStatusLineAndTheHeaderOpenMessagesAndPickers() throws {
        var state = Fixtures.state(width: 100, height: 30)
        state.status = StatusMessage(text: "something long happened", isError: true)
        _ = Self.click(3, state.layout.status.y, &state)
        guard case .output(let title, _, _) = state.dialog else {
            Issue.record("no messages window")
            return
        }
        #expect(title.hasPrefix("messages"))
        state.dialog = nil
        let header = App.view(state)
        let env = try #require(header.find("local"))
        _ = Self.click(env.x, 0, &state)
        guard case .picker(let environments) = state.dialog else {
            Issue.record("no environment picker")
            return
        }
        #expect(environments.purpose == .environment)
        state.dialog = nil
        let mode = try #require(header.find("NORMAL"))
        _ = Self.click(mode.x + 1, 0, &state)
        guard case .picker(let modes) = state.dialog else {
            Issue.record("no mode picker")
            return
        }
        #expect(modes.purpose == .mode)
    }

    @Test func tabsAreFoundByColumn() {
        let titles = ["Query (2)", "Headers (1)", "Vars (2)"]
        #expect(Tabs.index(of: titles, atColumn: 0) == 0)
        #expect(Tabs.index(of: titles, atColumn: 10) == 0)
        #expect(Tabs.index(of: titles, atColumn: 11) == nil, "the gap between tabs")
        #expect(Tabs.index(of: titles, atColumn: 12) == 1)
        #expect(Tabs.index(of: titles, atColumn: 60) == nil)
    }
}
