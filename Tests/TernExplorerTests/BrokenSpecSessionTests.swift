import Foundation
import Tern
import TernHTTPClient
import TernSQLite
import TernWorkspace
import Testing

@testable import TernExplorer

/// A session on a workspace with a broken spec file: the file is listed with its error, naming it reports
/// the error (file:line:column kept), and every other spec works.
@Suite struct BrokenSpecSessionTests {
    @Test func theBrokenFileIsListedAndUsingItReportsItsError() async throws {
        try await withFolder { folder in try await check(folder) }
    }

    private func check(_ folder: ScratchFolder) async throws {
        let chain = try ChainWorkspace.make(
            in: folder,
            specs: [
                "good.yaml": "target: api\nmethod: GET\npath: /users/1\n",
                "users/bad.yaml": "target: api\nmethd: GET\npath: /users\n",
            ])
        let workspace = try Workspace.load(from: chain.root, keepingBrokenSpecs: true)
        let storage = try SQLiteStorage(path: chain.root.appendingPathComponent(".tern/cache.sqlite"))
        let session = ExplorerSession(
            workspace: workspace, transport: HTTPClientTransport.shared, storage: storage, history: storage,
            options: ExplorerSession.Options(processEnvironment: [:]))

        let summaries = await session.summaries()
        #expect(summaries.map(\.id) == ["good", "users/bad"])
        let bad = try #require(summaries.last)
        #expect(bad.method == "!")
        #expect(bad.error?.contains("bad.yaml:2:1: unknown field 'methd' (did you mean 'method'?)") == true)
        #expect(summaries.first?.error == nil)

        for command in [
            Command.use("users/bad"), .send("bad"), .run(RunTarget()), .run(RunTarget(["users"])), .verify(["users"]),
        ] {
            do {
                _ = try await session.run(command)
                Issue.record("\(command) succeeded")
            } catch {
                #expect(error.message.contains("bad.yaml:2:1: unknown field 'methd'"), "\(error.message)")
            }
        }
        _ = try await session.run(.use("good"))
        #expect(await session.snapshot().selected?.id == "good")
    }
}
