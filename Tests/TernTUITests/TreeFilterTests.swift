import Foundation
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// The tree's `/` filter line on its own, and the tree that owns it.
@Suite struct TreeFilterTests {
    @Test func typingReportsTheTextAndTheArrowsAreLeftToTheTree() {
        var line = TreeFilter("fl")
        let context = Fixtures.context(Fixtures.snapshot())
        guard case .edited(let text)? = line.handle(.character("a"), context)?.event else {
            Issue.record("a typed key reports the text")
            return
        }
        #expect(text == "fla")
        #expect(line.handle(.up, context) == nil && line.handle(.down, context) == nil)
        #expect(line.isOpen && line.field.text == "fla")
    }

    @Test func enterSubmitsAndEscCancelsBothClosingTheLine() {
        let context = Fixtures.context(Fixtures.snapshot())
        var kept = TreeFilter("flaky")
        guard case .submitted(let text)? = kept.handle(.enter, context)?.event else {
            Issue.record("Enter submits")
            return
        }
        #expect(text == "flaky" && !kept.isOpen)
        var dropped = TreeFilter("flaky")
        guard case .cancelled? = dropped.handle(.escape, context)?.event else {
            Issue.record("Esc cancels")
            return
        }
        #expect(!dropped.isOpen)
    }

    @Test func theTreeNarrowsAsTheLineEditsAndKeepsTheFilterOnEnter() {
        let snapshot = Fixtures.snapshot()
        let context = Fixtures.context(snapshot)
        var tree = WorkspaceTree()
        _ = tree.perform(.filter, context)
        for key in typing("user") { _ = tree.filterKey(key, context) }
        #expect(tree.filter == "user")
        #expect(tree.rows(of: snapshot).compactMap(\.specID) == ["users/create-user", "users/get-user"])
        #expect(tree.cursorRow(of: snapshot)?.specID == "users/create-user", "the cursor lands on the first spec")
        _ = tree.filterKey(.down, context)
        #expect(tree.cursorRow(of: snapshot)?.specID == "users/get-user", "↓ is the tree's")
        _ = tree.filterKey(.enter, context)
        #expect(tree.filterField == nil && tree.filter == "user")
        _ = tree.perform(.filter, context)
        #expect(tree.filterField?.field.text == "user", "the line opens on the filter applied")
        _ = tree.filterKey(.escape, context)
        #expect(tree.filterField == nil && tree.filter.isEmpty)
        #expect(tree.cursorRow(of: snapshot)?.specID == "users/create-user", "the cursor stays on its row")
    }

    @Test func copiesOfATreeShareNoRowsTheyWereNotMadeFrom() {
        let snapshot = Fixtures.snapshot()
        let open = WorkspaceTree()
        let all = open.rows(of: snapshot)
        var closed = open
        closed.collapsed = ["users"]
        #expect(closed.rows(of: snapshot).compactMap(\.specID).filter { $0.hasPrefix("users/") }.isEmpty)
        #expect(open.rows(of: snapshot) == all, "the copy's rows did not become the original's")
        var filtered = open
        filtered.filter = "flaky"
        #expect(filtered.rows(of: snapshot).compactMap(\.specID) == ["reliability/flaky"])
        var fewer = snapshot
        fewer.specs.removeLast()
        #expect(!open.rows(of: fewer).contains { $0.specID == "users/get-user" }, "other specs, other rows")
        #expect(open.rows(of: snapshot) == all)
    }

    @Test func theLineDrawsASlashAndTheText() {
        var buffer = ScreenBuffer(size: Size(width: 20, height: 1))
        TreeFilter("flaky").draw(in: Rect(buffer.size), Fixtures.context(nil), on: &buffer)
        #expect(buffer.text == "/flaky")
    }

    @Test func aSpecIDSplitsIntoItsFoldersAndNameAsCharactersWould() {
        for id in ["users/get", "get", "a/b/c/d", "é/🙂 x/ünï", "deep/er/", "/lead", "a//b", ""] {
            let parts = WorkspaceTree.components(of: id).map(String.init)
            #expect(parts == id.split(separator: "/").map(String.init), "\(id)")
        }
        let id = "group/sub/name"
        let parts = WorkspaceTree.components(of: id)
        #expect(String(id[..<parts[1].endIndex]) == "group/sub")
    }
}
