import Foundation
import Tern
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// `update`: keys and results in, state and effects out.
@Suite struct UpdateTests {
    @Test("the answer zoomed has every row but its status line; another pane zoomed keeps the frame")
    func zoomedAnswerIsBare() {
        let size = Size(width: 80, height: 24)
        let bare = Layout(size, focus: .response, zoomed: true)
        #expect(bare.isBare && bare.responseBodyHeight == 23 && bare.status.y == 23)
        #expect(bare.header.height == 0 && bare.commandLine.height == 0 && bare.tree.height == 0)
        let tree = Layout(size, focus: .tree, zoomed: true)
        #expect(!tree.isBare && tree.header.height == 1 && tree.tree.height == 21)
        #expect(Layout(size, focus: .response).responseBodyHeight < 23)
    }

    @Test func tabCyclesThePanesBothWays() {
        var state = Fixtures.state()
        var seen: [Pane] = []
        for _ in Pane.allCases {
            press([.tab], &state)
            seen.append(state.focus)
        }
        #expect(seen == [.editor, .response, .transfers, .retryLog, .cache, .tree])
        press([.backTab], &state)
        #expect(state.focus == .cache)
        #expect(state.activityPanes.strip == .cache, "the strip shows the focused activity pane")
    }

    @Test func treeMovesSelectsCollapsesAndFilters() {
        var state = Fixtures.state()
        state.workspaceTree.selection = 0
        #expect(state.treeRows.first?.title == "auth")
        press([.character("j")], &state)
        #expect(press([.enter], &state) == [.select("auth/protected")])
        press([.character("k"), .enter], &state)
        #expect(state.workspaceTree.collapsed == ["auth"])
        #expect(!state.treeRows.contains { $0.specID == "auth/protected" })
        press([.character("l")], &state)
        #expect(state.treeRows.contains { $0.specID == "auth/protected" })
        press([.character("/")] + typing("flak"), &state)
        #expect(state.treeRows.compactMap(\.specID) == ["reliability/flaky"])
        #expect(App.view(state).contains("/flak"))
        press([.enter], &state)
        #expect(state.workspaceTree.filter == "flak" && state.workspaceTree.filterField == nil)
        #expect(press([.enter], &state) == [.select("reliability/flaky")])
        press([.character("/"), .escape], &state)
        #expect(state.workspaceTree.filter.isEmpty)
        #expect(state.treeRows.count == 9)
    }

    @Test func theCursorIsTheSelection() {
        var state = Fixtures.state()
        state.workspaceTree.selection = 0
        // j j j Enter s in one burst: s sends the spec under the cursor, whatever the session says yet.
        press([.character("j")], &state)
        #expect(state.workspaceTree.cursorRow(of: state.snapshot)?.specID == "auth/protected")
        #expect(press([.character("s")], &state) == [.select("auth/protected"), .send("auth/protected")])
        _ = App.update(&state, .sendFailed(ExplorerError(.request, "cancelled auth/protected")))
        #expect(press([.character("v")], &state) == [.run(.verify(["auth/protected"]))])

        // A filter applied, the cursor on a spec: Esc clears it and the cursor stays on that spec.
        press([.character("/")] + typing("flak") + [.enter], &state)
        #expect(state.workspaceTree.cursorRow(of: state.snapshot)?.specID == "reliability/flaky")
        #expect(press([.escape], &state).isEmpty)
        #expect(state.workspaceTree.filter.isEmpty && state.treeRows.count == 9)
        #expect(state.workspaceTree.cursorRow(of: state.snapshot)?.specID == "reliability/flaky")
        // Esc while typing a filter does the same.
        press([.character("/")] + typing("prot"), &state)
        press([.escape], &state)
        #expect(state.workspaceTree.cursorRow(of: state.snapshot)?.specID == "auth/protected")
        // R runs the group under the cursor, after the filter is gone too.
        press([.character("k")], &state)
        #expect(state.workspaceTree.cursorRow(of: state.snapshot)?.title == "auth")
    }

