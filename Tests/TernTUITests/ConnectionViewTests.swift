import Foundation
import Tern
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// The TUI shows what the connection was and warns while certificate checks are off.
@Suite struct ConnectionViewTests {
    @Test func theHeaderWarnsWhileATargetsCertificateChecksAreOff() {
        var state = Fixtures.state(width: 140)
        #expect(!App.view(state).contains("TLS INSECURE"))
        var snapshot = Fixtures.snapshot()
        snapshot.insecureTargets = ["local"]
        _ = App.update(&state, .snapshot(snapshot))
        let header = App.view(state).line(0)
        #expect(header.contains("⚠ TLS INSECURE local"), "\(header)")
    }

    @Test func theResponsePaneShowsTheConnectionOfALiveAnswer() {
        var state = Fixtures.state(width: 160)
        var view = Fixtures.jsonResponse()
        view.connection = "HTTP/2 · TLS 1.3 · CN=api.example.com · expires 2027-01-31"
        _ = App.update(&state, .responseReady(view))
        #expect(App.view(state).contains("HTTP/2 · TLS 1.3 · CN=api.example.com"))
    }
}
