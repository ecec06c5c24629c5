import Foundation
import HTTPTypes
import Tern
import TernExplorerStorage
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// The TUI as a face for chaining: expectations in the response pane, the filter line, captured
/// variables in the Vars tab, the run results view and the history view.
@Suite struct ChainingViewTests {
    static let checks = [
        ExpectationResult(expected: "status is 2xx", actual: "200", passed: true),
        ExpectationResult(expected: "$.name equals \"Ada\"", actual: "\"Ada Lovelace\"", passed: false),
        ExpectationResult(expected: "header Content-Type contains json", actual: "application/json", passed: true),
    ]

    static func checkedResponse() -> ResponseView {
        var view = Fixtures.jsonResponse()
        view.checks = checks
        return view
    }

    static let summary = RunSummary(
        results: [
            SpecRunResult(
                id: "auth/login", name: "Login", group: "auth", outcome: .passed, status: 200, source: "live",
                duration: 0.012,
                expectations: [ExpectationResult(expected: "status is 200", actual: "200", passed: true)]),
            SpecRunResult(
                id: "users/get-user", name: "Get user", group: "users", outcome: .failed, status: 200, source: "live",
                duration: 0.038, expectations: checks),
            SpecRunResult(
                id: "users/create-user", name: "Create user", group: "users", outcome: .errored, duration: 0.004,
                expectations: [], error: "connection refused (127.0.0.1:9)"),
        ],
        started: fixedNow, duration: 0.06)

    // MARK: Expectations in the response pane

    @Test func aCheckedResponseHasAChecksTabWithPassesAndFailures() {
        var state = Fixtures.state()
        state.responsePane.sending = "users/get-user"
        let effects = App.update(&state, .responseReady(Self.checkedResponse()))
        #expect(effects == [.refreshActivity, .loadCache, .loadVariables])
        #expect(state.status?.isError == true, "a failed expectation shows as an error")
        #expect(state.status?.text.contains("1/3 checks failed") == true)
        state.focus = .response
        #expect(App.view(state).contains("✗ 1/3 failed"))
        press([.character("[")], &state)
        #expect(state.responsePane.tab == .checks, "Checks is the last tab")
        let frame = App.view(state)
        expectSnapshot(frame, "response-checks")
        #expect(frame.contains("Checks (2/3)"))
        #expect(frame.contains("✓ status is 2xx"))
        #expect(frame.contains("✗ $.name equals \"Ada\" — got \"Ada Lovelace\""))
        let failed = frame.find("✗ $.name")
        #expect(failed.map { frame[$0.x, $0.y].style.foreground } == .red)
        let passed = frame.find("✓ status")
        #expect(passed.map { frame[$0.x, $0.y].style.foreground } == .green)
    }

    @Test func aResponseWithoutExpectationsHasNoChecksTab() {
        var state = Fixtures.state()
        _ = App.update(&state, .responseReady(Self.checkedResponse()))
        state.focus = .response
        press([.character("[")], &state)
        #expect(state.responsePane.tab == .checks)
        _ = App.update(&state, .responseReady(Fixtures.jsonResponse()))
        #expect(state.responsePane.tab == .body, "the Checks tab goes with the response that had it")
        press([.character("["), .character("[")], &state)
        #expect(state.responsePane.tab == .headers)
        #expect(!App.view(state).contains("Checks"))
    }

    // MARK: The filter line

    @Test func theFilterSelectsNodesAsCompactJSON() throws {
        let body = Fixtures.jsonResponse().body
        #expect(try body.filter("$.tags[*]").get() == [#""math""#, #""poetry""#])
        #expect(try body.filter("$.id").get() == ["1"])
        #expect(try body.filter("$.missing").get() == [])
        guard case .failure(let error) = body.filter("$[") else {
            Issue.record("an unfinished expression is refused")
            return
        }
        #expect(error.message.contains("is not a JSONPath"))
        let text = BodyDocument.make(Data("hello".utf8), contentType: "text/plain")
        guard case .failure(let notJSON) = text.filter("$.a") else {
            Issue.record("a text body cannot be filtered")
            return
        }
        #expect(notJSON.message.contains("not JSON"))
    }

