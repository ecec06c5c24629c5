import Foundation
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// The response's `/` search on its own: typing the query, running it, drawing it on the tab row.
@Suite struct SearchStateTests {
    @Test func enterRunsTheQueryOffTheLoopAndStopsTheTyping() {
        var search = SearchState()
        let context = Fixtures.context(nil)
        for key in typing("ada") { _ = search.handle(key, context) }
        let reply = search.handle(.enter, context)
        #expect(reply?.effects == [.search("ada")])
        #expect(!search.editing && search.running && search.query == "ada" && search.isOpen)
    }

    @Test func escAndEnterOnNothingCloseIt() {
        let context = Fixtures.context(nil)
        var empty = SearchState()
        #expect(empty.handle(.enter, context)?.effects == [])
        #expect(!empty.isOpen)
        var typed = SearchState()
        _ = typed.handle(.character("x"), context)
        _ = typed.handle(.escape, context)
        #expect(!typed.isOpen)
    }

    @Test func thePaneDropsTheSearchItsLineClosed() {
        var pane = ResponsePane()
        _ = pane.show(Fixtures.jsonResponse(), now: fixedNow)
        _ = pane.perform(.search, Fixtures.context(nil, page: 10))
        _ = pane.searchKey(.character("a"), Fixtures.context(nil))
        #expect(pane.search?.field.text == "a")
        _ = pane.searchKey(.escape, Fixtures.context(nil))
        #expect(pane.search == nil)
    }

    @Test func itDrawsTheQueryThenWhereTheSearchIs() {
        var search = SearchState()
        let context = Fixtures.context(nil)
        for key in typing("ada") { _ = search.handle(key, context) }
        var buffer = ScreenBuffer(size: Size(width: 40, height: 1))
        search.draw(in: Rect(buffer.size), context, on: &buffer)
        #expect(buffer.text == String(repeating: " ", count: 20) + "/ada")
        _ = search.handle(.enter, context)
        search.running = false
        search.matches = [2, 5]
        search.current = 1
        buffer = ScreenBuffer(size: Size(width: 40, height: 1))
        search.draw(in: Rect(buffer.size), context, on: &buffer)
        #expect(buffer.text.hasSuffix("/ada 2/2"))
    }
}
