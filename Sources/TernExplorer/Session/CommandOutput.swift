package import Foundation
package import Tern
package import TernSQLite
import TernWorkspace

/// What a command produced, for each front end to render in its own way.
package enum CommandOutput: Sendable {
    /// Nothing to show (the state changed; `stateChanged` was emitted).
    case done(String)
    /// `help`: the commands, or one command.
    case help([CommandInfo])
    /// `ls`: the specs.
    case specs([SpecSummary])
    /// `show`: the selected spec, resolved, and the body files it reads from outside the workspace.
    case request(Request, edited: Bool, outsideFiles: [URL] = [])
    /// `send`, `rerun`: the response and the results of the spec's expectations.
    case response(Response, checks: [ExpectationResult] = [], warnings: [String] = [])
    /// `log`.
    case retryLog([RetryLogEntry])
    /// `transfers`.
    case transfers([TransferRecord])
    /// `cache list`.
    case cacheEntries([StoredResponse])
    /// `cache show KEY`.
    case cacheEntry(StoredResponse)
    /// `history`.
    case history([HistoryEntry])
    /// `curl`.
    case curl(String)
    /// `verify`: one report per spec.
    case drift([DriftReport])
    /// `run`: every spec's result.
    case run(RunSummary)
    /// `vars`: every variable in force, highest precedence first.
    case variables([VariableRow])
    /// `filter`: each selected node as compact JSON.
    case filtered([String])
    /// `timing`: the last live response's phases as a small waterfall, a line each.
    case timing([String])
    /// `import`: what was (or, with `--dry-run`, would be) created, updated, left alone and skipped.
    case imported(ImportOutcome)
    /// `cookies list`: the jar of `environment` (`nil`: none in force).
    case cookies([CookieRow], environment: String?)
    /// `auth status`: the stored OAuth 2.0 tokens of `environment` (`nil`: none in force).
    case signIns([SignInRow], environment: String?)
    /// `quit`, with the ids of specs that have unsaved edits.
    case quit(unsaved: [String])
}

/// A spec as `ls` and `tern list --json` show it.
package struct SpecSummary: Sendable, Hashable, Codable {
    package var id: String
    package var name: String
    package var method: String
    package var path: String
    package var target: String?
    /// Why the spec file cannot be used (`file:line:column: message`), when it could not be loaded.
    package var error: String? = nil
}

/// A variable as `vars` shows it: its value and where it comes from.
package struct VariableRow: Sendable, Hashable {
    /// Where a value comes from, highest precedence first.
    package enum Source: Sendable, Hashable {
        /// `--var` or `set var`.
        case override
        /// Captured from a spec's response.
        case captured(spec: String, at: Date)
        /// The environment file.
        case environment(String)
    }

    package var name: String
    package var value: String
    package var source: Source
    /// Whether a value of higher precedence hides this one.
    package var shadowed: Bool

    /// "captured from auth/login 3m ago", "environment local", "--var".
    package func sourceText(now: Date) -> String {
        switch source {
        case .override: "set var / --var"
        case .captured(let spec, let date):
            "captured from \(spec) \(HumanUnits.short(max(0, now.timeIntervalSince(date)))) ago"
        case .environment(let name): "environment \(name)"
        }
    }
}
