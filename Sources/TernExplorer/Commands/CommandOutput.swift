package import Foundation
package import Tern
package import TernExplorerStorage
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
    /// `diff`: two answers compared.
    case diff(AnswerDiff)
    /// `run`: every spec's result.
    case run(RunSummary)
    /// A load run's report.
    case load(LoadReport)
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
    /// The answer the cache keeps for a send of the history.
    case storedAnswer(StoredAnswer)
    /// What storing an import's recorded answers did.
    case recordedStored(RecordedStoreSummary)
    /// `grpc call`: the messages received and the status.
    case grpcCall(GRPCOutcome)
    /// `grpc`'s completions at an endpoint (what the REPL's Tab offers).
    case grpcVocabulary(GRPCVocabulary)
    /// A gRPC target's services and methods.
    case grpcCatalog(GRPCCatalog)
    /// The root fields of a GraphQL target's schema.
    case graphQLCatalog(GraphQLCatalog)
}

extension CommandOutput {
    /// The sentence of a `.done` output; `nil` for any other.
    package var sentence: String? {
        if case .done(let text) = self { text } else { nil }
    }
}
