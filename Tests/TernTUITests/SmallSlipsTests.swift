import Foundation
import HTTPTypes
import Tern
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// The small things that told the user something untrue or cut what they needed to read.
@Suite struct SmallSlipsTests {
    @Test func anEntryStoredSinceTheLastTickIsStoredJustNowNotInTheFuture() {
        var state = Fixtures.state()
        var row = Fixtures.cacheRows[0]
        row.storedAt = fixedNow.addingTimeInterval(0.4)
        _ = App.update(&state, .cacheLoaded([row]))
        press([.character("6")], &state)
        let frame = App.view(state)
        #expect(frame.contains("just now"), "\(frame)")
        #expect(!frame.contains("in 0s"))
    }

    @Test func runLinesAlignTheirColumnsWhateverTheIDs() {
        let results = [
            SpecRunResult(
                id: "a", name: "a", group: "", outcome: .passed, status: 200, source: "live", duration: 0.01,
                expectations: []),
            SpecRunResult(
                id: "a-group/with-a-rather-long-spec-identifier", name: "b", group: "a-group", outcome: .passed,
                status: 404, source: "live", duration: 0.2, expectations: []),
        ]
        let width = SpecRunResult.idWidth(results)
        let lines = results.map { $0.lines(idWidth: width)[0] }
        let columns = lines.map { line in line.distance(from: line.startIndex, to: line.range(of: " ms")!.lowerBound) }
        #expect(columns[0] == columns[1], "\(lines)")
        #expect(lines[1].contains("with-a-rather-long-spec-identifier 404"))
    }

    @Test func theResponseTitleNamesTheStreamArrivingNotThePreviousAnswer() {
        var state = Fixtures.state()
        _ = App.update(&state, .responseReady(Fixtures.jsonResponse()))
        state.responsePane.sending = "streams/ticks"
        _ = App.update(&state, .streamed([.line("{\"n\":1}")]))
        let frame = App.view(state)
        #expect(frame.contains("─ streams/ticks ─"), "\(frame)")
        #expect(!frame.contains("─ users/get-user ─"))
    }

    @Test func anAnswerPinnedByStorageKeySaysSo() throws {
        var request = Request(method: .get, url: try #require(URL(string: "http://127.0.0.1:9/users/1?page=2")))
        request.storageKey = "user-1"
        let response = Response(
            status: .ok, headers: [.contentType: "application/json"], body: Data("{}".utf8), source: .cache,
            request: request)
        let view = ResponseView.make(response, title: "users/get-user")
        #expect(view.pinnedBy == "user-1")
        #expect(view.requestLines.first?.contains("fixed key 'user-1'") == true)
        var state = Fixtures.state(width: 120, height: 40)
        _ = App.update(&state, .responseReady(view))
        #expect(App.view(state).contains("fixed key user-1"))
        #expect(state.status?.text.contains("the stored answer of the spec's fixed key 'user-1'") == true)
    }

    @Test func emptyPanesWrapTheirTextAtWordsAndHintsFitTheLine() {
        var state = Fixtures.state(width: 80, height: 24)
        press([.character("5")], &state)
        let frame = App.view(state)
        expectSnapshot(frame, "retry-log-empty-80x24")
        #expect(frame.contains("No attempts yet: every try of a send shows here"))
        let hints = frame.line(23).trimmingCharacters(in: .whitespaces)
        #expect(hints.hasSuffix("? help  q quit"), "\(hints)")
    }
}