    @Test func fOpensTheFilterLineEnterAppliesItAndEscShowsTheWholeBody() {
        var state = Fixtures.state()
        _ = App.update(&state, .responseReady(Fixtures.jsonResponse()))
        state.focus = .response
        #expect(press([.character("f")] + typing("$.tags[*]"), &state).isEmpty)
        #expect(App.view(state).contains("JSONPath $.tags[*]"))
        #expect(press([.enter], &state) == [.filterBody("$.tags[*]")])
        _ = App.update(&state, .filterFinished(expression: "$.tags[*]", .success([#""math""#, #""poetry""#])))
        let filtered = App.view(state)
        expectSnapshot(filtered, "response-filtered")
        #expect(filtered.contains("Body (filtered)"))
        #expect(filtered.contains("2 matches"))
        #expect(filtered.contains("\"poetry\""))
        #expect(!filtered.contains("Ada Lovelace"), "only the matches are shown")
        #expect(state.status?.text.contains("2 matches") == true)
        press([.escape], &state)
        #expect(state.responsePane.filter == nil)
        #expect(App.view(state).contains("Ada Lovelace"))
    }

    @Test func anInvalidFilterShowsItsErrorAndStaysOpenToFix() {
        var state = Fixtures.state()
        _ = App.update(&state, .responseReady(Fixtures.jsonResponse()))
        state.focus = .response
        press([.character("f")] + typing("$[") + [.enter], &state)
        let error = ExplorerError(.usage, "'$[' is not a JSONPath: unexpected end")
        _ = App.update(&state, .filterFinished(expression: "$[", .failure(error)))
        #expect(state.status == StatusMessage(text: error.message, isError: true))
        #expect(state.responsePane.filter?.editing == true)
        #expect(press(typing("0]") + [.enter], &state) == [.filterBody("$[0]")])
        _ = App.update(&state, .filterFinished(expression: "$[", .success(["stale"])))
        #expect(state.responsePane.filter?.matches == nil, "a stale result is dropped")
    }

    @Test func theFilterCommandAppliesTheFilterLineWhenAResponseIsShown() {
        var state = Fixtures.state()
        #expect(press([.character(":")] + typing("filter $.id") + [.enter], &state) == [.run(.filter("$.id"))])
        _ = App.update(&state, .responseReady(Fixtures.jsonResponse()))
        #expect(press([.character(":")] + typing("filter $.id") + [.enter], &state) == [.filterBody("$.id")])
        #expect(state.focus == .response && state.responsePane.filter?.expression == "$.id")
    }

    // MARK: Vars with sources

    static let variableRows = [
        VariableRow(name: "userId", value: "7", source: .override, shadowed: false),
        VariableRow(
            name: "token", value: "eyJhbGciOi",
            source: .captured(spec: "auth/login", at: fixedNow.addingTimeInterval(-180)),
            shadowed: false),
        VariableRow(name: "userId", value: "1", source: .environment("local"), shadowed: true),
        VariableRow(name: "baseURL", value: "{{mock}}", source: .environment("local"), shadowed: false),
    ]

    @Test func theVarsTabShowsCapturedValuesWithTheirSourceAndWhichWins() {
        var state = Fixtures.state()
        #expect(App.update(&state, .snapshot(Fixtures.snapshot())) == [.loadVariables])
        _ = App.update(&state, .variablesLoaded(Self.variableRows))
        state.focus = .editor
        state.requestEditor.tab = .variables
        let frame = App.view(state)
        expectSnapshot(frame, "editor-variables-sources")
        #expect(frame.contains("Vars (4)"))
        #expect(frame.contains("captured from auth/login 3m ago"))
        #expect(frame.contains("environment local (hidden)"))
        let hidden = frame.find("environment local (hidden)")
        #expect(hidden.map { frame[$0.x, $0.y].style.attributes.contains(.dim) } == true)
    }

    @Test func deletingACapturedValueForgetsItAndEditingStillSetsASessionValue() {
        var state = Fixtures.state()
        _ = App.update(&state, .variablesLoaded(Self.variableRows))
        state.focus = .editor
        state.requestEditor.tab = .variables
        state.requestEditor.selection = 1
        #expect(press([.character("d")], &state) == [.run(.vars(clear: ["token"]))])
        #expect(
            App.update(&state, .commandFinished(.vars(clear: ["token"]), .success(.done("forgot token")))) == [
                .loadVariables
            ])
        state.requestEditor.selection = 0
        #expect(press([.character("d")], &state) == [.apply(.removeItem(.variable, name: "userId"))])
        press([.character("e")], &state)
        #expect(state.requestEditor.prompt?.purpose == .editItem(.variable, original: "userId"))
        #expect(
            press(typing("9") + [.enter], &state) == [
                .apply(.setItem(.variable, replacing: "userId", name: "userId", value: "79"))
            ])
    }

    // MARK: Runs

    @Test func rInTheTreeRunsTheGroupOrTheSpecUnderTheCursorOneRunAtATime() {
        var state = Fixtures.state()
        #expect(press([.character("L")], &state).isEmpty)
        #expect(state.status?.isError == true, "L before any run says how to start one")
        state.workspaceTree.selection = state.treeRows.firstIndex { $0.title == "users" } ?? 0
        #expect(press([.character("R")], &state) == [.runSpecs(RunTarget(["users"]))])
        #expect(press([.character("R")], &state).isEmpty)
        #expect(state.status?.isError == true, "a second run waits for the first")
        _ = App.update(&state, .runProgress(done: 1, total: 3, current: "users/get-user"))
        #expect(state.status?.text == "running 2/3… (users/get-user) Esc cancels")
        #expect(press([.escape], &state) == [.cancelRun])
        _ = App.update(&state, .runFailed(ExplorerError(.workspace, "no spec or group 'nope'")))
        #expect(state.runProgress == nil)
        state.workspaceTree.selection = state.treeRows.firstIndex { $0.specID == "users/get-user" } ?? 0
        #expect(press([.character("R")], &state) == [.runSpecs(RunTarget(["users/get-user"]))])
        _ = App.update(&state, .runFailed(ExplorerError(.workspace, "x")))
        #expect(press([.character(":")] + typing("run auth") + [.enter], &state) == [.runSpecs(RunTarget(["auth"]))])
        _ = App.update(&state, .runFailed(ExplorerError(.workspace, "x")))
        // D opens the command line on `run ID --data `, for the file's name; Enter runs once per row.
        #expect(press([.character("1"), .character("D")], &state).isEmpty)
        #expect(state.commandLine?.field.text == "run users/get-user --data ")
        #expect(
            press(typing("rows.csv") + [.enter], &state) == [.runSpecs(RunTarget(["users/get-user"], data: "rows.csv"))]
        )
        #expect(state.status?.text == "running users/get-user once per row of rows.csv… Esc cancels")
    }

    @Test func theRunResultsViewListsOutcomesAndOpensTheRunsResponses() {
        var state = Fixtures.state()
        _ = App.update(&state, .runProgress(done: 0, total: 3, current: "auth/login"))
        var login = Fixtures.jsonResponse()
        login.title = "auth/login"
        let effects = App.update(
            &state,
            .runFinished(Self.summary, responses: ["auth/login": login, "users/get-user": Self.checkedResponse()]))
        #expect(effects == [.refreshActivity, .loadCache, .loadVariables])
        #expect(state.runProgress == nil)
        #expect(state.status == StatusMessage(text: Self.summary.line, isError: true))
        #expect(state.runResults?.selection == 1, "the first failure is selected")
        let frame = App.view(state)
        expectSnapshot(frame, "run-results")
        #expect(frame.contains("✓ auth/login"))
        #expect(frame.contains("! users/create-user"))
        #expect(frame.contains("✗ $.name equals \"Ada\" — got \"Ada Lovelace\""), "the selected spec's failures")
        #expect(frame.contains("3 specs: 1 passed, 1 failed, 1 errored in 0.06 s"))
        press([.down, .enter], &state)
        #expect(state.runResults?.isOpen == true, "a spec with no response stays in the list")
        #expect(state.status?.text.contains("connection refused") == true)
        press([.up, .up, .enter], &state)
        #expect(state.runResults?.isOpen == false)
        #expect(state.responsePane.view?.title == "auth/login" && state.focus == .response)
        #expect(!App.view(state).contains("3 specs: 1 passed"), "the view is closed")
        press([.character("L")], &state)
        #expect(state.runResults?.isOpen == true, "L shows the last run again")
        #expect(App.view(state).contains("3 specs: 1 passed"))
    }

    @Test func escClosesTheRunResultsAndTheKeysGoBackToThePanes() {
        var state = Fixtures.state()
        _ = App.update(&state, .runFinished(Self.summary, responses: [:]))
        #expect(press([.character("s")], &state).isEmpty, "the view has the keys while it is open")
        press([.escape], &state)
        #expect(state.runResults?.isOpen == false)
        #expect(press([.character("s")], &state) == [.send(nil)])
    }

    // MARK: History

    static let entries = [
        HistoryEntry(
            id: 2, spec: "users/get-user", method: "GET", url: "http://127.0.0.1:8787/users/1",
            date: fixedNow.addingTimeInterval(-60), status: 200, source: .live, duration: 0.038),
        HistoryEntry(
            id: 1, spec: nil, method: "POST", url: "http://127.0.0.1:8787/upload",
            date: fixedNow.addingTimeInterval(-120),
            duration: 1.5, error: "connection refused"),
    ]

    @Test func hAndTheHistoryCommandOpenTheHistoryView() {
        var state = Fixtures.state()
        #expect(press([.character("H")], &state) == [.loadHistory])
        #expect(press([.character(":")] + typing("history") + [.enter], &state) == [.loadHistory])
        _ = App.update(&state, .historyLoaded(Self.entries))
        let frame = App.view(state)
        expectSnapshot(frame, "history")
        #expect(frame.contains("users/get-user"))
        #expect(frame.contains("200 live"))
        #expect(frame.contains("connection refused"))
        press([.down], &state)
        #expect(press([.character("s")], &state).isEmpty, "an entry sent without a spec cannot be sent again")
        #expect(state.status?.isError == true)
        #expect(press([.up, .enter], &state) == [.openHistoryEntry(Self.entries[0])])
        #expect(state.history?.isOpen == false)
    }

    @Test func sOnAHistoryEntrySendsItsSpecAgain() {
        var state = Fixtures.state()
        _ = App.update(&state, .historyLoaded(Self.entries))
        #expect(press([.character("s")], &state) == [.send("users/get-user")])
        #expect(state.responsePane.sending == "users/get-user" && state.history?.isOpen == false)
    }

    @Test func anOpenedHistoryEntryShowsTheRequestAsSentAndItsStoredAnswer() throws {
        let utc = ClockZone.utc
        var entry = Self.entries[0]
        entry.request = RequestRecord(
            name: "users/get-user", partition: "local", method: "GET", url: "http://127.0.0.1:8787/users/1",
            headers: [.init(name: "Accept", value: "application/json"), .init(name: "Authorization", value: "••••••")])
        entry.cacheKey = "user-1 @local"
        let missing = ResponseView.make(entry, stored: nil, timeZone: utc)
        #expect(missing.title == "history: users/get-user" && missing.status == 200)
        #expect(
            missing.requestLines.prefix(3) == [
                "GET http://127.0.0.1:8787/users/1", "Accept: application/json", "Authorization: ••••••",
            ])
        #expect(missing.requestLines.contains("sent 14:12:20 · 200 live · 38 ms"))
        #expect(!missing.requestLines.contains { $0.hasPrefix("Timing") })
        entry.phases = TransferPhases(
            connect: .milliseconds(10), firstByte: .milliseconds(20), transfer: .milliseconds(8),
            total: .milliseconds(38), reusedConnection: false)
        let timed = ResponseView.make(entry, stored: nil, timeZone: utc).requestLines
        let title = try #require(timed.firstIndex(of: "Timing (new connection)"))
        #expect(timed[title + 1].hasPrefix("connect    ██████ "))
        #expect(timed[title + 1].hasSuffix("  10 ms"))
        #expect(timed[title + 2].hasPrefix("first byte       █████████████"))
        #expect(timed[title + 4].hasPrefix("total      ████████████████████████  38 ms"))
        #expect(missing.body.line(0).contains("no longer has this send's answer"))
        entry.cacheKey = nil
        #expect(ResponseView.make(entry, stored: nil, timeZone: utc).body.line(0).contains("was not stored"))

        let stored = StoredResponse(
            key: "user-1 @local", status: 200, headers: [.contentType: "application/json"],
            body: Data(#"{"id":1}"#.utf8), source: .live, storedAt: fixedNow.addingTimeInterval(-60),
            validUntil: fixedNow.addingTimeInterval(300), method: "GET", url: "http://127.0.0.1:8787/users/1")
        let found = ResponseView.make(entry, stored: stored, timeZone: utc)
        #expect(found.body.kind == .json && found.body.line(1).contains("\"id\": 1"))
        #expect(found.requestLines.contains("answer stored under the key 'user-1 @local'"))
        #expect(!found.requestLines.contains { $0.contains("replaced") }, "the answer is this send's own")
        var replaced = stored
        replaced.storedAt = fixedNow
        #expect(
            ResponseView.make(entry, stored: replaced, timeZone: utc).requestLines.contains { $0.contains("replaced") })

        // An entry from before requests were recorded: the summary, and the newest answer for its spec, said so.
        let old = ResponseView.make(Self.entries[0], stored: stored, exact: false, timeZone: utc)
        #expect(old.requestLines.contains("(this send's headers and body were not recorded)"))
        #expect(old.requestLines.contains { $0.contains("the answer shown is the newest stored for users/get-user") })

        var state = Fixtures.state()
        _ = App.update(&state, .historyEntryReady(found))
        #expect(state.responsePane.view?.title == "history: users/get-user" && state.focus == .response)
        state.responsePane.tab = .request
        #expect(App.view(state).contains("Authorization: ••••••"))
    }
}
