import Foundation
import Tern
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// Each pane's component on its own: its state, the actions and messages it handles, its reply.
@Suite struct ComponentTests {
    @Test func theTreeOpensSpecsFoldsGroupsAndNarrowsAsTheFilterIsTyped() {
        let snapshot = Fixtures.snapshot()
        var tree = WorkspaceTree()
        #expect(tree.rows(of: nil).isEmpty)
        let rows = tree.rows(of: snapshot)
        #expect(rows.first?.title == "auth")
        tree.selection = rows.firstIndex { $0.specID == "users/get-user" } ?? 0
        #expect(tree.perform(.open, Fixtures.context(snapshot)).effects == [.select("users/get-user")])
        tree.selection = 0
        _ = tree.perform(.open, Fixtures.context(snapshot))
        #expect(tree.collapsed == ["auth"])
        #expect(tree.rows(of: snapshot).count == rows.count - 1)
        _ = tree.perform(.filter, Fixtures.context(snapshot))
        for key in typing("flaky") { _ = tree.filterKey(key, Fixtures.context(snapshot)) }
        #expect(tree.rows(of: snapshot).compactMap(\.specID) == ["reliability/flaky"])
        _ = tree.filterKey(.escape, Fixtures.context(snapshot))
        #expect(tree.filterField == nil && tree.filter.isEmpty)
    }

    @Test func theEditorNeedsASelectionOpensItsFormAndAsksForTheEditorOnTheBody() {
        var editor = RequestEditor()
        let refused = editor.perform(.add, Fixtures.context(Fixtures.snapshot(selected: nil)))
        #expect(refused.status?.isError == true && refused.effects.isEmpty)
        let snapshot = Fixtures.snapshot()
        #expect(editor.perform(.add, Fixtures.context(snapshot)).effects.isEmpty)
        #expect(editor.prompt?.purpose == .addItem(.query))
        let form = Fixtures.context(snapshot)
        for key in typing("page") + [.tab] + typing("2") { _ = editor.promptKey(key, form) }
        #expect(
            editor.promptKey(.enter, form).effects == [
                .apply(.setItem(.query, replacing: nil, name: "page", value: "2"))
            ])
        #expect(editor.prompt == nil)
        _ = editor.perform(.previousTab, Fixtures.context(snapshot))
        #expect(editor.tab == .body)
        #expect(editor.perform(.edit, Fixtures.context(snapshot)).effects == [.openEditor(EditorJob(text: ""))])
    }

    @Test func theResponsePaneRunsOneSendAtATimeAndCancelsIt() {
        var pane = ResponsePane()
        #expect(pane.send(nil, snapshot: Fixtures.snapshot(selected: nil), now: fixedNow).status?.isError == true)
        let started = pane.send(nil, snapshot: Fixtures.snapshot(), now: fixedNow)
        #expect(started.effects == [.send(nil)])
        #expect(pane.sending == "users/get-user" && pane.sendStarted == fixedNow)
        #expect(pane.send("other", snapshot: Fixtures.snapshot(), now: fixedNow).status?.isError == true)
        #expect(pane.cancel().effects == [.cancelSend])
        let shown = pane.show(Fixtures.jsonResponse(), now: Date())
        #expect(
            shown.effects == [.refreshActivity, .loadCache, .loadVariables],
            "a send's response refreshes the activity and the captured variables")
        #expect(pane.sending == nil && pane.view?.title == "users/get-user")
        #expect(
            pane.show(Fixtures.jsonResponse(source: .cache), now: Date()).effects.isEmpty,
            "an opened entry refreshes nothing")
        #expect(pane.cancel().effects.isEmpty)
    }

    @Test func theResponseSearchRunsOffTheLoopAndLandsOnAMatch() {
        var pane = ResponsePane()
        _ = pane.perform(.search, Fixtures.context(nil, page: 10))
        #expect(pane.search == nil, "no search without a response")
        _ = pane.show(Fixtures.jsonResponse(), now: Date())
        _ = pane.perform(.search, Fixtures.context(nil, page: 10))
        for key in typing("ada") { _ = pane.searchKey(key, Fixtures.context(nil, page: 10)) }
        #expect(pane.searchKey(.enter, Fixtures.context(nil, page: 10)).effects == [.search("ada")])
        #expect(
            pane.searchFinished(query: "other", matches: [1], height: 10).status == nil, "a stale result is dropped")
        let found = pane.searchFinished(query: "ada", matches: [2, 3], height: 10)
        #expect(found.status?.isError == false)
        #expect(pane.search?.matches == [2, 3] && pane.search?.running == false)
        #expect(pane.searchFinished(query: "ada", matches: [], height: 10).status?.isError == true)
    }

    @Test func theActivityPanesAskBeforeDeletingAndFollowNewRows() {
        var panes = ActivityPanes()
        #expect(panes.perform(.clearAll, in: .cache).status?.text == "the cache is empty")
        panes.cacheLoaded(Fixtures.cacheRows)
        #expect(panes.cacheLoaded)
        #expect(panes.perform(.delete, in: .cache).dialog == .confirmDelete(key: Fixtures.cacheRows[0].key))
        #expect(panes.perform(.clearAll, in: .cache).dialog == .confirmClear)
        #expect(panes.perform(.open, in: .cache).effects == [.openCacheEntry(Fixtures.cacheRows[0].key)])
        panes.activityArrived(retryLog: Array(Fixtures.retryLog.prefix(1)), transfers: [])
        panes.activityArrived(retryLog: Fixtures.retryLog, transfers: Fixtures.transfers)
        #expect(panes.retrySelection == Fixtures.retryLog.count - 1, "the cursor on the newest row follows")
        _ = panes.perform(.top, in: .retryLog)
        #expect(panes.retrySelection == 0)
    }
}
