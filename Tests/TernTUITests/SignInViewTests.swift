import Foundation
import Tern
import TernScreen
import Testing

@testable import TernTUI

/// An OAuth 2.0 sign-in in the TUI: the window with the URL or the code, closed when the token arrives.
@Suite("TUI: OAuth 2.0 sign-in")
struct SignInViewTests {
    @Test("a device code opens a window with the code and the URL whole; the token closes it")
    func deviceCode() throws {
        var state = Fixtures.state(width: 100, height: 30)
        let verification = try #require(URL(string: "http://127.0.0.1:8787/oauth/device"))
        let complete = try #require(URL(string: "http://127.0.0.1:8787/oauth/device?user_code=BCDF-GHJK"))
        let prompt = OAuth2Prompt.enterCode(
            userCode: "BCDF-GHJK", verificationURL: verification, completeURL: complete,
            expiresAt: fixedNow.addingTimeInterval(600))
        _ = App.update(&state, .authorization(prompt))
        let frame = App.view(state)
        #expect(frame.contains("OAuth 2.0 sign-in"))
        #expect(frame.contains("enter the code BCDF-GHJK"))
        #expect(frame.contains("http://127.0.0.1:8787/oauth/device?user_code=BCDF-GHJK"))
        #expect(frame.contains("waiting for the OAuth 2.0 sign-in"))

        _ = App.update(&state, .authorization(.finished(succeeded: true)))
        #expect(state.dialog == nil)
        #expect(state.status?.text == "Signed in.")
    }

    @Test("a browser sign-in shows the URL; a failed sign-in leaves an error on the status line")
    func browserSignIn() throws {
        var state = Fixtures.state(width: 120, height: 30)
        let url = try #require(URL(string: "http://127.0.0.1:8787/oauth/authorize?response_type=code&client_id=c"))
        _ = App.update(&state, .authorization(.openURL(url, redirectURI: "http://127.0.0.1:40000/callback")))
        let frame = App.view(state)
        #expect(frame.contains("open this URL in a browser"))
        #expect(frame.contains(url.absoluteString))
        _ = App.update(&state, .authorization(.finished(succeeded: false)))
        #expect(state.dialog == nil)
        #expect(state.status?.isError == true)
    }
}
