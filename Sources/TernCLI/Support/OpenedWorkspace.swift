import ArgumentParser
import Foundation
import Tern
import TernExplorer
import TernExplorerStorage
import TernGRPC
import TernHTTPClient
import TernMock
import TernSQLite
import TernWebSocket
import TernWorkspace

/// A workspace opened for one command: its cache, an embedded mock server when the environment
/// asks for `{{mock}}`, and the explorer session every command runs through.
struct OpenedWorkspace {
    let workspace: Workspace
    let storage: any WorkspaceCache
    /// The cache when it was still opening as the session started (`oneShotSend` in live mode).
    let pending: PendingStorage?
    let mock: MockServer?
    let session: ExplorerSession
    let transport: HTTPClientTransport

    /// Opens the workspace for `needs`, runs `body` on it and closes it on every path, thrown errors
    /// included. When `body` succeeds but the cache never opened (a live one-shot send), that failure
    /// is thrown after it.
    static func with<Value>(
        _ options: some WorkspaceChoice, _ needs: Needs, _ body: (OpenedWorkspace) async throws -> Value
    ) async throws -> Value {
        let opened = try await open(options, needs)
        // Closed, then left to the process's exit rather than released (`KeptUntilExit`).
        defer { KeptUntilExit.keep(opened.session, opened.storage) }
        let result: Value
        do {
            result = try await body(opened)
        } catch {
            _ = await opened.close()
            throw error
        }
        if let failure = await opened.close() { throw failure }
        return result
    }

