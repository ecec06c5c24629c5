import Foundation
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// The request editor's first line names the spec's `auth:` (never a secret).
@Suite struct RequestEditorAuthTests {
    @Test func theFirstLineNamesTheAuthScheme() {
        var detail = Fixtures.getUser
        detail.auth = "digest {{user}}"
        var buffer = ScreenBuffer(size: Size(width: 100, height: 12))
        RequestEditor().draw(
            in: Rect(x: 0, y: 0, width: 100, height: 12),
            Fixtures.context(Fixtures.snapshot(selected: detail), now: Date(timeIntervalSince1970: 0)), on: &buffer)
        #expect(buffer.line(1).contains("target api   auth digest {{user}}"), "\(buffer.text)")
        var plain = ScreenBuffer(size: Size(width: 100, height: 12))
        RequestEditor().draw(
            in: Rect(x: 0, y: 0, width: 100, height: 12),
            Fixtures.context(Fixtures.snapshot(), now: Date(timeIntervalSince1970: 0)), on: &plain)
        #expect(!plain.text.contains("auth "))
    }
}
