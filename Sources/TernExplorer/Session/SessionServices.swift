import Foundation
import Tern
import TernExplorerStorage

/// The parts of a session fixed when it opens: what every operation sends through (the handler and its
/// cookie jars and sign-ins), stores in (the cache and the history), reports to (the activity log) and
/// reads from (the process environment, the editor).
struct SessionServices: Sendable {
    /// The handler every send goes through.
    let handler: Handler
    /// The cache of answers.
    let storage: (any StorageManager)?
    /// The history of sends (the same store as `storage` in the CLI).
    let history: (any WorkspaceCache)?
    /// The retry log, the transfers and the session's event stream.
    let activity: ActivityLog
    /// What `{{env:NAME}}` reads.
    let processEnvironment: [String: String]
    /// Where the in-process mock's answers are filed when it is not on its usual port.
    let mockFiling: ExplorerSession.MockFiling?
    /// Edits text in the user's editor; `nil` where there is no terminal.
    let editor: (@Sendable (String) async throws -> String)?
    /// The cookie jars, one per environment (`.tern/cookies.json`).
    let cookieJars: WorkspaceCookies
    /// A typed request's named session (`--session NAME`), whose jar is used instead of the environment's.
    let namedSession: String?
    /// Whether the named session is only read (`--session-read-only`).
    let sessionReadOnly: Bool

    /// The named session's key in `cookieJars`, when there is one.
    var cookieJar: String? { namedSession.map(WorkspaceCookies.sessionJar) }
    /// Whether sends use the cookie jar at all.
    let usesCookies: Bool
    /// The OAuth 2.0 tokens, one per environment and configuration (`.tern/oauth-tokens.json`).
    let oauthTokens: WorkspaceOAuthTokens
    /// The OAuth 2.0 authenticators every send shares (so concurrent sends wait for one sign-in).
    let oauth2: OAuth2Authenticators
    /// Runs gRPC calls; `nil` where the face cannot make them.
    let grpc: (any GRPCConnector)?

    /// Tells the faces that the session's state changed.
    func changed() {
        activity.broadcaster.yield(.stateChanged)
    }
}
