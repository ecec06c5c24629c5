import Foundation
import Tern

/// How one spec of a run ended.
public struct SpecRunResult: Sendable, Equatable {
    /// Passed, failed a check, or could not be sent.
    public enum Outcome: String, Sendable, Equatable {
        /// Every expectation held (and, without a status expectation, the status was below 400).
        case passed
        /// An expectation failed, or a status of 400 or more came back with no status expectation.
        case failed
        /// No response: a transport failure after the retries, a cache miss offline, a workspace error.
        case errored
    }

    /// The spec's id (`auth/login`).
    public var id: String
    /// The spec's display name.
    public var name: String
    /// The spec's group (`auth`; empty at the top level).
    public var group: String
    /// How it ended.
    public var outcome: Outcome
    /// The status, when a response came.
    public var status: Int?
    /// Where the response came from (`live`, `cache`, `sample`).
    public var source: String?
    /// Seconds from the start of the send to its end.
    public var duration: Double
    /// The expectation results (a status failure without `expect.status` is one of them).
    public var expectations: [ExpectationResult]
    /// Why no response came, for `errored`.
    public var error: String?
    /// `METHOD URL` as sent (secrets redacted).
    public var request: String?

    /// The expectations that did not hold.
    public var failures: [ExpectationResult] { expectations.filter { !$0.passed } }
}

/// A whole run: every spec's result and the totals.
public struct RunSummary: Sendable, Equatable {
    /// The results in the order run.
    public var results: [SpecRunResult]
    /// When the run started.
    public var started: Date
    /// Seconds the run took.
    public var duration: Double

    /// Makes a summary.
    public init(results: [SpecRunResult], started: Date, duration: Double) {
        self.results = results
        self.started = started
        self.duration = duration
    }

    /// How many passed.
    public var passed: Int { results.count { $0.outcome == .passed } }
    /// How many failed a check.
    public var failed: Int { results.count { $0.outcome == .failed } }
    /// How many could not be sent.
    public var errored: Int { results.count { $0.outcome == .errored } }

    /// The exit status the contract gives: 1 when a request could not be made, else 4 when a
    /// check failed, else 0.
    public var exitStatus: ExitStatus {
        if errored > 0 { return .failure }
        if failed > 0 { return .failedCheck }
        return .success
    }
}
