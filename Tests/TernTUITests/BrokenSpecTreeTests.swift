import Foundation
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// A spec file that cannot be loaded shows in the tree, marked with a red `!` and its error, and the rest works.
@Suite struct BrokenSpecTreeTests {
    static let broken: SpecSummary = {
        var summary = SpecSummary(id: "users/broken", name: "broken", method: "!", path: "", target: nil)
        summary.error = "specs/users/broken.yaml:3:15: did not find expected key"
        return summary
    }()

    private func state() -> AppState {
        var state = Fixtures.state(width: 100, height: 30)
        var snapshot = Fixtures.snapshot()
        snapshot.specs = (snapshot.specs + [Self.broken]).sorted { $0.id < $1.id }
        _ = App.update(&state, .snapshot(snapshot))
        return state
    }

    @Test func theBrokenFileIsMarkedInRedWithItsError() throws {
        var state = state()
        state.focus = .tree
        let frame = App.view(state)
        expectSnapshot(frame, "tree-broken-spec")
        let mark = try #require(frame.find("!      broken"))
        #expect(frame[mark.x, mark.y].style.foreground == .red)
        #expect(frame.contains("broken 3:15:"), "the error's position without the file's path")
        #expect(frame.contains("GET    get-user"), "the other specs are still there")
    }

    @Test func enterOnTheBrokenFileAsksForItSoTheErrorIsShown() {
        var state = state()
        state.focus = .tree
        state.workspaceTree.selection = state.treeRows.firstIndex { $0.specID == "users/broken" } ?? 0
        let effects = press([.enter], &state)
        #expect(effects.contains(.select("users/broken")))
        _ = App.update(
            &state, .commandFinished(.use("users/broken"), .failure(ExplorerError(.workspace, Self.broken.error ?? "")))
        )
        #expect(App.view(state).contains("did not find expected key"))
    }
}
