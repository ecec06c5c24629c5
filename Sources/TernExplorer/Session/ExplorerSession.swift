package import Foundation
package import Tern
package import TernExplorerStorage
package import TernWorkspace

/// The open workspace and everything a user changes while exploring it, and the one way in for the faces:
/// the CLI, the REPL and the TUI run a `Command` (`run(_:)`), follow a collection run (`runEvents(_:)`), and
/// read `events()` and `snapshot()`. The session coordinates; each concept keeps its own state in a type of
/// its own (following the files, settings, edits, secrets, captures, contracts, conversations) and the
/// commands are handled by the concept they belong to.
package actor ExplorerSession {
    /// How a session starts.
    package struct Options: Sendable {
        /// The environment; `nil` uses the workspace's default.
        package var environment: String?
        /// The mode chosen (`--mode`); `nil` uses the workspace's `handler.mode` when it names one, else
        /// `defaultMode`.
        package var mode: ResponseMode?
        /// The command's own mode when neither `mode` nor the workspace names one (`run`: live).
        package var defaultMode: ResponseMode? = nil
        /// The spec index's listing to start from while every spec file is read behind the first frame
        /// (`waitUntilLoaded()`); `nil` when the workspace was read whole.
        package var listing: [SpecListing]? = nil
        /// Told the whole workspace once the spec files of `listing` are read (or the workspace as listed, when
        /// they could not be): the CLI gives the embedded mock its routes then.
        package var onceSpecsRead: (@Sendable (Workspace) -> Void)? = nil
        /// Variables above the environment's (`--var`, and `mock` when the CLI starts one).
        package var variables: [String: String]
        /// What `{{env:NAME}}` reads.
        package var processEnvironment: [String: String]
        /// Edits text in the user's editor (`body edit`); `nil` where there is no terminal.
        package var editor: (@Sendable (String) async throws -> String)?
        /// Whether sends use the workspace's cookie jar (`tern run --no-cookies` turns it off).
        package var usesCookies = true
        /// A typed request's named session (`--session NAME`): sends use its cookie jar (`session:NAME` in
        /// `.tern/cookies.json`) instead of the environment's, and typed requests its headers
        /// (`.tern/sessions/NAME.json`); `nil`: none.
        package var namedSession: String? = nil
        /// Whether the named session is only read (`--session-read-only`): neither its cookies nor its headers
        /// are written back.
        package var sessionReadOnly = false
        /// Shows an OAuth 2.0 sign-in's instructions (the CLI and REPL print them; the TUI, which gets the
        /// `.authorization` event, leaves this `nil`).
        package var onAuthorization: (@Sendable (OAuth2Prompt) async -> Void)? = nil
        /// Where the in-process mock server runs when it is not on its usual port: its answers are
        /// filed in the cache under the usual one, so they replay across processes.
        package var mockFiling: MockFiling? = nil
        /// The redirect policy of every send, over the specs' and the workspace's (`--no-follow`,
        /// `--max-redirects`); `nil` keeps theirs.
        package var redirects: RedirectPolicy? = nil
        /// Whether the session follows the workspace's files on disk (`reload`, and `save` refusing to write
        /// over a file changed since it was read): the TUI and the REPL do; a one-shot command has no use
        /// for it and skips the look at every file when it starts.
        package var followsFiles = false
        /// Opens WebSocket specs' conversations (`nil`: such a spec says it cannot be sent here).
        package var webSockets: (any WebSocketConnector)? = nil
        /// Runs gRPC calls (`nil`: `grpc` says it cannot call here).
        package var grpc: (any GRPCConnector)? = nil

        /// Makes options.
        package init(
            environment: String? = nil, mode: ResponseMode? = nil, variables: [String: String] = [:],
            processEnvironment: [String: String] = ProcessInfo.processInfo.environment,
            editor: (@Sendable (String) async throws -> String)? = nil
        ) {
            self.environment = environment
            self.mode = mode
            self.variables = variables
            self.processEnvironment = processEnvironment
            self.editor = editor
        }
    }

    /// The in-process mock server's actual base URL and the usual one its answers are filed under.
    package struct MockFiling: Sendable {
        /// Where the mock server runs now.
        package var served: URL
        /// Where it runs when its usual port is free.
        package var usual: URL

        package init(served: URL, usual: URL) {
            self.served = served
            self.usual = usual
        }

        /// `url` on the usual origin when it is on the served one, else `nil`.
        func filed(_ url: URL) -> URL? {
            url.hasSameOrigin(as: served) ? url.onOrigin(of: usual) : nil
        }
    }

    /// The workspace as read, how it follows the files on disk.
    var follower: WorkspaceFollower {
        didSet { secrets.forgetNames() }
    }
    /// The environment, mode, variables and redirect policy sends use.
    var settings: SessionSettings
    /// The selected spec and the unsaved edits.
    var edits = SpecEdits() {
        didSet { secrets.forgetNames() }
    }
    /// The secret store, the session's secrets and the redactors.
    let secrets: SecretBook
    /// Captured values, the data row of a run and the latest response.
    let captures: CaptureBook
    /// The OpenAPI descriptions contract checks read.
    let contracts = ContractBook()
    /// The conversation held open.
    let conversations = ConversationHost()
    /// The handler, the stores, the activity log, cookies and sign-ins.
    nonisolated let services: SessionServices

    /// The handler every send goes through.
    package nonisolated var handler: Handler { services.handler }

    /// Opens a session on `workspace`, sending through `transport` and storing in `storage`.
    package init(
        workspace: Workspace, transport: some Transport, storage: (any StorageManager)?,
        history: (any WorkspaceCache)? = nil,
        options: Options = Options(), clock: any TernClock = SystemClock()
    ) {
        follower = WorkspaceFollower(
            workspace, follows: options.followsFiles, listing: options.listing, onceRead: options.onceSpecsRead)
        settings = SessionSettings(
            environment: options.environment,
            mode: SessionSettings.startingMode(
                chosen: options.mode, commandDefault: options.defaultMode, in: workspace),
            variables: options.variables, redirectOverride: options.redirects)
        secrets = SecretBook(processEnvironment: options.processEnvironment)
        let folder = workspace.root.appendingPathComponent(".tern")
        captures = CaptureBook(folder: folder)
        let jars = WorkspaceCookies(folder: folder, keepsChanges: !options.sessionReadOnly)
        let namedJar = options.namedSession.map(WorkspaceCookies.sessionJar)
        let activity = ActivityLog()
        let tokens = WorkspaceOAuthTokens(folder: folder)
        let onAuthorization = options.onAuthorization
        let oauth2 = OAuth2Authenticators(storage: tokens) { prompt in
            activity.broadcaster.yield(.authorization(prompt))
            await onAuthorization?(prompt)
        }
        let settings = workspace.handler
        // The session names its mode with every send (`SessionSettings.mode`): the handler's own is not used.
        let handler = Handler(
            transport: transport, storage: storage, retryPolicy: settings.retryPolicy(),
            cacheValidity: .responseHeaders(fallback: settings.cacheTTL),
            defaults: SessionDefaults(timeout: .fromSeconds(settings.timeout)),
            // Each spec's `auth:` (basic, bearer, API key, digest, AWS, OAuth 2.0) is applied at send time, after the
            // storage key is worked out from the unsigned request; the cookie jar inside it sees every
            // exchange (a digest challenge's Set-Cookie too).
            interceptors: [
                AuthenticationInterceptor(oauth2: oauth2),
                CookieInterceptor { request in jars.jar(namedJar ?? request.cachePartition) },
            ],
            clock: clock,
            cacheIdentity: CacheIdentity(
                ignoredHeaders: settings.cacheIgnoreHeaders, digestKey: storage?.identityKey,
                fileDigestsFile: storage?.fileDigestsFile
            ),
            redactedHeaders: settings.redactHeaders, staleIfError: settings.staleIfError,
            storesSecretAnswers: settings.storeSecretAnswers, redirects: settings.redirects,
            maximumStoredBodyBytes: settings.cacheMaxBytes > 0 ? settings.cacheMaxBytes : nil,
            webSockets: options.webSockets, grpc: options.grpc
        )
        handler.updateDefaults { defaults in
            defaults.automaticDecompression = settings.compression
            if let userAgent = settings.userAgent { defaults.userAgent = userAgent }
        }
        services = SessionServices(
            handler: handler, storage: storage, history: history, activity: activity,
            processEnvironment: options.processEnvironment, mockFiling: options.mockFiling, editor: options.editor,
            cookieJars: jars, namedSession: options.namedSession, sessionReadOnly: options.sessionReadOnly,
            usesCookies: options.usesCookies, oauthTokens: tokens, oauth2: oauth2, grpc: options.grpc)
    }

    /// A stream of everything the session does from now on.
    package nonisolated func events() -> AsyncStream<ExplorerEvent> {
        services.activity.broadcaster.subscribe(bufferingPolicy: .bufferingNewest(1024))
    }

    /// The session as the faces show it, taken in one hop.
    package func snapshot() -> ExplorerSnapshot {
        var snapshot = ExplorerSnapshot(context(), specs: follower.summaries(edits))
        snapshot.isLoading = follower.isLoading
        return snapshot
    }

    /// Starts a collection run of `target` (`run`) over the data file's `rows` when they were read already: its
    /// events as it goes, ending with `.finished` (or `.failed`); `cancel()` stops it after the spec being sent.
    package func runEvents(_ target: RunTarget, rows: RunData? = nil) -> RunStream {
        CollectionRun(target, rows: rows, in: context()).start()
    }

    /// What an operation sees of the session now.
    func context() -> ExplorerContext {
        ExplorerContext(
            workspace: follower.workspace, settings: settings, edits: edits, services: services, secrets: secrets,
            captures: captures, contracts: contracts, conversations: conversations)
    }

    /// Reads every spec file when the session was opened on a listing and they are not read yet, and
    /// returns once they are (at once when they were read before the session opened). The TUI asks once its
    /// first frame is drawn, so the two do not share the cores.
    package func waitUntilLoaded() async {
        if follower.loading == nil, follower.listing != nil {
            let root = follower.workspace.root
            let follows = follower.follows
            follower.loading = Task {
                let (result, stamp) = await Task.detached {
                    // The stamp before the read: a file changed while it runs is reported by the next look.
                    let stamp = follows ? WorkspaceStamp.take(root: root) : nil
                    let result = Result { () throws(WorkspaceError) in
                        try Workspace.load(from: root, keepingBrokenSpecs: true)
                    }
                    return (result, stamp)
                }.value
                if let failure = self.follower.finishLoading(result, stamp: stamp) {
                    self.services.activity.broadcaster.yield(.reloaded(ReloadOutcome(failure: failure)))
                }
                self.services.changed()
            }
        }
        await follower.loading?.value
    }

    /// Reads the workspace's files again when they changed on disk (or always, when `force`): spec,
    /// environment and `workspace.yaml` edits, new and removed spec files. Unsaved edits are kept; a spec whose
    /// file changed underneath them becomes a conflict (`save` then refuses to overwrite it unless forced). A
    /// broken spec file is listed as broken and the rest load; a broken `workspace.yaml` or environment leaves
    /// the workspace as it was. Returns `nil` when nothing changed (and it was not forced); broadcasts
    /// `.reloaded` otherwise.
    @discardableResult
    package func reload(force: Bool = false) async throws(ExplorerError) -> ReloadOutcome? {
        // Files still being read for the first time are compared once they are in.
        await waitUntilLoaded()
        guard let look = try follower.look(forced: force) else { return nil }
        let root = follower.workspace.root
        // Loading a big workspace parses every file: off the actor's executor, on the loader's own threads.
        let loaded = await Task.detached {
            Result { () throws(WorkspaceError) in try Workspace.load(from: root, keepingBrokenSpecs: true) }
        }.value
        let outcome = follower.take(loaded, at: look.now, files: look.files, edits: &edits, settings: &settings)
        services.activity.broadcaster.yield(.reloaded(outcome))
        services.changed()
        return outcome
    }
}
