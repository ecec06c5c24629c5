package import Foundation
import Tern

/// How one spec of a run ended.
package struct SpecRunResult: Sendable, Equatable {
    /// Passed, failed a check, or could not be sent.
    package enum Outcome: String, Sendable, Equatable {
        /// Every expectation held (and, without a status expectation, the status was below 400).
        case passed
        /// An expectation failed, or a status of 400 or more came back with no status expectation.
        case failed
        /// No response: a transport failure after the retries, a cache miss offline, a workspace error.
        case errored
    }

    /// The spec's id (`auth/login`).
    package var id: String
    /// The spec's display name.
    package var name: String
    /// The spec's group (`auth`; empty at the top level).
    package var group: String
    /// How it ended.
    package var outcome: Outcome
    /// The status, when a response came.
    package var status: Int?
    /// Where the response came from (`live`, `cache`, `sample`).
    package var source: String?
    /// Seconds from the start of the send to its end.
    package var duration: Double
    /// The expectation results (a status failure without `expect.status` is one of them).
    package var expectations: [ExpectationResult]
    /// Why no response came, for `errored`.
    package var error: String?
    /// `METHOD URL` as sent (secrets redacted).
    package var request: String?
    /// The data row it was run for (`run --data`), `nil` in a run without one.
    package var row: RunRowTag?

    /// The id and, in a data run, the row's label: `users/get-user [ada]`. Unique in a run.
    package var key: String { row.map { "\(id) [\($0.label)]" } ?? id }

    /// The expectations that did not hold.
    package var failures: [ExpectationResult] { expectations.filter { !$0.passed } }
}

/// Which data row a result belongs to.
package struct RunRowTag: Sendable, Equatable {
    /// The row's number, from 1.
    package var number: Int
    /// The row's `name` field, else `row N`.
    package var label: String

    /// Makes a tag.
    package init(number: Int, label: String) {
        self.number = number
        self.label = label
    }
}

/// A whole run: every spec's result and the totals.
package struct RunSummary: Sendable, Equatable {
    /// The results in the order run.
    package var results: [SpecRunResult]
    /// When the run started.
    package var started: Date
    /// Seconds the run took.
    package var duration: Double

    /// Makes a summary.
    package init(results: [SpecRunResult], started: Date, duration: Double) {
        self.results = results
        self.started = started
        self.duration = duration
    }

    /// How many passed.
    package var passed: Int { results.count { $0.outcome == .passed } }
    /// How many failed a check.
    package var failed: Int { results.count { $0.outcome == .failed } }
    /// How many could not be sent.
    package var errored: Int { results.count { $0.outcome == .errored } }

    /// The exit status the contract gives: 1 when a request could not be made, else 4 when a
    /// check failed, else 0.
    package var exitStatus: ExitStatus {
        if errored > 0 { return .failure }
        if failed > 0 { return .failedCheck }
        return .success
    }
}
