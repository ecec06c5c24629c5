package import Foundation
package import Tern
package import TernExplorerStorage
package import TernWorkspace

/// The open workspace and everything a user changes while exploring it: the environment, the
/// mode, the selected spec and unsaved edits. The CLI, the REPL and the TUI all run commands here.
package actor ExplorerSession {
    /// How a session starts.
    package struct Options: Sendable {
        /// The environment; `nil` uses the workspace's default.
        package var environment: String?
        /// The mode; `nil` uses the workspace's `handler.mode`.
        package var mode: ResponseMode?
        /// Variables above the environment's (`--var`, and `mock` when the CLI starts one).
        package var variables: [String: String]
        /// What `{{env:NAME}}` reads.
        package var processEnvironment: [String: String]
        /// Edits text in the user's editor (`body edit`); `nil` where there is no terminal.
        package var editor: (@Sendable (String) async throws -> String)?
        /// Whether sends use the workspace's cookie jar (`tern run --no-cookies` turns it off).
        package var usesCookies = true
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

    /// The workspace as loaded, plus saved specs.
    package private(set) var workspace: Workspace {
        didSet { secretNames = nil }
    }
    /// The environment, mode, variables and redirect policy sends use.
    private(set) var settings: SessionSettings
    /// The selected spec and the unsaved edits.
    var edits = SpecEdits() {
        didSet { secretNames = nil }
    }
    /// The names `{{env:NAME}}` references in the workspace and its edits (`secrets()`), worked out
    /// once per change: a run asks for them with every request.
    var secretNames: [String]?
    /// The secret store and what its commands printed (`secretResolver`), read on first use, with
    /// the stamp of the file it was read from.
    var loadedSecrets: (resolver: SecretResolver, stamp: FileStamp?)?
    /// Secrets given for this session only (`EditField.sessionSecret`): used, masked, never written.
    var sessionSecrets: [String: String] = [:]
    /// The active environment (`nil`: the workspace's default).
    package var environment: String? { settings.environment }
    /// Where responses come from.
    package var mode: ResponseMode { settings.mode }
    /// The selected spec's id.
    package var selectedID: String? { edits.selectedID }
    /// Session variables, above the environment's.
    package var variables: [String: String] { settings.variables }
    /// Values captured from responses and the answers dependencies need (`.tern/captures.json`),
    /// read on first use.
    var captureStore: CaptureStore?
    /// The latest response a send produced (what `filter` reads).
    package internal(set) var lastResponse: Response?
    /// The expectation results of each spec's latest send, by id.
    package internal(set) var lastExpectations: [String: [ExpectationResult]] = [:]
    /// The workspace's files as they were when it was last read (`nil` when the session does not follow them,
    /// `Options.followsFiles`, or read only some spec files); `reload` compares it with the disk.
    var stamp: WorkspaceStamp?
    /// The specs as the spec index lists them while every file is still being read (`loadSpecs`).
    var listing: [SpecListing]?
    /// The reading of every spec file under way, until it is adopted.
    var loading: Task<Void, Never>?
    /// Specs with unsaved edits whose file changed on disk since it was read: `save` refuses to overwrite it
    /// unless forced, `revert` takes the file's version.
    package internal(set) var conflicts: Set<String> = []
    /// The WebSocket conversation `connect` opened, until `close` (or the server) ends it.
    var openConversation: OpenConversation?
    /// The data row a run is on (`run --data`); `nil` outside such a run.
    var dataRow: DataPass?
    /// The OpenAPI descriptions contract checks read, by path, each read again when its file changes.
    var openAPIDescriptions: [String: OpenAPIDescription] = [:]

    /// The handler every send goes through.
    package nonisolated let handler: Handler
    let storage: (any StorageManager)?
    let history: (any WorkspaceCache)?
    let activity: ActivityLog
    let processEnvironment: [String: String]
    /// Where the in-process mock's answers are filed when it is not on its usual port.
    let mockFiling: MockFiling?
    let editor: (@Sendable (String) async throws -> String)?
    /// The cookie jars, one per environment (`.tern/cookies.json`).
    package nonisolated let cookieJars: WorkspaceCookies
    /// Whether sends use the cookie jar at all.
    let usesCookies: Bool
    /// The OAuth 2.0 tokens, one per environment and configuration (`.tern/oauth-tokens.json`).
    package nonisolated let oauthTokens: WorkspaceOAuthTokens
    /// The OAuth 2.0 authenticators every send shares (so concurrent sends wait for one sign-in).
    package nonisolated let oauth2: OAuth2Authenticators

    /// Opens a session on `workspace`, sending through `transport` and storing in `storage`.
    package init(
        workspace: Workspace, transport: some Transport, storage: (any StorageManager)?,
        history: (any WorkspaceCache)? = nil,
        options: Options = Options(), clock: any TernClock = SystemClock()
    ) {
        self.workspace = workspace
        stamp = options.followsFiles && !workspace.isPartial ? WorkspaceStamp.take(root: workspace.root) : nil
        let mode = options.mode ?? workspace.handler.mode
        settings = SessionSettings(
            environment: options.environment, mode: mode, variables: options.variables,
            redirectOverride: options.redirects)
        self.processEnvironment = options.processEnvironment
        self.mockFiling = options.mockFiling
        self.editor = options.editor
        self.storage = storage
        self.history = history
        let jars = WorkspaceCookies(folder: workspace.root.appendingPathComponent(".tern"))
        cookieJars = jars
        usesCookies = options.usesCookies
        let activity = ActivityLog()
        self.activity = activity
        let tokens = WorkspaceOAuthTokens(folder: workspace.root.appendingPathComponent(".tern"))
        oauthTokens = tokens
        let onAuthorization = options.onAuthorization
        let oauth2 = OAuth2Authenticators(storage: tokens) { prompt in
            activity.broadcaster.yield(.authorization(prompt))
            await onAuthorization?(prompt)
        }
        self.oauth2 = oauth2
        let settings = workspace.handler
        handler = Handler(
            transport: transport, storage: storage, mode: mode, retryPolicy: settings.retryPolicy(),
            cacheValidity: .responseHeaders(fallback: settings.cacheTTL),
            defaults: SessionDefaults(timeout: .fromSeconds(settings.timeout)),
            // Each spec's `auth:` (basic, bearer, API key, digest, AWS, OAuth 2.0) is applied at send time, after the
            // storage key is worked out from the unsigned request; the cookie jar inside it sees every
            // exchange (a digest challenge's Set-Cookie too).
            interceptors: [
                AuthenticationInterceptor(oauth2: oauth2),
                CookieInterceptor { request in jars.jar(request.cachePartition) },
            ],
            clock: clock,
            cacheIdentity: CacheIdentity(
                ignoredHeaders: settings.cacheIgnoreHeaders, digestKey: storage?.identityKey,
                fileDigestsFile: storage?.fileDigestsFile
            ),
            redactedHeaders: settings.redactHeaders, staleIfError: settings.staleIfError,
            storesSecretAnswers: settings.storeSecretAnswers, redirects: settings.redirects,
            maximumStoredBodyBytes: settings.cacheMaxBytes > 0 ? settings.cacheMaxBytes : nil,
            webSockets: options.webSockets
        )
        handler.updateDefaults { defaults in
            defaults.automaticDecompression = settings.compression
            if let userAgent = settings.userAgent { defaults.userAgent = userAgent }
        }
    }

    /// A stream of everything the session does from now on.
    package nonisolated func events() -> AsyncStream<ExplorerEvent> {
        activity.broadcaster.subscribe(bufferingPolicy: .bufferingNewest(1024))
    }

    /// Whether any spec has edits not saved to its file.
    package var hasUnsavedEdits: Bool { !edits.isEmpty }

    /// The ids of specs with unsaved edits.
    package var unsavedSpecIDs: [String] { edits.unsavedIDs }

    /// The spec `name` (or the selected one) with this session's edits.
    func entry(_ name: String?) throws(ExplorerError) -> SpecEntry {
        try edits.entry(name, in: workspace)
    }

    /// The fully resolved request of `entry` in the current environment (or `other`, as `diff --with`
    /// compares), mode and variables, partitioned by that environment in the cache and carrying the
    /// `{{env:…}}` values it must never write down.
    func resolve(_ entry: SpecEntry, environment other: String? = nil) throws(ExplorerError) -> Request {
        let context = templateContext(environment: other)
        var request = try workspaceCall { () throws(WorkspaceError) in
            try workspace.request(for: entry, context: context)
        }
        request.cachePartition = other ?? environment ?? workspace.defaultEnvironment
        request.secretValues = secrets().map(\.value) + capturedSecretValues()
        request.answerCarriesSecrets = entry.spec.capture.contains { SecretMask.looksSecret($0.name) }
        request.identityURL = mockFiling?.filed(request.url)
        if let policy = settings.redirectOverride { request.redirectPolicy = policy }
        return request
    }

    /// What templates render with: the environment (or `other`), variables, captures and secrets.
    func templateContext(environment other: String? = nil) -> TemplateContext {
        var captured = capturedValues()
        if let dataRow { captured = captured.filter { dataRow.sees($0.value.capturedAt) } }
        var context = settings.templateContext(
            processEnvironment: processEnvironment, captured: captured.mapValues(\.value))
        if let other { context.environment = other }
        context.secrets = secretResolver
        return context
    }

    /// The environment in force: the chosen one, else the workspace's default.
    package var activeEnvironment: String? { settings.activeEnvironment(in: workspace) }

    /// Runs a workspace operation, turning its error into an explorer error.
    func workspaceCall<T>(_ body: () throws(WorkspaceError) -> T) throws(ExplorerError) -> T {
        do {
            return try body()
        } catch {
            throw ExplorerError(.workspace, error.description)
        }
    }

    func changed() {
        activity.broadcaster.yield(.stateChanged)
    }

    func setMode(_ newMode: ResponseMode) { settings.mode = newMode }
    func setRedirects(_ policy: RedirectPolicy) { settings.redirectOverride = policy }

    /// The redirect policy a send of the selected spec follows: the session's, the spec's, the workspace's.
    package var redirects: RedirectPolicy {
        settings.redirects(for: (try? edits.entry(nil, in: workspace))?.spec, in: workspace)
    }

    /// `follow, up to 10 hops` or `off`.
    static func describe(_ policy: RedirectPolicy) -> String {
        policy.follow ? "follow, up to \(policy.maximum) hop\(policy.maximum == 1 ? "" : "s")" : "off"
    }
    func setEnvironment(_ name: String?) { settings.environment = name }
    func select(_ id: String) { edits.select(id) }
    func clearSelection() { edits.clearSelection() }
    func setVariable(_ name: String, _ value: String?) { settings.variables[name] = value }
    func setRowValues(_ values: [String: String]) { settings.rowValues = values }
    func replaceWorkspace(_ newWorkspace: Workspace) { workspace = newWorkspace }
}
