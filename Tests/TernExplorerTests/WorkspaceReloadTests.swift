import Foundation
import HTTPTypes
import Tern
import TernHTTPClient
import TernSQLite
import TernWorkspace
import Testing

@testable import TernExplorer

/// A session picks up spec, environment and workspace files changed, added or removed on disk, keeps unsaved
/// edits (a conflict is reported, and `save` does not overwrite the file unless forced), shows a broken file as
/// broken without losing the rest, and keeps the last good workspace when `workspace.yaml` breaks.
@Suite struct WorkspaceReloadTests {
    private static let specs = [
        "users/get.yaml": "target: api\nmethod: GET\npath: /users/1\n",
        "users/list.yaml": "target: api\nmethod: GET\npath: /users\n",
    ]

    /// A session on a fresh copy of the workspace (broken spec files kept, as the TUI and the REPL load).
    private func open(_ folder: ScratchFolder) throws -> (ExplorerSession, ChainWorkspace) {
        let chain = try ChainWorkspace.make(in: folder, specs: Self.specs)
        let workspace = try Workspace.load(from: chain.root, keepingBrokenSpecs: true)
        let storage = try SQLiteStorage(path: chain.root.appendingPathComponent(".tern/cache.sqlite"))
        var options = ExplorerSession.Options(processEnvironment: [:])
        options.followsFiles = true
        let session = ExplorerSession(
            workspace: workspace, transport: HTTPClientTransport.shared, storage: storage, history: storage,
            options: options)
        return (session, chain)
    }

    private func url(of name: String, _ session: ExplorerSession) async throws -> String {
        _ = try await session.run(.use(name))
        guard case .request(let request, _, _) = try await session.run(.show) else {
            Issue.record("show gave no request")
            return ""
        }
        return request.url.absoluteString
    }

