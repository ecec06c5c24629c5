import Foundation
import Tern
import TernHTTPClient
import TernSQLite
import TernScreen
import TernTesting
import TernWorkspace
import Testing

@testable import TernExplorer
@testable import TernTUI

/// The runtime against a real session, a real SQLite cache and the mock server on 127.0.0.1:
/// keys in, frames out (as text).
@Suite(.serialized) struct RuntimeTests {
    /// A small workspace on the mock server: a flaky endpoint and a download.
    static func workspace(flakyKey: String) throws -> URL {
        let files = [
            "workspace.yaml": """
            name: Runtime
            targets:
              api:
                baseURL: "{{mock}}"
            handler:
              maxRetries: 3
              retry: { backoff: constant, initialDelay: 0.05, jitter: false, on: [503] }
            """,
            "specs/flaky.yaml": "method: GET\npath: /flaky/\(flakyKey)\nquery: { failures: 2, retryAfter: 0 }\n",
            "specs/files/download.yaml": "method: GET\npath: /bytes/300000\ntransaction: download\n",
            "specs/users.yaml": "method: GET\npath: /users\nheaders: { X-Debug: \"1\" }\n",
        ]
        return try temporaryWorkspace(files)
    }

    static func session(root: URL, server: MockServer) throws -> ExplorerSession {
        let workspace = try Workspace.load(from: root)
        let storage = try SQLiteStorage(path: root.appendingPathComponent(".tern/cache.sqlite"))
        return ExplorerSession(
            workspace: workspace, transport: HTTPClientTransport.shared, storage: storage, history: storage,
            options: ExplorerSession.Options(
                variables: ["mock": server.baseURL.absoluteString], processEnvironment: [:])
        )
    }

