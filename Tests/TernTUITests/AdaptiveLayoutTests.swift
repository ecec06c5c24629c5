import Foundation
import Tern
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// The tree's width follows the terminal and its longest row; `<` and `>` move its edge; from 180
/// columns the activity panes stand in a column of their own; the Headers tab shows the target's.
@Suite struct AdaptiveLayoutTests {
    static func state(_ width: Int, _ height: Int) -> AppState {
        var state = Fixtures.state(width: width, height: height)
        _ = App.update(&state, .responseReady(Fixtures.jsonResponse()))
        _ = App.update(&state, .activity(retryLog: Fixtures.retryLog, transfers: []))
        return state
    }

    @Test func at80ColumnsTheTreeKeeps24() {
        let state = Self.state(80, 24)
        #expect(state.layout.tree.width == 24)
        expectSnapshot(App.view(state), "layout-80x24")
    }

    @Test func at120ColumnsTheTreeShowsWholePaths() {
        let state = Self.state(120, 40)
        #expect(state.layout.tree.width > 28)
        let frame = App.view(state)
        expectSnapshot(frame, "layout-120x40")
        #expect(frame.contains("get-user /users/{{userId}}"), "the longest path is not cut")
        #expect(state.layout.sharesActivity)
    }

    @Test func at200ColumnsTheActivityPanesHaveAColumn() {
        let state = Self.state(200, 50)
        let layout = state.layout
        #expect(!layout.sharesActivity)
        #expect(layout.retryLog.width >= 60)
        #expect(layout.retryLog.height >= 10)
        #expect(layout.editor.height + layout.response.height == 50 - 3, "request and response keep the height")
        let frame = App.view(state)
        expectSnapshot(frame, "layout-200x50")
        #expect(frame.contains("reliability/flaky"), "the retry log's spec column is not cut")
    }

    @Test func angleBracketsMoveTheTreeEdgeWithinBounds() {
        var state = Self.state(120, 40)
        let start = state.layout.tree.width
        press([.character(">")], &state)
        #expect(state.layout.tree.width == start + AppState.treeStep)
        press([.character("<"), .character("<")], &state)
        #expect(state.layout.tree.width == start - AppState.treeStep)
        press(Array(repeating: .character("<"), count: 30), &state)
        #expect(state.layout.tree.width == Layout.minimumTreeWidth)
        press([.character(">")], &state)
        #expect(state.layout.tree.width == Layout.minimumTreeWidth + AppState.treeStep, "no presses piled up")
        press(Array(repeating: .character(">"), count: 40), &state)
        #expect(state.layout.tree.width == 120 - Layout.minimumMainWidth)
    }

    @Test func theHeadersTabShowsInheritedHeadersDimmedWithTheirOrigin() throws {
        var state = Fixtures.state(width: 100, height: 30)
        var detail = Fixtures.getUser
        detail.inheritedHeaders = [
            EditableItem(name: "Accept", value: "application/json", origin: "target api"),
            EditableItem(name: "User-Agent", value: "tern-demo", origin: "target api"),
        ]
        _ = App.update(&state, .snapshot(Fixtures.snapshot(selected: detail)))
        state.focus = .editor
        state.requestEditor.tab = .headers
        let frame = App.view(state)
        expectSnapshot(frame, "editor-headers-inherited")
        #expect(frame.contains("Headers (1 + 2 target)"))
        let accept = try #require(frame.find("User-Agent"))
        #expect(frame[accept.x, accept.y].style.attributes.contains(.dim))
        #expect(frame.contains("tern-demo   (target api)"))
        #expect(state.editorItems.count == 1, "only the spec's own header is editable")
    }
}
