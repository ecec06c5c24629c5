import Foundation
import Tern
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// The cookies view (`C`, `:cookies`): the jar as a list, values masked; `d` deletes the selected
/// cookie, `D` clears the jar after a yes, and each listing that follows updates the open view.
@Suite struct CookiesViewTests {
    static let session = Cookie(
        name: "session", value: "ada.0123456789abcdef", domain: "127.0.0.1", path: "/", httpOnly: true,
        sameSite: .lax)
    static let theme = Cookie(name: "theme", value: "dark", domain: "127.0.0.1", path: "/")

    static func opened() -> AppState {
        var state = Fixtures.state()
        _ = App.update(
            &state,
            .commandFinished(
                .cookies(.list(domain: nil)),
                .success(.cookies([CookieRow(session), CookieRow(theme)], environment: "local"))))
        return state
    }

    @Test func cAndTheCookiesCommandListTheJarInAView() {
        var state = Fixtures.state()
        #expect(press([.character("C")], &state) == [.run(.cookies(.list(domain: nil)))])
        let effects = press([.character(":")] + typing("cookies") + [.enter], &state)
        #expect(effects == [.run(.cookies(.list(domain: nil)))])
        state = Self.opened()
        #expect(state.cookies?.isOpen == true)
        let frame = App.view(state)
        expectSnapshot(frame, "cookies-view")
        #expect(frame.contains("Cookies (environment local)"))
        #expect(frame.contains("ada.…") && frame.contains("HttpOnly SameSite=Lax"))
        #expect(!frame.contains("0123456789abcdef"), "the value is masked")
        #expect(frame.contains("2 cookies"))
    }

    @Test func dDeletesTheSelectedCookieAndTheListingUpdatesTheView() {
        var state = Self.opened()
        #expect(
            press([.character("j"), .character("d")], &state) == [
                .run(.cookies(.delete(name: "theme", domain: "127.0.0.1")))
            ])
        let effects = App.update(
            &state,
            .commandFinished(
                .cookies(.delete(name: "theme", domain: "127.0.0.1")),
                .success(.done("deleted 1 cookie named theme (local)"))))
        #expect(effects == [.run(.cookies(.list(domain: nil)))])
        _ = App.update(
            &state,
            .commandFinished(
                .cookies(.list(domain: nil)), .success(.cookies([CookieRow(Self.session)], environment: "local"))))
        #expect(state.cookies?.rows.map(\.name) == ["session"])
        #expect(state.cookies?.selection == 0, "the selection stays in the list")
        #expect(state.status?.text == "deleted 1 cookie named theme (local)")
    }

    @Test func capitalDAsksBeforeClearingTheJar() {
        var state = Self.opened()
        #expect(press([.character("D")], &state).isEmpty)
        #expect(App.view(state).contains("Clear all 2 cookies of environment local?"))
        #expect(press([.character("n")], &state).isEmpty)
        #expect(state.cookies?.confirmingClear == false)
        #expect(press([.character("D"), .character("y")], &state) == [.run(.cookies(.clear(domain: nil)))])
    }

    @Test func anEmptyJarSaysSoAndEscCloses() {
        var state = Fixtures.state()
        _ = App.update(&state, .commandFinished(.cookies(.list(domain: nil)), .success(.cookies([], environment: nil))))
        let frame = App.view(state)
        #expect(frame.contains("Cookies (no environment)") && frame.contains("(no cookies)"))
        #expect(press([.character("d")], &state).isEmpty)
        #expect(state.status == StatusMessage(text: "no cookie to delete", isError: true))
        press([.escape], &state)
        #expect(state.cookies?.isOpen == false)
        #expect(press([.character("j")], &state).isEmpty, "keys go to the panes again")
    }
}