    @Test func sendShowsTheResponseRetriesTransfersAndTheCache() async throws {
        let server = try await MockServer.start()
        let root = try Self.workspace(flakyKey: "tui-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let session = try Self.session(root: root, server: server)
        let frames = await UIThread.run { () -> [String: String] in
            let terminal = MemoryTerminal(size: Size(width: 120, height: 40))
            let runtime = Runtime(terminal: terminal, session: session)
            runtime.start()
            defer { runtime.stop() }
            var frames: [String: String] = [:]
            func keys(_ keys: [Key]) { for key in keys { runtime.dispatch(.key(key)) } }
            runtime.waitUntil { $0.snapshot != nil && $0.activityPanes.cacheLoaded }
            frames["start"] = terminal.frame?.text
            keys([.character(":")] + typing("send flaky") + [.enter])
            runtime.waitUntil {
                $0.responsePane.view != nil && $0.responsePane.sending == nil && $0.activityPanes.retryLog.count == 3
                    && $0.activityPanes.retryLog.last?.outcome.isRunning == false
            }
            frames["flaky"] = terminal.frame?.text
            keys([.character(":")] + typing("send files/download") + [.enter])
            runtime.waitUntil {
                $0.responsePane.view?.title == "files/download"
                    && $0.activityPanes.transfers.contains { $0.label == "files/download" && !$0.outcome.isRunning }
            }
            keys([.character("4")])
            runtime.waitUntil { _ in true }
            frames["transfers"] = terminal.frame?.text
            keys([.character("6")])
            runtime.waitUntil { $0.activityPanes.cacheEntries.count == 2 }
            frames["cache"] = terminal.frame?.text
            // Open the flaky entry from the cache pane: the response pane shows it as CACHE.
            let index = runtime.current.activityPanes.cacheEntries.firstIndex { $0.key.contains("/flaky/") } ?? 0
            keys(Array(repeating: .character("j"), count: index) + [.enter])
            runtime.waitUntil { $0.responsePane.view?.source == .cache }
            frames["opened"] = terminal.frame?.text
            // Clear it all, confirmed.
            keys([.character("D"), .character("y")])
            runtime.waitUntil { $0.activityPanes.cacheEntries.isEmpty && $0.status?.text == "cleared the cache" }
            frames["cleared"] = terminal.frame?.text
            return frames
        }
        try await server.shutdown()

        #expect(frames["start"]?.contains("flaky") == true)
        let flaky = try #require(frames["flaky"])
        #expect(flaky.contains("200 OK"))
        #expect(flaky.contains(" LIVE "))
        #expect(flaky.contains("3 attempts"))
        #expect(flaky.contains("#1   status 503"))
        #expect(flaky.contains("#3   200 live"))
        let transfers = try #require(frames["transfers"])
        #expect(transfers.contains("↓ files/download"))
        #expect(transfers.contains("300.0 KB/300.0 KB"))
        #expect(transfers.contains("done"))
        let cache = try #require(frames["cache"])
        #expect(cache.contains("2 entries"))
        #expect(cache.contains("/flaky/tui-"))
        let opened = try #require(frames["opened"])
        #expect(opened.contains(" CACHE  stored"))
        #expect(frames["cleared"]?.contains("cleared the cache") == true)
    }

    @Test func editsGoThroughTheSessionAndSaveWritesTheFile() async throws {
        let server = try await MockServer.start()
        let root = try Self.workspace(flakyKey: "edit")
        defer { try? FileManager.default.removeItem(at: root) }
        let session = try Self.session(root: root, server: server)
        let result = await UIThread.run { () -> (String?, AppState) in
            let terminal = MemoryTerminal(size: Size(width: 100, height: 30))
            let runtime = Runtime(terminal: terminal, session: session)
            runtime.start()
            defer { runtime.stop() }
            func keys(_ keys: [Key]) { for key in keys { runtime.dispatch(.key(key)) } }
            runtime.waitUntil { $0.snapshot != nil }
            keys([.character("/")] + typing("users") + [.enter, .enter])
            runtime.waitUntil { $0.snapshot?.selected?.id == "users" }
            // Headers tab: switch X-Debug off, add X-Trace.
            keys([.character("2"), .character("]"), .character(" ")])
            runtime.waitUntil { $0.snapshot?.selected?.headers.first?.enabled == false }
            keys([.character("a")] + typing("X-Trace") + [.tab] + typing("abc") + [.enter])
            runtime.waitUntil { $0.snapshot?.selected?.headers.count == 2 }
            let edited = terminal.frame?.text
            keys([.character(":")] + typing("save") + [.enter])
            runtime.waitUntil {
                $0.snapshot?.unsaved.isEmpty == true && $0.status?.text.hasPrefix("saved users") == true
            }
            keys([.character("q")])
            return (edited, runtime.current)
        }
        try await server.shutdown()
        let (edited, state) = result
        #expect(edited?.contains("✗   X-Debug") == true)
        #expect(edited?.contains("✓   X-Trace") == true)
        #expect(edited?.contains("● unsaved") == true)
        #expect(state.quitting, "q quits once the edits are saved")
        let text = try String(contentsOf: root.appendingPathComponent("specs/users.yaml"), encoding: .utf8)
        #expect(text.contains("X-Trace: abc"))
        #expect(text.contains("disabled:\n  headers:\n  - X-Debug"))
    }

    @Test func aDeadServerIsReportedNotACrash() async throws {
        let server = try await MockServer.start()
        let root = try Self.workspace(flakyKey: "dead")
        defer { try? FileManager.default.removeItem(at: root) }
        let session = try Self.session(root: root, server: server)
        try await server.shutdown()
        let state = await UIThread.run { () -> AppState in
            let runtime = Runtime(terminal: MemoryTerminal(size: Size(width: 100, height: 30)), session: session)
            runtime.start()
            defer { runtime.stop() }
            runtime.waitUntil { $0.snapshot != nil }
            for key in [.character(":")] + typing("mode live") + [.enter] { runtime.dispatch(.key(key)) }
            runtime.waitUntil { $0.snapshot?.mode == .live }
            for key in [.character(":")] + typing("send users") + [.enter] { runtime.dispatch(.key(key)) }
            runtime.waitUntil { $0.responsePane.sending == nil && $0.status?.isError == true }
            return runtime.current
        }
        #expect(state.status?.isError == true)
        #expect(state.status?.text.isEmpty == false)
        #expect(state.responsePane.view == nil)
    }

    @Test("':cache show KEY' opens the stored answer in the response pane")
    func cacheShowOpensTheStoredAnswer() async throws {
        let server = try await MockServer.start()
        let root = try Self.workspace(flakyKey: "tui-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let session = try Self.session(root: root, server: server)
        _ = try await session.run(.send("users"))
        let opened = await UIThread.run { () -> Bool in
            let terminal = MemoryTerminal(size: Size(width: 120, height: 40))
            let runtime = Runtime(terminal: terminal, session: session)
            runtime.start()
            defer { runtime.stop() }
            runtime.waitUntil { $0.snapshot != nil && $0.activityPanes.cacheLoaded }
            for key in [.character(":")] + typing("cache show users") + [.enter] { runtime.dispatch(.key(key)) }
            return runtime.waitUntil(timeout: .seconds(10)) { $0.responsePane.view?.source == .cache }
        }
        try await server.shutdown()
        #expect(opened)
    }
}
