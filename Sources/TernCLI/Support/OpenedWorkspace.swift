import ArgumentParser
import Foundation
import Tern
import TernExplorer
import TernHTTPClient
import TernMock
import TernSQLite
import TernWorkspace

/// A workspace opened for one command: its cache, an embedded mock server when the environment
/// asks for `{{mock}}`, and the explorer session every command runs through.
struct OpenedWorkspace {
    let workspace: Workspace
    let storage: SQLiteStorage
    let mock: MockServer?
    let session: ExplorerSession
    let transport: HTTPClientTransport

    /// Loads the workspace at `options.root`; prints warnings; throws a usage failure on errors.
    static func open(
        _ options: some WorkspaceChoice, environment: String? = nil, mode: ResponseMode? = nil,
        variables: [String: String] = [:],
        startsMock: Bool = true, editor: (@Sendable (String) async throws -> String)? = nil, usesCookies: Bool = true,
        printsSignIn: Bool = true, announcesWorkspace: Bool = true, specsFor names: [String]? = nil
    ) async throws -> OpenedWorkspace {
        let workspace: Workspace
        let root = try options.root(announce: announcesWorkspace)
        do {
            workspace = try Workspace.load(from: root, keepingBrokenSpecs: true, specsFor: names)
        } catch {
            throw CommandFailure.usage(Self.notAWorkspace(error, option: options.workspace))
        }
        for warning in workspace.warnings {
            StandardStream.error.write("tern: warning: \(warning)\n")
        }
        if let insecure = workspace.insecureWarning { StandardStream.error.write("tern: warning: \(insecure)\n") }
        if let environment, workspace.environments[environment] == nil {
            throw CommandFailure.usage(workspace.unknownEnvironment(environment).message)
        }
        let storage: SQLiteStorage
        do {
            storage = try SQLiteStorage(path: workspace.root.appendingPathComponent(".tern/cache.sqlite"))
        } catch {
            throw CommandFailure.usage("the workspace cache cannot be opened: \(error)")
        }
        if let notice = storage.recoveryNotice {
            StandardStream.error.write("tern: warning: \(notice)\n")
        }
        var variables = variables
        var mock: MockServer?
        if startsMock, variables["mock"] == nil, workspace.referencesVariable("mock", environment: environment) {
            do {
                let server = try await startMock(for: workspace)
                variables["mock"] = server.baseURL.absoluteString
                mock = server
            } catch {
                throw CommandFailure.usage("the embedded mock server could not start: \(error)")
            }
        }
        // Requests of targets with their own tls:/proxy: get clients of their own inside this transport.
        // The shared client (and its event loop threads) is made at the first request that goes out.
        let transport = HTTPClientTransport(sharingClientWith: workspace.handler.transferLimits())
        var sessionOptions = ExplorerSession.Options(
            environment: environment, mode: mode, variables: variables, editor: editor)
        sessionOptions.usesCookies = usesCookies
        // An OAuth 2.0 sign-in's URL or code goes to stderr, so stdout stays the response (the TUI shows it).
        if printsSignIn {
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
            workspace: workspace, storage: storage, mock: mock, session: session, transport: transport)
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
    private static func startMock(for workspace: Workspace) async throws -> MockServer {
        let routes = MockRoutes.samples(of: workspace)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in workspace.root.standardizedFileURL.path.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let stablePort = 20_000 + Int(hash % 20_000)
        if let server = try? await MockServer.start(port: stablePort, routes: routes) { return server }
        return try await MockServer.start(routes: routes)
    }

    /// Stops the embedded mock server, if any.
    func close() async {
        session.handler.removeTemporaryFiles()
        try? await transport.shutdown()
        try? await mock?.shutdown()
        storage.close()
    }
}