    /// Loads the workspace at `options.root` for what `needs` says; prints warnings; throws a usage
    /// failure on errors. Commands use `with(_:_:_:)`, which also closes it.
    private static func open(_ options: some WorkspaceChoice, _ needs: Needs) async throws -> OpenedWorkspace {
        let workspace: Workspace
        let root = try options.root(announce: needs.announcesWorkspace)
        // The cache of a folder with a manifest opens on another thread while the workspace's files are
        // read (about a millisecond of a one-shot send); a missing one is created only once the
        // workspace has loaded, and nothing is opened in a folder that is not a workspace.
        let cacheFile = Self.cacheFile(in: root)
        // One send and out: one connection (`SQLiteStorage.Connections.single`).
        let connections: SQLiteStorage.Connections = needs.oneShotSend ? .single : .pool
        let earlyStorage: EarlyStorage? =
            FileManager.default.fileExists(atPath: cacheFile.path)
                && FileManager.default.fileExists(atPath: root.appendingPathComponent("workspace.yaml").path)
            ? ThreadResult { Result { try SQLiteStorage(path: cacheFile, connections: connections) } } : nil
        var listing: [SpecListing]?
        do {
            if needs.startsFromIndex {
                let listed = try Workspace.listing(from: root)
                workspace = listed.workspace
                listing = listed.specs
            } else {
                workspace = try Workspace.load(from: root, keepingBrokenSpecs: true, specsFor: needs.specs)
            }
        } catch {
            await earlyStorage?.closeIfOpen()
            throw CommandFailure.usage(Self.notAWorkspace(error, option: options.workspace))
        }
        // The shared client (and its event loop threads) is made at the first request that goes out, or,
        // for a send that may go to the network, from now on, while the cache opens.
        let sendMode = SessionSettings.startingMode(
            chosen: needs.mode, commandDefault: needs.defaultMode, in: workspace)
        if needs.oneShotSend, sendMode != .cache, sendMode != .sample { HTTPClientTransport.prepareShared() }
        for warning in workspace.warnings {
            StandardStream.error.write("tern: warning: \(warning)\n")
        }
        if let insecure = workspace.insecureWarning { StandardStream.error.write("tern: warning: \(insecure)\n") }
        if let environment = needs.environment, workspace.environments[environment] == nil {
            await earlyStorage?.closeIfOpen()
            throw CommandFailure.usage(workspace.unknownEnvironment(environment).description)
        }
        let path = Self.cacheFile(in: workspace.root)
        let early = path == cacheFile ? earlyStorage : nil
        if early == nil { await earlyStorage?.closeIfOpen() }
        let (storage, pending) = try await Self.cache(
            at: path, early: early, defers: needs.oneShotSend && sendMode == .live,
            maximumBytes: workspace.handler.cacheMaxBytes)
        var variables = needs.variables
        var mock: MockServer?
        var mockFiling: ExplorerSession.MockFiling?
        let usesMock = workspace.referencesVariable("mock", environment: needs.environment, listings: listing ?? [])
        if needs.startsMock, variables["mock"] == nil, usesMock {
            do {
                // Opened from the listing, the mock listens now and holds requests until the specs, and so
                // their samples, are read behind the first frame.
                let (server, usual) = try await startMock(for: workspace, awaitingRoutes: listing != nil)
                variables["mock"] = server.baseURL.absoluteString
                mock = server
                if server.baseURL.port != usual.port { mockFiling = .init(served: server.baseURL, usual: usual) }
            } catch {
                throw CommandFailure.usage("the embedded mock server could not start: \(error)")
            }
        }
        // Requests of targets with their own tls:/proxy: get clients of their own inside this transport.
        let transport = HTTPClientTransport(sharingClientWith: workspace.handler.transferLimits())
        var sessionOptions = ExplorerSession.Options(
            environment: needs.environment, mode: needs.mode, variables: variables, editor: needs.editor)
        sessionOptions.defaultMode = needs.defaultMode
        sessionOptions.listing = listing
        if listing != nil {
            sessionOptions.onceSpecsRead = { [mock] whole in
                mock?.setRoutes(MockRoutes.samples(of: whole))
                // Reading every spec file behind the first frame left its YAML trees freed but held by the
                // allocator: 0.8 MiB on a 623-spec workspace.
                MemoryPolicy.returnFreedMemory()
            }
        }
        sessionOptions.usesCookies = needs.usesCookies
        sessionOptions.namedSession = needs.namedSession
        sessionOptions.sessionReadOnly = needs.sessionReadOnly
        sessionOptions.mockFiling = mockFiling
        sessionOptions.redirects = needs.redirects
        sessionOptions.followsFiles = needs.followsFiles
        sessionOptions.webSockets = WebSocketClientConnector.shared
        sessionOptions.grpc = GRPCClientConnector()
        // An OAuth 2.0 sign-in's URL or code goes to stderr, so stdout stays the response (the TUI shows it).
        if needs.printsSignIn {
            sessionOptions.onAuthorization = { prompt in
                StandardStream.error.write(prompt.lines.map { "tern: \($0)\n" }.joined())
            }
        }
        let session = ExplorerSession(
            workspace: workspace,
            transport: transport,
            storage: storage, history: storage,
            options: sessionOptions
        )
        return OpenedWorkspace(
            workspace: workspace, storage: storage, pending: pending, mock: mock, session: session,
            transport: transport)
    }

    /// `tern list`'s workspace: its settings loaded and its specs listed from the spec index where their
    /// files are unchanged (`Workspace.listing`), with no cache or session opened; warnings printed.
    static func listing(_ options: some WorkspaceChoice) throws -> (workspace: Workspace, specs: [SpecListing]) {
        let root = try options.root(announce: true)
        let listed: (workspace: Workspace, specs: [SpecListing])
        do {
            listed = try Workspace.listing(from: root)
        } catch {
            throw CommandFailure.usage(Self.notAWorkspace(error, option: options.workspace))
        }
        for warning in listed.workspace.warnings {
            StandardStream.error.write("tern: warning: \(warning)\n")
        }
        if let insecure = listed.workspace.insecureWarning {
            StandardStream.error.write("tern: warning: \(insecure)\n")
        }
        return listed
    }

    /// A cache being opened on a thread of its own.
    typealias EarlyStorage = ThreadResult<Result<SQLiteStorage, any Error>>