    @Test func editedAddedAndRemovedSpecsArePickedUp() async throws {
        try await withFolder { folder in
            let (session, chain) = try open(folder)
            #expect(try await session.reload() == nil)
            #expect(try await url(of: "users/get", session) == "http://127.0.0.1:9/users/1")

            try ChainWorkspace.write(chain.root, "specs/users/get.yaml", "target: api\nmethod: GET\npath: /users/42\n")
            try ChainWorkspace.write(chain.root, "specs/orders/new.yaml", "target: api\nmethod: POST\npath: /orders\n")
            try FileManager.default.removeItem(at: chain.root.appendingPathComponent("specs/users/list.yaml"))
            let outcome = try #require(try await session.reload())
            #expect(outcome.changed == ["users/get"])
            #expect(outcome.added == ["orders/new"])
            #expect(outcome.removed == ["users/list"])
            #expect(
                outcome.lines.first == "reloaded: 1 changed (users/get), 1 added (orders/new), 1 removed (users/list)")

            #expect(try await url(of: "users/get", session) == "http://127.0.0.1:9/users/42")
            #expect(try await url(of: "orders/new", session) == "http://127.0.0.1:9/orders")
            await #expect(throws: ExplorerError.self) { try await session.run(.use("users/list")) }
            // Nothing more changed: the next look finds nothing.
            #expect(try await session.reload() == nil)
        }
    }

    @Test func anEnvironmentChangeIsPickedUp() async throws {
        try await withFolder { folder in
            let (session, chain) = try open(folder)
            try ChainWorkspace.write(
                chain.root, "environments/local.yaml", "baseURL: http://127.0.0.1:8081\nuser: ada\n")
            let outcome = try #require(try await session.reload())
            #expect(outcome.environmentsChanged)
            #expect(try await url(of: "users/get", session) == "http://127.0.0.1:8081/users/1")
        }
    }

    @Test func aBrokenSpecShowsAsBrokenAndTheRestStays() async throws {
        try await withFolder { folder in
            let (session, chain) = try open(folder)
            try ChainWorkspace.write(chain.root, "specs/users/get.yaml", "target: api\nmethd: GET\npath: /users/1\n")
            let outcome = try #require(try await session.reload())
            let message = try #require(outcome.broken["users/get"])
            #expect(message.contains("get.yaml:2:1: unknown field 'methd'"), "\(message)")
            #expect(outcome.lines.contains { $0.hasPrefix("users/get is broken: ") })
            let summaries = await session.summaries()
            #expect(summaries.first { $0.id == "users/get" }?.error != nil)
            #expect(try await url(of: "users/list", session) == "http://127.0.0.1:9/users")
        }
    }

    @Test func aBrokenManifestKeepsTheLastGoodWorkspace() async throws {
        try await withFolder { folder in
            let (session, chain) = try open(folder)
            try ChainWorkspace.write(chain.root, "workspace.yaml", "name: chain\ntargets: [oops\n")
            let outcome = try #require(try await session.reload())
            let failure = try #require(outcome.failure)
            #expect(failure.contains("workspace.yaml:"), "\(failure)")
            #expect(outcome.lines.first?.hasPrefix("reload failed, the workspace is unchanged: ") == true)
            #expect(try await url(of: "users/get", session) == "http://127.0.0.1:9/users/1")
            // Reported once; the fix is picked up.
            #expect(try await session.reload() == nil)
            try ChainWorkspace.write(
                chain.root, "workspace.yaml",
                "name: chain\ndefaultEnvironment: local\ntargets:\n  api:\n    baseURL: \"{{baseURL}}/v2\"\n")
            let fixed = try #require(try await session.reload())
            #expect(fixed.failure == nil && fixed.manifestChanged)
            #expect(try await url(of: "users/get", session) == "http://127.0.0.1:9/v2/users/1")
        }
    }

    @Test func unsavedEditsSurviveAChangeOnDiskAndSaveDoesNotOverwriteIt() async throws {
        try await withFolder { folder in
            let (session, chain) = try open(folder)
            let file = chain.root.appendingPathComponent("specs/users/get.yaml")
            _ = try await session.run(.use("users/get"))
            _ = try await session.run(.set(.header, name: "X-Mine", value: "1"))
            try ChainWorkspace.write(chain.root, "specs/users/get.yaml", "target: api\nmethod: GET\npath: /users/7\n")

            let outcome = try #require(try await session.reload())
            #expect(outcome.conflicts == ["users/get"])
            #expect(outcome.lines.contains { $0.contains("'save --force' writes them over the file") })
            // The edit is what the session shows and sends.
            guard case .request(let request, let edited, _) = try await session.run(.show) else {
                Issue.record("show gave no request")
                return
            }
            #expect(edited && request.headers.contains { $0.name.canonicalName == "x-mine" && $0.value == "1" })
            #expect(request.url.path == "/users/1")

            do throws(ExplorerError) {
                _ = try await session.run(.save(as: nil))
                Issue.record("save overwrote a file changed on disk")
            } catch {
                #expect(error.message.contains("specs/users/get.yaml changed on disk since it was read"))
            }
            #expect(try String(contentsOf: file, encoding: .utf8).contains("/users/7"))

            _ = try await session.run(.save(as: nil, force: true))
            let saved = try String(contentsOf: file, encoding: .utf8)
            #expect(saved.contains("X-Mine") && saved.contains("/users/1"))
            // The session's own write is not reported back as a change.
            #expect(try await session.reload() == nil)
            #expect(await session.conflicts.isEmpty)
        }
    }

    @Test func revertTakesTheFilesVersion() async throws {
        try await withFolder { folder in
            let (session, chain) = try open(folder)
            _ = try await session.run(.use("users/get"))
            _ = try await session.run(.set(.query, name: "page", value: "2"))
            try ChainWorkspace.write(chain.root, "specs/users/get.yaml", "target: api\nmethod: GET\npath: /users/77\n")
            guard case .done(let message) = try await session.run(.revert(nil)) else {
                Issue.record("revert gave no message")
                return
            }
            #expect(message.hasPrefix("reverted users/get to "))
            #expect(await session.unsavedSpecIDs.isEmpty)
            #expect(try await url(of: "users/get", session) == "http://127.0.0.1:9/users/77")
        }
    }

    @Test func saveRefusesAFileChangedSinceItWasReadEvenBeforeALook() async throws {
        try await withFolder { folder in
            let (session, chain) = try open(folder)
            _ = try await session.run(.use("users/list"))
            _ = try await session.run(.set(.header, name: "X-Mine", value: "1"))
            try ChainWorkspace.write(chain.root, "specs/users/list.yaml", "target: api\nmethod: GET\npath: /people\n")
            await #expect(throws: ExplorerError.self) { try await session.run(.save(as: nil)) }
            _ = try await session.run(.save(as: "users/mine"))
            let kept = chain.root.appendingPathComponent("specs/users/list.yaml")
            #expect(try String(contentsOf: kept, encoding: .utf8).contains("/people"))
        }
    }

    @Test func theWatcherReportsAChangeAsAnEvent() async throws {
        try await withFolder { folder in
            let (session, chain) = try open(folder)
            let events = session.events()
            let watcher = WorkspaceWatcher.watch(session, every: .milliseconds(20))
            defer { watcher.cancel() }
            try ChainWorkspace.write(chain.root, "specs/users/new.yaml", "target: api\nmethod: GET\npath: /new\n")
            let reported = await firstReload(events, within: .seconds(20))
            #expect(reported?.added == ["users/new"])
        }
    }

    @Test func theCommandLanguageHasReloadRevertAndSaveForce() throws {
        #expect(try CommandParser.parse("reload") == .reload)
        #expect(try CommandParser.parse("revert") == .revert(nil))
        #expect(try CommandParser.parse("revert users/get") == .revert("users/get"))
        #expect(try CommandParser.parse("save --force") == .save(as: nil, force: true))
        #expect(throws: ExplorerError.self) { try CommandParser.parse("reload now") }
    }

    /// The first `.reloaded` event, or `nil` when none comes within `limit`.
    private func firstReload(_ events: AsyncStream<ExplorerEvent>, within limit: Duration) async -> ReloadOutcome? {
        await withTaskGroup(of: ReloadOutcome?.self) { group in
            group.addTask {
                for await event in events {
                    if case .reloaded(let outcome) = event { return outcome }
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}

/// How long the watcher waits between looks.
@Suite("WorkspaceWatcher's interval")
struct WorkspaceWatcherIntervalTests {
    let second = Duration.seconds(1)
    let longest = Duration.seconds(10)

    @Test("cheap looks keep the interval; steady slow looks stretch it, up to the longest wait")
    func stretchesForSteadyCost() {
        #expect(
            WorkspaceWatcher.nextWait(interval: second, longest: longest, cost: .milliseconds(3), previous: nil)
                == second)
        #expect(
            WorkspaceWatcher.nextWait(
                interval: second, longest: longest, cost: .milliseconds(100), previous: .milliseconds(80))
                == .seconds(4))
        #expect(
            WorkspaceWatcher.nextWait(
                interval: second, longest: longest, cost: .seconds(2), previous: .seconds(3)) == longest)
    }

    @Test("one slow look between cheap ones does not stretch the interval")
    func ignoresOneSpike() {
        #expect(
            WorkspaceWatcher.nextWait(
                interval: second, longest: longest, cost: .milliseconds(1_500), previous: .milliseconds(4)) == second)
        #expect(
            WorkspaceWatcher.nextWait(
                interval: .milliseconds(20), longest: .milliseconds(5), cost: .seconds(1), previous: .seconds(1))
                == .milliseconds(20), "never shorter than the interval")
    }
}
