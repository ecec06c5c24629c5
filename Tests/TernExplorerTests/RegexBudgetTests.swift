import Foundation
import Testing

@testable import TernExplorer

/// Patterns of `capture:` and `expect:` run over bodies a server chose: a pattern that would
/// backtrack for minutes is stopped at its time limit, and the check or capture says so.
@Suite("Regex time limit", .timeLimit(.minutes(1)))
struct RegexBudgetTests {
    /// 200 KB of `a` with no `c`: `(.*a){25}c` backtracks exponentially over it.
    static let body = String(repeating: "a", count: 200_000)

    @Test("an exponential pattern is stopped, an ordinary one still matches")
    func stoppedAtTheLimit() {
        #expect(ResponseFacts.match("(.*a){25}c", in: Self.body, limit: .milliseconds(300)) == .stopped)
        #expect(ResponseFacts.match(#"token": "([^"]*)""#, in: #"{"token": "abc"}"#, group: 1) == .found("abc"))
        #expect(ResponseFacts.match("x", in: "abc") == ResponseFacts.RegexMatch.none)
    }

    @Test("a check on a pattern that ran too long fails and says it was stopped")
    func checkSaysStopped() {
        let message = ResponseFacts.stoppedMessage("(.*a){25}c")
        #expect(message.hasPrefix("/(.*a){25}c/ ran past 2 s on this body and was stopped"))
    }
}