    /// The cache at `path`: `early`, once open, or opened now; with `defers` (a live send, which needs
    /// the cache only for its response) `early` still opening, as a `PendingStorage`.
    private static func cache(
        at path: URL, early: EarlyStorage?, defers: Bool, maximumBytes: Int64
    ) async throws -> (any WorkspaceCache, PendingStorage?) {
        if let early, defers {
            let pending = PendingStorage(
                path: path,
                opening: {
                    // The workspace's cap (`handler.cacheMaxBytes`) holds for the whole cache.
                    let result = await early.value
                    if case .success(let storage) = result { storage.setMaximumBytes(maximumBytes) }
                    return result
                },
                waitBlocking: { early.wait() ?? .failure(CommandFailure.usage("the cache did not open")) })
            return (pending, pending)
        }
        let open: SQLiteStorage
        do {
            open = try await early?.value.get() ?? SQLiteStorage(path: path)
            open.setMaximumBytes(maximumBytes)
        } catch {
            throw CommandFailure.usage("the workspace cache cannot be opened: \(error)")
        }
        if let notice = open.recoveryNotice {
            StandardStream.error.write("tern: warning: \(notice)\n")
        }
        return (open, nil)
    }

    /// The workspace's cache database.
    private static func cacheFile(in root: URL) -> URL {
        root.standardizedFileURL.appendingPathComponent(".tern/cache.sqlite")
    }

    /// The load error, with where a workspace may come from when the folder has none.
    private static func notAWorkspace(_ error: WorkspaceError, option: String?) -> String {
        guard error.kind == .notAWorkspace else { return error.description }
        let source = option != nil ? "--workspace" : "$\(WorkspaceDiscovery.variable)"
        return error.message + " (named by \(source)); create one with 'tern init DIR'"
    }

    /// Starts the embedded mock on a port derived from the workspace's path, so default storage keys
    /// (`METHOD URL`) are the same from one run to the next and offline replay finds them; any free
    /// port when that one is taken.
    /// The workspace's in-process mock server, on its usual port (derived from the workspace's path)
    /// or, when another process holds that one, on a free port; and the usual port's base URL, which
    /// the cache files the mock's answers under either way.
    private static func startMock(for workspace: Workspace, awaitingRoutes: Bool) async throws
        -> (MockServer, usual: URL)
    {
        let routes = awaitingRoutes ? [] : MockRoutes.samples(of: workspace)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in workspace.root.standardizedFileURL.path.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let stablePort = 20_000 + Int(hash % 20_000)
        var usual = URLComponents()
        usual.scheme = "http"
        usual.host = "127.0.0.1"
        usual.port = stablePort
        let usualURL = usual.url ?? URL(fileURLWithPath: "/")
        if let server = try? await MockServer.start(port: stablePort, routes: routes, awaitingRoutes: awaitingRoutes) {
            return (server, usualURL)
        }
        return (try await MockServer.start(routes: routes, awaitingRoutes: awaitingRoutes), usualURL)
    }

    /// Stops the embedded mock server, if any, and closes the cache. A cache that was still opening
    /// as the command began has its recovery notice printed now; if it could not be opened at all,
    /// the failure is returned (the response was not stored).
    private func close() async -> CommandFailure? {
        session.handler.removeTemporaryFiles()
        try? await transport.shutdown()
        try? await mock?.shutdown()
        var failure: CommandFailure?
        switch await pending?.opened() {
        case .success(let storage):
            if let notice = storage.recoveryNotice { StandardStream.error.write("tern: warning: \(notice)\n") }
        case .failure(let error):
            failure = .usage("the workspace cache cannot be opened, so the response was not stored: \(error)")
        case nil:
            break
        }
        await storage.close()
        return failure
    }
}

extension ThreadResult where Value == Result<SQLiteStorage, any Error> {
    /// Waits for the cache and closes it: for a command that stops before using it.
    func closeIfOpen() async {
        if case .success(let storage) = await value { storage.close() }
    }
}
