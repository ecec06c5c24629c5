import Tern

extension OpenedWorkspace {
    /// What a command needs of its workspace: the session's settings and which parts to start. Commands
    /// start from a preset (`.requests`, `.files`, `.imports`, `.oneShotSend`, `.interactive`) and change
    /// what differs.
    struct Needs {
        /// The environment to select (`--env`); `nil`: the workspace's default.
        var environment: String?
        /// The response mode chosen on the command line (`--mode`).
        var mode: ResponseMode?
        /// The command's own mode when neither `--mode` nor the workspace's `handler.mode` names one.
        var defaultMode: ResponseMode?
        /// Variables set on the command line (`--var`).
        var variables: [String: String] = [:]
        /// Edits text in the user's editor (the TUI and the REPL).
        var editor: (@Sendable (String) async throws -> String)?
        /// Redirect handling chosen on the command line.
        var redirects: RedirectPolicy?
        /// Only these specs are read (a one-shot send); `nil`: all of them.
        var specs: [String]?
        /// Whether the embedded mock server starts when the environment uses `{{mock}}`.
        var startsMock = true
        /// Whether the workspace's cookie jar is used.
        var usesCookies = true
        /// A typed request's named session (`--session NAME`): its cookie jar instead of the environment's.
        var namedSession: String?
        /// Whether the named session is only read (`--session-read-only`).
        var sessionReadOnly = false
        /// Whether an OAuth 2.0 sign-in's URL or code is printed to stderr (the TUI shows it instead).
        var printsSignIn = true
        /// Whether a workspace found by discovery is named on stderr.
        var announcesWorkspace = true
        /// Whether this is one request sent at once: the HTTP client starts early, and a live send
        /// does not wait for the cache to open.
        var oneShotSend = false
        /// Whether the session follows the workspace's files on disk (the TUI and the REPL).
        var followsFiles = false
        /// The TUI: the session opens on the settings and the spec index's listing (`Workspace.listing`)
        /// and reads the spec files behind its first frame (unless the embedded mock needs their samples).
        var startsFromIndex = false

        /// A command that sends requests (or reads the cache) in `environment` with `variables`.
        static func requests(
            environment: String? = nil, mode: ResponseMode? = nil, variables: [String: String] = [:]
        ) -> Needs {
            Needs(environment: environment, mode: mode, variables: variables)
        }

        /// A command that reads the workspace's files and cache and sends nothing: no mock server.
        static func files(environment: String? = nil, variables: [String: String] = [:]) -> Needs {
            Needs(environment: environment, variables: variables, startsMock: false)
        }

        /// `tern import --into-cache`, storing recorded answers in the workspace it has just written to: the
        /// embedded mock starts when an environment uses `{{mock}}`, so every spec resolves (and its answer is
        /// filed under the mock's usual address).
        static let imports = Needs(startsMock: true, announcesWorkspace: false)

        /// `tern send SPEC`: only that spec is read, and the request goes out as early as it can.
        static func oneShotSend(
            _ spec: String, environment: String?, mode: ResponseMode?, variables: [String: String]
        ) -> Needs {
            Needs(environment: environment, mode: mode, variables: variables, specs: [spec], oneShotSend: true)
        }

        /// The TUI or the REPL: an editor for bodies, and the sign-in shown by the face itself when
        /// `printsSignIn` is false.
        static func interactive(
            environment: String?, mode: ResponseMode? = nil, printsSignIn: Bool = true,
            editor: (@Sendable (String) async throws -> String)?
        ) -> Needs {
            Needs(
                environment: environment, mode: mode, editor: editor, printsSignIn: printsSignIn, followsFiles: true)
        }
    }
}
