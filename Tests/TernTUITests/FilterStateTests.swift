import Foundation
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// The response's `f` JSONPath line on its own, and the pane that owns it.
@Suite struct FilterStateTests {
    @Test func enterRunsTheTrimmedExpressionOffTheLoop() {
        var filter = FilterState()
        let context = Fixtures.context(nil)
        for key in typing(" $.id ") { _ = filter.handle(key, context) }
        #expect(filter.handle(.enter, context)?.effects == [.filterBody("$.id")])
        #expect(!filter.editing && filter.running && filter.expression == "$.id" && filter.isOpen)
    }

    @Test func escCancelsAndEnterOnNothingOnlyCloses() {
        let context = Fixtures.context(nil)
        var cancelled = FilterState()
        guard case .cancelled? = cancelled.handle(.escape, context)?.event else {
            Issue.record("Esc cancels the filter")
            return
        }
        #expect(!cancelled.isOpen)
        var empty = FilterState()
        let reply = empty.handle(.enter, context)
        #expect(!empty.isOpen && reply?.event == nil && reply?.effects == [])
    }

    @Test func thePaneShowsTheWholeBodyFromItsTopOnlyWhenEscCancels() {
        var pane = ResponsePane()
        _ = pane.show(Fixtures.jsonResponse(), now: fixedNow)
        pane.filter = FilterState()
        pane.scroll = 3
        _ = pane.filterKey(.enter, Fixtures.context(nil))
        #expect(pane.filter == nil && pane.scroll == 3)
        pane.filter = FilterState()
        let reply = pane.filterKey(.escape, Fixtures.context(nil))
        #expect(pane.filter == nil && pane.scroll == 0)
        #expect(reply.event == nil, "the pane keeps its line's event")
    }

    @Test func itDrawsTheExpressionThenItsMatchCount() {
        var filter = FilterState()
        let context = Fixtures.context(nil)
        for key in typing("$.id") { _ = filter.handle(key, context) }
        var buffer = ScreenBuffer(size: Size(width: 60, height: 1))
        filter.draw(in: Rect(buffer.size), context, on: &buffer)
        #expect(buffer.text == "JSONPath $.id")
        _ = filter.handle(.enter, context)
        filter.running = false
        filter.matches = ["1"]
        buffer = ScreenBuffer(size: Size(width: 60, height: 1))
        filter.draw(in: Rect(buffer.size), context, on: &buffer)
        #expect(buffer.text == "JSONPath $.id   1 match · Esc shows the whole body")
    }
}
