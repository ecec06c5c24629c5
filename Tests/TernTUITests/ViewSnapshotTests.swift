import Foundation
import Tern
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// Every pane and state, rendered as text and compared with `Snapshots/*.txt`.
@Suite struct ViewSnapshotTests {
    @Test func loadingFrameBeforeTheWorkspaceArrives() {
        let frame = App.view(AppState(size: Size(width: 80, height: 24), now: fixedNow))
        expectSnapshot(frame, "loading-80x24")
        #expect(frame.contains("loading the workspace"))
    }

    @Test func treeEditorAndEmptyPanesAt80x24() {
        let frame = App.view(Fixtures.state(width: 80, height: 24))
        expectSnapshot(frame, "initial-80x24")
        #expect(frame.contains("▾ users"))
        #expect(frame.contains("●GET    get-user"))
        #expect(frame.contains("GET /users/{{userId}}"), "the selected spec's method and path")
        #expect(frame.contains("No response yet"))
        #expect(frame.contains("mode NORMAL"))
    }

    @Test func smallTerminalShowsANotice() {
        let frame = App.view(Fixtures.state(width: 60, height: 20))
        expectSnapshot(frame, "too-small-60x20")
        #expect(frame.contains("at least 80×24"))
        #expect(frame.contains("This one is 60×20"))
        #expect(!frame.contains("Workspace"))
    }

    @Test func queryTableShowsDisabledRowsAndUnsavedEdits() {
        var state = Fixtures.state()
        var detail = Fixtures.getUser
        detail.edited = true
        _ = App.update(&state, .snapshot(Fixtures.snapshot(selected: detail, unsaved: ["users/get-user"])))
        state.focus = .editor
        let frame = App.view(state)
        expectSnapshot(frame, "editor-query-edited")
        #expect(frame.contains("✓   fields"))
        #expect(frame.contains("✗   debug"))
        #expect(frame.contains("● unsaved"))
        #expect(frame.contains("edited, unsaved (:save)"))
        let debugRow = frame.find("debug")
        #expect(debugRow.map { frame[$0.x, $0.y].style.attributes.contains(.dim) } == true, "an off row is dimmed")
    }

    @Test func headersVariablesAndBodyTabs() {
        var state = Fixtures.state()
        state.focus = .editor
        state.requestEditor.tab = .headers
        #expect(App.view(state).contains("X-Request-Source"))
        state.requestEditor.tab = .variables
        let variables = App.view(state)
        expectSnapshot(variables, "editor-variables")
        #expect(variables.contains("userId") && variables.contains("local"))
        state.requestEditor.tab = .body
        #expect(App.view(state).contains("(no body)"))
        var withBody = Fixtures.getUser
        withBody.body = "{\n  \"name\": \"Ada\"\n}"
        withBody.bodyKind = "json"
        _ = App.update(&state, .snapshot(Fixtures.snapshot(selected: withBody)))
        let body = App.view(state)
        #expect(body.contains("Body (json)"))
        #expect(body.contains("\"name\": \"Ada\""))
    }

    @Test func liveJSONResponseIsPrettyAndColoured() {
        var state = Fixtures.state()
        _ = App.update(&state, .responseReady(Fixtures.jsonResponse()))
        state.focus = .response
        let frame = App.view(state)
        expectSnapshot(frame, "response-live-json")
        #expect(frame.contains("200 OK"))
        #expect(frame.contains(" LIVE "))
        #expect(frame.contains("38 ms"))
        #expect(frame.contains("\"name\": \"Ada Lovelace\""))
        let key = frame.find("\"email\"")
        #expect(key.map { frame[$0.x, $0.y].style.foreground } == .blue, "keys are coloured")
        let number = frame.find("\"id\": 1")
        #expect(number.map { frame[$0.x + 6, $0.y].style.foreground } == .cyan, "numbers are coloured")
    }

    @Test func cachedAndSampleBadges() {
        var state = Fixtures.state()
        _ = App.update(&state, .responseReady(Fixtures.jsonResponse(source: .cache)))
        let cached = App.view(state)
        expectSnapshot(cached, "response-cache-badge")
        #expect(cached.contains(" CACHE  stored 4m ago · valid in 6m"))
        _ = App.update(&state, .responseReady(Fixtures.jsonResponse(source: .sample)))
        #expect(App.view(state).contains(" SAMPLE "))
    }

    @Test func headersAndRequestTabs() {
        var state = Fixtures.state()
        _ = App.update(&state, .responseReady(Fixtures.jsonResponse()))
        state.focus = .response
        press([.character("]")], &state)
        #expect(App.view(state).contains("Content-Type: application/json"))
        press([.character("]")], &state)
        let request = App.view(state)
        expectSnapshot(request, "response-request-tab")
        #expect(request.contains("GET http://127.0.0.1:8787/users/1?fields=name,email"))
    }

    @Test func binaryBodiesAreSummarisedNeverDumped() {
        var bytes = Data((0..<4096).map { UInt8($0 % 256) })
        bytes[0] = 0x89
        var view = Fixtures.jsonResponse()
        view.body = BodyDocument.make(bytes, contentType: "image/png")
        var state = Fixtures.state()
        _ = App.update(&state, .responseReady(view))
        let frame = App.view(state)
        #expect(frame.contains("Binary body: 4.1 KB (image/png)"))
        #expect(frame.contains("00000000  89 01 02 03"))
        let controls = frame.text.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" }
        #expect(controls.isEmpty, "no control bytes reach the terminal")
    }