    @Test func editorKeysBecomeSpecEdits() {
        var state = Fixtures.state()
        press([.character("2")], &state)
        #expect(press([.character(" ")], &state) == [.apply(.toggle(.query, name: "fields"))])
        #expect(press([.character("j"), .character("d")], &state) == [.apply(.removeItem(.query, name: "debug"))])
        let added = press([.character("a")] + typing("page") + [.tab] + typing("2") + [.enter], &state)
        #expect(added == [.apply(.setItem(.query, replacing: nil, name: "page", value: "2"))])
        state.requestEditor.selection = 0
        let edited = press([.character("e"), .ctrl("u")] + typing("name") + [.enter], &state)
        #expect(edited == [.apply(.setItem(.query, replacing: "fields", name: "fields", value: "name"))])
        #expect(press([.character("M"), .ctrl("u")] + typing("post") + [.enter], &state) == [.apply(.method("post"))])
        #expect(
            press([.character("p"), .ctrl("u")] + typing("/v2/users") + [.enter], &state) == [
                .apply(.path("/v2/users"))
            ])
        press([.character("a"), .escape], &state)
        #expect(state.requestEditor.prompt == nil)
        state.requestEditor.tab = .body
        let body = state.snapshot?.selected?.body ?? ""
        #expect(press([.character("e")], &state) == [.openEditor(EditorJob(text: body))])
        state.requestEditor.tab = .variables
        #expect(press([.character(" ")], &state).isEmpty)
        #expect(state.status?.isError == true)
    }

    @Test func editorWithoutASelectionSaysSo() {
        var state = Fixtures.state()
        _ = App.update(&state, .snapshot(Fixtures.snapshot(selected: nil)))
        press([.character("2"), .character("a")], &state)
        #expect(state.requestEditor.prompt == nil)
        #expect(state.status?.text.contains("select a spec first") == true)
        #expect(press([.character("s")], &state).isEmpty)
    }

    @Test func sendCancelAndTheModeCycle() {
        var state = Fixtures.state()
        #expect(press([.character("s")], &state) == [.send(nil)])
        #expect(state.responsePane.sending == "users/get-user")
        #expect(press([.character("s")], &state).isEmpty, "one send at a time")
        #expect(press([.escape], &state) == [.cancelSend])
        #expect(press([.ctrl("x")], &state) == [.cancelSend])
        _ = App.update(&state, .sendFailed(ExplorerError(.request, "cancelled users/get-user")))
        #expect(state.responsePane.sending == nil)
        #expect(press([.character("m")], &state) == [.run(.mode(.live))])
        _ = App.update(&state, .snapshot(Fixtures.snapshot(mode: .sample)))
        #expect(press([.character("m")], &state) == [.run(.mode(.normal))])
        #expect(App.view(state).contains("mode SAMPLE"))
    }

    @Test func gAndGTakeTheTreesCursorToItsFirstAndLastRow() {
        var state = Fixtures.state()
        state.focus = .tree
        let rows = state.treeRows
        press([.character("G")], &state)
        #expect(state.workspaceTree.selection == rows.count - 1)
        #expect(state.workspaceTree.cursorRow(of: state.snapshot)?.specID == rows.last?.specID)
        press([.character("g")], &state)
        #expect(state.workspaceTree.selection == 0)
        press([.end], &state)
        #expect(state.workspaceTree.selection == rows.count - 1)
        press([.home], &state)
        #expect(state.workspaceTree.selection == 0)
    }

    @Test func aRefusalThatComesBeforeItsSpecsSnapshotIsMarkedWhenTheSnapshotArrives() {
        var state = Fixtures.state()
        var bad = Fixtures.getUser
        bad.id = "graphql/bad"
        bad.body = "query {\n  nope\n}"
        var refusal = ExplorerError(.request, "graphql/bad: Cannot query field \"nope\"")
        refusal.places = [BodyPlace(spec: "graphql/bad", line: 2, column: 3, message: "Cannot query field")]
        _ = App.update(&state, .sendFailed(refusal))
        #expect(state.requestEditor.marks == nil, "the snapshot still shows users/get-user")
        _ = App.update(&state, .snapshot(Fixtures.snapshot()))
        #expect(state.requestEditor.marks == nil && state.requestEditor.pendingMarks != nil)
        _ = App.update(&state, .snapshot(Fixtures.snapshot(selected: bad)))
        #expect(state.requestEditor.marks?.places(in: bad) == refusal.places)
        #expect(state.requestEditor.tab == .body && state.focus == .editor)
        #expect(state.requestEditor.pendingMarks == nil)

        var other = Fixtures.getUser
        other.id = "users/create-user"
        state.requestEditor.marks = nil
        _ = App.update(&state, .snapshot(Fixtures.snapshot()))
        _ = App.update(&state, .sendFailed(refusal))
        _ = App.update(&state, .snapshot(Fixtures.snapshot(selected: other)))
        _ = App.update(&state, .snapshot(Fixtures.snapshot(selected: bad)))
        #expect(state.requestEditor.marks == nil, "the user moved to another spec: the refusal's marks are dropped")
    }

    @Test func vVerifiesTheSelectedSpecAndShowsTheReport() {
        var state = Fixtures.state()
        #expect(press([.character("v")], &state) == [.run(.verify(["users/get-user"]))])
        #expect(state.status?.text.contains("verifying users/get-user") == true)
        var report = DriftReport(spec: "users/get-user", outcome: .drifted)
        report.statusChange = (200, 500)
        _ = App.update(&state, .commandFinished(.verify(["users/get-user"]), .success(.drift([report]))))
        let frame = App.view(state)
        #expect(frame.contains("verify: stored vs live"))
        #expect(frame.contains("✗ users/get-user: drifted"))
        #expect(frame.contains("~ status: 200 → 500"))
    }

    @Test func aBurstOfModeKeysLandsWhereTheCountSays() {
        var state = Fixtures.state()
        _ = App.update(&state, .snapshot(Fixtures.snapshot(mode: .normal)))
        #expect(press([.character("m")], &state) == [.run(.mode(.live))])
        #expect(press([.character("m")], &state) == [.run(.mode(.cache))], "not live again: the snapshot is late")
        _ = App.update(&state, .snapshot(Fixtures.snapshot(mode: .live)))
        #expect(press([.character("m")], &state) == [.run(.mode(.sample))])
        _ = App.update(&state, .snapshot(Fixtures.snapshot(mode: .cache)))
        _ = App.update(&state, .snapshot(Fixtures.snapshot(mode: .sample)))
        #expect(state.pendingModes.isEmpty)
        #expect(press([.character("m")], &state) == [.run(.mode(.normal))])
        #expect(Command.mode(.live).changesSettings && !Command.send(nil).changesSettings)
    }

    @Test func theCommandLineRunsTheREPLLanguage() {
        var state = Fixtures.state()
        #expect(
            press([.character(":")] + typing("set header X-A 1") + [.enter], &state) == [
                .run(.set(.header, name: "X-A", value: "1"))
            ])
        #expect(
            press([.character(":")] + typing("send reliability/flaky") + [.enter], &state) == [
                .select("reliability/flaky"), .send("reliability/flaky"),
            ], "the spec sent becomes the selection")
        _ = App.update(&state, .sendFailed(ExplorerError(.request, "x")))
        #expect(press([.character(":")] + typing("mode cache") + [.enter], &state) == [.run(.mode(.cache))])
        #expect(press([.character(":")] + typing("cache list") + [.enter], &state) == [.loadCache])
        #expect(state.focus == .cache)
        press([.character(":")] + typing("log") + [.enter], &state)
        #expect(state.focus == .retryLog)
        press([.character(":")] + typing("cache clear") + [.enter], &state)
        #expect(state.dialog == .confirmClear)
        #expect(press([.character("y")], &state) == [.run(.cache(.clear(nil)))])
        press([.character(":")] + typing("sned") + [.enter], &state)
        #expect(state.status?.isError == true)
        #expect(state.status?.text.contains("send") == true, "an unknown command suggests the closest")
        press([.character(":")] + typing("set header") + [.enter], &state)
        #expect(
            state.status?.text.contains("set header|query|var NAME VALUE") == true, "wrong arguments show the usage")
    }

    @Test func commandHistoryAndCompletion() {
        var state = Fixtures.state()
        press([.character(":")] + typing("mode live") + [.enter], &state)
        press([.character(":")] + typing("env shared") + [.enter], &state)
        press([.character(":"), .up, .up], &state)
        #expect(state.commandLine?.field.text == "mode live")
        press([.down], &state)
        #expect(state.commandLine?.field.text == "env shared")
        press([.escape, .character(":")] + typing("en") + [.tab], &state)
        #expect(state.commandLine?.field.text == "env ")
        press(typing("sh") + [.tab], &state)
        #expect(state.commandLine?.field.text == "env shared ")
        press([.escape, .character(":")] + typing("send fla") + [.tab], &state)
        #expect(state.commandLine?.field.text == "send flaky ", "unique file names complete too")
    }

    @Test func commandOutputsOpenAsScrollableText() {
        var state = Fixtures.state()
        _ = App.update(&state, .commandFinished(.curl, .success(.curl("curl -X GET 'http://x/users/1'"))))
        guard case .output(let title, let lines, _) = state.dialog else {
            Issue.record("no output dialog")
            return
        }
        #expect(title == "curl" && lines == ["curl -X GET 'http://x/users/1'"])
        press([.escape], &state)
        _ = App.update(&state, .commandFinished(.save(as: nil), .success(.done("saved users/get-user"))))
        #expect(state.status == StatusMessage(text: "saved users/get-user", isError: false))
        _ = App.update(
            &state, .commandFinished(.environment("nope"), .failure(ExplorerError(.workspace, "no environment 'nope'")))
        )
        #expect(state.status == StatusMessage(text: "no environment 'nope'", isError: true))
        #expect(App.update(&state, .commandFinished(.cache(.clear("k")), .success(.done("removed")))) == [.loadCache])
    }

    @Test func responseScrollingIsClampedAndSearchMovesBetweenMatches() {
        var state = Fixtures.state(width: 80, height: 24)
        let lines = (0..<1000).map { "line \($0)" + ($0 % 100 == 7 ? " needle" : "") }.joined(separator: "\n")
        var view = Fixtures.jsonResponse()
        view.body = BodyDocument.make(Data(lines.utf8), contentType: "text/plain")
        _ = App.update(&state, .responseReady(view))
        press([.character("3"), .character("G")], &state)
        let height = Layout(state.size).responseBodyHeight
        #expect(state.responsePane.scroll == 1000 - height)
        press([.character("j")], &state)
        #expect(state.responsePane.scroll == 1000 - height)
        press([.character("g"), .pageDown], &state)
        #expect(state.responsePane.scroll == height)
        let effects = press([.character("/")] + typing("needle") + [.enter], &state)
        #expect(effects == [.search("needle")])
        _ = App.update(&state, .searchFinished(query: "needle", matches: view.body.search("needle")))
        #expect(state.responsePane.search?.matches.count == 10)
        let current = state.responsePane.search.map { $0.matches[$0.current] }
        #expect(current.map { $0 >= state.responsePane.scroll && $0 < state.responsePane.scroll + height } == true)
        press([.character("n")], &state)
        press([.character("N"), .character("N")], &state)
        #expect(state.responsePane.search?.current == 0 || state.responsePane.search?.current == 9)
        #expect(App.view(state).contains("/needle"))
    }

    @Test func resizeKeepsTheState() {
        var state = Fixtures.state(width: 120, height: 40)
        _ = App.update(&state, .responseReady(Fixtures.jsonResponse()))
        press([.character("3")], &state)
        _ = App.update(&state, .resized(Size(width: 50, height: 10)))
        #expect(App.view(state).contains("This one is 50×10"))
        press([.character("j")], &state)
        _ = App.update(&state, .resized(Size(width: 90, height: 30)))
        #expect(state.focus == .response)
        #expect(state.snapshot?.selected?.id == "users/get-user")
        #expect(App.view(state).contains("Ada Lovelace"))
    }

    @Test func ctrlCAlwaysQuits() {
        var state = Fixtures.state()
        press([.character(":")] + typing("half a comm"), &state)
        press([.ctrl("c")], &state)
        #expect(state.quitting)
        var small = Fixtures.state(width: 20, height: 5)
        press([.ctrl("c")], &small)
        #expect(small.quitting)
    }

    @Test func activityFollowsTheNewestEntries() {
        var state = Fixtures.state()
        _ = App.update(&state, .activity(retryLog: Array(Fixtures.retryLog.prefix(1)), transfers: []))
        _ = App.update(&state, .activity(retryLog: Fixtures.retryLog, transfers: []))
        #expect(state.activityPanes.retrySelection == 2)
        #expect(
            App.update(
                &state,
                .handlerEvent(
                    HandlerEvent(
                        requestID: RequestID(rawValue: 9), label: "x", date: fixedNow, kind: .attempt(number: 1)))) == [
                    .refreshActivity
                ])
    }

    @Test func cachePaneOpensDeletesAndClears() {
        var state = Fixtures.state()
        _ = App.update(&state, .cacheLoaded(Fixtures.cacheRows))
        #expect(press([.character("6")], &state) == [.loadCache])
        #expect(press([.enter], &state) == [.openCacheEntry("user-1 @local")])
        press([.character("j"), .character("d")], &state)
        #expect(state.dialog == .confirmDelete(key: "GET http://127.0.0.1:8787/flaky/demo #0c1d2e3f4a5b6c7d @local"))
        #expect(press([.character("n")], &state).isEmpty)
        press([.character("D")], &state)
        #expect(press([.character("y")], &state) == [.run(.cache(.clear(nil)))])
    }

    @Test func keyDocsAreCurrent() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("docs/keys.md")
        let generated = KeyTable.markdown()
        if ProcessInfo.processInfo.environment["TERN_RECORD_DOCS"] != nil {
            try generated.write(to: file, atomically: true, encoding: .utf8)
        }
        let current = try String(contentsOf: file, encoding: .utf8)
        #expect(
            current == generated, "docs/keys.md is stale: run TERN_RECORD_DOCS=1 swift test --filter keyDocsAreCurrent")
    }
}
