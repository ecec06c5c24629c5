import Foundation
import Tern
import TernExplorer
import TernHTTPClient
import TernSQLite
import TernTesting
import TernWorkspace

/// A small workspace on disk for chaining and runner tests: a `local` environment whose
/// `baseURL` is set per session, plus the spec files a test writes.
struct ChainWorkspace {
    let root: URL

    /// Makes the workspace with `specs` (path under `specs/` → YAML text).
    static func make(in folder: ScratchFolder, specs: [String: String]) throws -> ChainWorkspace {
        let root = folder.url.appendingPathComponent("ws")
        try write(
            root, "workspace.yaml",
            "name: chain\ndefaultEnvironment: local\ntargets:\n  api:\n    baseURL: \"{{baseURL}}\"\n")
        try write(root, "environments/local.yaml", "baseURL: http://127.0.0.1:9\nuser: ada\n")
        for (path, text) in specs { try write(root, "specs/" + path, text) }
        return ChainWorkspace(root: root)
    }

    /// A new session on the workspace as it is on disk now, sending to `server`.
    func session(server: MockServer, mode: ResponseMode? = nil) throws -> ExplorerSession {
        try session(baseURL: server.baseURL.absoluteString, mode: mode)
    }

    /// A new session on the workspace as it is on disk now, with `baseURL` (a server that may be gone).
    func session(baseURL: String, mode: ResponseMode? = nil) throws -> ExplorerSession {
        let workspace = try Workspace.load(from: root)
        let storage = try SQLiteStorage(path: root.appendingPathComponent(".tern/cache.sqlite"))
        let variables = ["baseURL": baseURL]
        return ExplorerSession(
            workspace: workspace, transport: HTTPClientTransport.shared, storage: storage, history: storage,
            options: ExplorerSession.Options(mode: mode, variables: variables, processEnvironment: [:]))
    }

    static func write(_ root: URL, _ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// `auth/login` (captures the token and the session cookie) and `auth/protected` (requires the
    /// login with `policy`, sends the captured token).
    static func authSpecs(policy: String = "whenMissing", loginValidFor: String = "") -> [String: String] {
        [
            "auth/login.yaml": """
            target: api
            method: POST
            path: /auth/login
            body:
              json:
                username: "{{user}}"
                password: tern
            \(loginValidFor)
            capture:
              token: $.token
              session: {cookie: session}
              loginStatus: status
            expect:
              status: 200
              json:
                $.token: {type: string, matches: "^token-"}

            """,
            "auth/protected.yaml": """
            target: api
            method: GET
            path: /auth/protected
            headers:
              Authorization: Bearer {{token}}
            requires:
              - {spec: auth/login, send: \(policy)}
            expect:
              status: 200
              json:
                $.ok: true

            """,
        ]
    }
}
