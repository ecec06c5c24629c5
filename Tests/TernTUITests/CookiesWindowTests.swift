import Foundation
import Tern
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// `:cookies` in the TUI: a window listing the jar, values masked; deleting or clearing reopens it.
@Suite struct CookiesWindowTests {
    static let session = Cookie(
        name: "session", value: "ada.0123456789abcdef", domain: "127.0.0.1", path: "/", httpOnly: true,
        sameSite: .lax)

    @Test func theCookiesCommandRunsAndItsListOpensAsAWindow() throws {
        var state = Fixtures.state()
        let effects = press([.character(":")] + typing("cookies") + [.enter], &state)
        #expect(effects == [.run(.cookies(.list(domain: nil)))])
        _ = App.update(
            &state,
            .commandFinished(
                .cookies(.list(domain: nil)), .success(.cookies([CookieRow(Self.session)], environment: "local"))))
        guard case .output(let title, let lines, _) = state.dialog else {
            Issue.record("no output window")
            return
        }
        #expect(title == "cookies (environment local)")
        #expect(lines.first?.hasPrefix("NAME") == true)
        let row = try #require(lines.dropFirst().first)
        #expect(row.contains("session") && row.contains("ada.…") && row.contains("HttpOnly SameSite=Lax"), "\(row)")
        #expect(!lines.joined().contains("0123456789abcdef"), "the value is masked")
    }

    @Test func anEmptyJarSaysSoAndDeletingReopensTheList() {
        var state = Fixtures.state()
        _ = App.update(&state, .commandFinished(.cookies(.list(domain: nil)), .success(.cookies([], environment: nil))))
        guard case .output(let title, let lines, _) = state.dialog else {
            Issue.record("no output window")
            return
        }
        #expect(title == "cookies (no environment)" && lines.first == "(no cookies)")
        let effects = App.update(
            &state,
            .commandFinished(.cookies(.delete(name: "session", domain: nil)), .success(.done("deleted 1 cookie"))))
        #expect(effects == [.run(.cookies(.list(domain: nil)))])
        #expect(state.status == StatusMessage(text: "deleted 1 cookie", isError: false))
    }
}
