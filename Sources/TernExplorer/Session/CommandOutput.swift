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
    /// `send`: the response.
    case response(Response)
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
}
