import Foundation
import Tern
import TernHTTPClient
import TernSQLite
import TernWorkspace
import Testing

@testable import TernExplorer

/// A session opened on the settings and the spec index's listing (what the TUI does) lists the specs at
/// once, reads the files behind it, and then is the session a full load gives: no reload reports the
/// specs as added, and a file changed meanwhile is picked up.
@Suite struct SessionLoadingTests {
    private static let specs = [
        "users/get.yaml": "target: api\nmethod: GET\npath: /users/1\n",
        "users/list.yaml": "target: api\nmethod: GET\npath: /users\n",
        "broken.yaml": "target: api\nmethod: [GET\n",
    ]

    @Test func listedFirstThenWhole() async throws {
        try await withFolder { folder in
            let chain = try ChainWorkspace.make(in: folder, specs: Self.specs)
            let listed = try Workspace.listing(from: chain.root)
            #expect(listed.workspace.specs.isEmpty)
            let storage = try SQLiteStorage(path: chain.root.appendingPathComponent(".tern/cache.sqlite"))
            var options = ExplorerSession.Options(processEnvironment: [:])
            options.followsFiles = true
            let session = ExplorerSession(
                workspace: listed.workspace, transport: HTTPClientTransport.shared, storage: storage,
                history: storage, options: options)
            await session.loadSpecs(listing: listed.specs)
            // Before the files are read, the listing answers (broken files included).
            let early = await session.summaries()
            #expect(early.map(\.id) == ["broken", "users/get", "users/list"])
            #expect(early.first?.error != nil)

            await session.waitUntilLoaded()
            #expect(await !session.isLoading)
            #expect(await session.summaries() == early)
            #expect(await session.workspace.specs.count == 2)
            // The whole workspace is the one reloads compare with: nothing changed.
            #expect(try await session.reload() == nil)
            _ = try await session.run(.use("users/get"))
            try ChainWorkspace.write(chain.root, "specs/users/get.yaml", "target: api\nmethod: GET\npath: /users/42\n")
            let outcome = try #require(try await session.reload())
            #expect(outcome.changed == ["users/get"])
            #expect(outcome.added.isEmpty)
            storage.close()
        }
    }
}
