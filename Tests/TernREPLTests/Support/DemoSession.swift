import Foundation
import Synchronization
import Tern
import TernExplorer
import TernHTTPClient
import TernREPL
import TernSQLite
import TernTesting
import TernWorkspace

/// What the REPL wrote, kept in memory.
final class CapturedOutput: OutputSink {
    private let text = Mutex((out: "", err: ""))

    func write(_ text: String) { self.text.withLock { $0.out += text } }
    func writeError(_ text: String) { self.text.withLock { $0.err += text } }

    var out: String { text.withLock { $0.out } }
    var err: String { text.withLock { $0.err } }
}

/// One scripted run of the REPL.
struct ScriptRun {
    var status: Int32
    var out: String
    var err: String
}

/// A copy of the demo workspace (plus a few test specs) and a session on it, sending to an
/// in-process mock server on 127.0.0.1.
struct DemoSession {
    let root: URL
    let session: ExplorerSession
    let server: MockServer

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `body` on a fresh copy of the demo workspace; the copy and the server go away afterwards.
    static func with<T>(
        processEnvironment: [String: String] = [:], editor: (@Sendable (String) async throws -> String)? = nil,
        prepare: (URL) throws -> Void = { _ in }, onAuthorization: (@Sendable (OAuth2Prompt) async -> Void)? = nil,
        _ body: (DemoSession) async throws -> T
    ) async throws -> T {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-repl-\(UUID().uuidString)")
        // Without `.tern`: a test that runs `tern` on the demo in place may be writing there meanwhile.
        let demo = packageRoot.appendingPathComponent("workspaces/demo")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for name in try FileManager.default.contentsOfDirectory(atPath: demo.path) where name != ".tern" {
            try FileManager.default.copyItem(
                at: demo.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
        try write(
            root, "specs/tools/echo.yaml",
            "name: Echo\ntarget: api\nmethod: POST\npath: /echo\nbody:\n  json:\n    hello: world\n")
        try write(root, "specs/tools/binary.yaml", "name: Binary\ntarget: api\nmethod: GET\npath: /bytes/300\n")
        try write(
            root, "specs/tools/small-download.yaml",
            "name: Small download\ntarget: api\nmethod: GET\npath: /bytes/4096\ntransaction: download\n")
        try prepare(root)
        return try await withMockServer { server in
            let workspace = try Workspace.load(from: root)
            let storage = try SQLiteStorage(path: root.appendingPathComponent(".tern/cache.sqlite"))
            var options = ExplorerSession.Options(
                variables: ["mock": server.baseURL.absoluteString], processEnvironment: processEnvironment,
                editor: editor)
            options.onAuthorization = onAuthorization
            let session = ExplorerSession(
                workspace: workspace, transport: HTTPClientTransport.shared, storage: storage, history: storage,
                options: options)
            return try await body(DemoSession(root: root, session: session, server: server))
        }
    }

    /// Runs `lines` through a scripted REPL on this session.
    func run(_ lines: String...) async -> ScriptRun {
        await run(lines)
    }

    func run(_ lines: [String]) async -> ScriptRun {
        let output = CapturedOutput()
        let repl = REPL(session: session, options: REPL.Options(input: ScriptLines(lines), output: output))
        let status = await repl.run()
        return ScriptRun(status: status, out: output.out, err: output.err)
    }

    static func write(_ root: URL, _ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}

extension ExplorerSession {
    /// The response `send NAME` gets, through the session's one way in.
    func send(_ name: String) async throws -> Response {
        guard case .response(let response, _, _) = try await run(.send(name)) else {
            throw ExplorerError(.usage, "no response")
        }
        return response
    }
}