    @Test func sendingShowsProgressInTheHeader() {
        var state = Fixtures.state()
        let effects = press([.character("s")], &state)
        #expect(effects == [.send(nil)])
        _ = App.update(&state, .tick(fixedNow.addingTimeInterval(1.5)))
        let frame = App.view(state)
        expectSnapshot(frame, "sending")
        #expect(frame.contains("⟳ users/get-user 1500 ms"))
        #expect(frame.contains("sending users/get-user"))
    }

    @Test func errorsShowInTheStatusLine() {
        var state = Fixtures.state()
        press([.character("s")], &state)
        _ = App.update(&state, .sendFailed(ExplorerError(.request, "connection refused: 127.0.0.1:9")))
        let frame = App.view(state)
        expectSnapshot(frame, "send-failed")
        #expect(frame.contains("✗ connection refused: 127.0.0.1:9"))
        let mark = frame.find("✗ connection")
        #expect(mark.map { frame[$0.x, $0.y].style.foreground } == .red)
        #expect(state.responsePane.sending == nil)
    }

    @Test func transfersPaneShowsBarsRatesAndOutcomes() {
        var state = Fixtures.state()
        _ = App.update(&state, .activity(retryLog: [], transfers: Fixtures.transfers))
        press([.character("4")], &state)
        let frame = App.view(state)
        expectSnapshot(frame, "transfers")
        #expect(frame.contains("↓ files/big-download"))
        #expect(frame.contains(" 40%  20.0 MB/50.0 MB  10.0 MB/s  ETA 3s"))
        #expect(frame.contains("↑ files/upload"))
        #expect(frame.contains("100%  1.0 MB/1.0 MB  5.0 MB/s  done"))
    }

    @Test func retryLogPaneListsAttemptsAndDelays() {
        var state = Fixtures.state()
        _ = App.update(&state, .activity(retryLog: Fixtures.retryLog, transfers: []))
        press([.character("5")], &state)
        let frame = App.view(state)
        expectSnapshot(frame, "retry-log")
        #expect(frame.contains("#1   status 503"))
        #expect(frame.contains("retry in 200 ms"))
        #expect(frame.contains("#3   200 live"))
    }

    @Test func cachePaneListsEntriesAndConfirmsDeletes() {
        var state = Fixtures.state()
        _ = App.update(&state, .cacheLoaded(Fixtures.cacheRows))
        press([.character("6")], &state)
        let frame = App.view(state)
        expectSnapshot(frame, "cache")
        #expect(frame.contains("200    112 B     4m ago   in 6m    revalidated users/get-user @local"))
        #expect(frame.contains("52.4 MB") && frame.contains("drifted"), "file bodies count, and drift shows")
        #expect(frame.contains("expired"))
        press([.character("d")], &state)
        let confirm = App.view(state)
        expectSnapshot(confirm, "cache-confirm-delete")
        #expect(confirm.contains("Delete cache entry?"))
    }

    @Test func wideTerminalsShowTheThreeActivityPanesSideBySide() {
        var state = Fixtures.state(width: 220, height: 50)
        _ = App.update(&state, .activity(retryLog: Fixtures.retryLog, transfers: Fixtures.transfers))
        _ = App.update(&state, .cacheLoaded(Fixtures.cacheRows))
        _ = App.update(&state, .responseReady(Fixtures.jsonResponse()))
        let frame = App.view(state)
        expectSnapshot(frame, "wide-220x50")
        #expect(frame.contains("4 Transfers") && frame.contains("5 Retry log") && frame.contains("6 Cache"))
        #expect(frame.contains("↓ files/big-down") && frame.contains("status 503") && frame.contains("revalidated"))
    }

    @Test func helpOverlayComesFromTheKeyTable() {
        var state = Fixtures.state()
        press([.character("?")], &state)
        let frame = App.view(state)
        expectSnapshot(frame, "help")
        // The focused pane's keys (the tree's) come first.
        #expect(frame.text.split(separator: "\n")[2].contains("Workspace"), "\(frame.text)")
        #expect(frame.contains("e               edit the spec's body in $EDITOR"))
        press([.character("x")], &state)
        #expect(state.dialog == nil)
    }

    @Test func promptsForAddingARow() {
        var state = Fixtures.state()
        press([.character("2"), .character("]"), .character("a")] + typing("X-Trace") + [.tab] + typing("abc"), &state)
        let frame = App.view(state)
        expectSnapshot(frame, "prompt-add-header")
        #expect(frame.contains("Add a header"))
        #expect(frame.contains("Name:  X-Trace"))
        #expect(frame.contains("Value: abc"))
    }

    @Test func commandLineWithCompletions() {
        var state = Fixtures.state()
        press([.character(":")] + typing("send u") + [.tab], &state)
        let frame = App.view(state)
        expectSnapshot(frame, "command-line-completion")
        #expect(frame.contains(":send users/"))
        #expect(frame.contains("complete: users/create-user  users/get-user"))
    }

    @Test func quitWithUnsavedEditsAsksFirst() {
        var state = Fixtures.state()
        _ = App.update(&state, .snapshot(Fixtures.snapshot(unsaved: ["users/get-user"])))
        press([.character("q")], &state)
        #expect(!state.quitting)
        let frame = App.view(state)
        expectSnapshot(frame, "confirm-quit")
        #expect(frame.contains("Unsaved edits in: users/get-user"))
        press([.character("n")], &state)
        #expect(state.dialog == nil && !state.quitting)
        press([.character("q"), .character("y")], &state)
        #expect(state.quitting)
    }
}
