import Foundation
import HTTPTypes
import TernHTTPClient
import TernInterchange
import TernSQLite
import TernWorkspace
import Testing

@testable import Tern
@testable import TernExplorer

/// A workspace with a `local` environment and no targets, into which a HAR import writes its specs.
struct RecordingWorkspace {
    let root: URL

    static func make(in folder: ScratchFolder) throws -> RecordingWorkspace {
        let root = folder.url.appendingPathComponent("ws")
        try ChainWorkspace.write(root, "workspace.yaml", "name: recorded\ndefaultEnvironment: local\n")
        try ChainWorkspace.write(root, "environments/local.yaml", "region: eu\n")
        return RecordingWorkspace(root: root)
    }

    /// Imports `har` and saves each spec as `GROUP/FOLDERS/FILE` (what `ImportPlan` will do);
    /// returns the ids with their recorded responses.
    func importHAR(_ har: Data, group: String = "rec") throws -> [(id: String, recorded: RecordedResponse)] {
        let imported = try HARImporter.read(
            ImportSource(data: har, name: "t.har", baseDirectory: root, workspaceRoot: root, group: group))
        let workspace = try Workspace.load(from: root)
        var items: [(id: String, recorded: RecordedResponse)] = []
        for spec in imported.specs {
            let id = ([group] + spec.folders + [spec.fileName]).joined(separator: "/")
            try workspace.save(try workspace.makeEntry(id: id, spec: spec.spec))
            if let recorded = spec.recorded { items.append((id, recorded)) }
        }
        return items
    }

    /// A session on the workspace as it is now, answering from the cache only.
    func session(environment: [String: String], mode: ResponseMode = .cache) throws -> ExplorerSession {
        let storage = try SQLiteStorage(path: root.appendingPathComponent(".tern/cache.sqlite"))
        return ExplorerSession(
            workspace: try Workspace.load(from: root), transport: HTTPClientTransport.shared, storage: storage,
            history: storage, options: ExplorerSession.Options(mode: mode, processEnvironment: environment))
    }
}

@Suite("HAR import --into-cache")
struct HARRecordedTests {
    static let recording = Data(
        #"""
        {"log": {"version": "1.2", "creator": {"name": "t", "version": "1"}, "entries": [
          {"startedDateTime": "2024-05-01T10:00:00.000Z",
           "request": {"method": "GET", "url": "https://api.example.com/v1/users?page=2",
             "headers": [{"name": "Authorization", "value": "Bearer recorded-token"},
                         {"name": "Accept", "value": "application/json"}]},
           "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"},
                                                   {"name": "Content-Length", "value": "13"}],
             "content": {"size": 13, "mimeType": "application/json", "text": "eyJ1c2VycyI6IFtdfQ==",
                         "encoding": "base64"}}},
          {"startedDateTime": "2024-05-01T10:00:01.000Z",
           "request": {"method": "POST", "url": "https://api.example.com/v1/users",
             "postData": {"mimeType": "application/json", "text": "{\"name\": \"ann\"}"}},
           "response": {"status": 201, "content": {"size": 9, "mimeType": "application/json", "text": "{\"id\": 7}"}}},
          {"startedDateTime": "2024-05-01T10:00:02.000Z",
           "request": {"method": "GET", "url": "https://api.example.com/v1/missing"},
           "response": {"status": 404, "content": {"size": 0, "mimeType": "text/plain", "text": ""}}}
        ]}}
        """#.utf8)

    @Test("Recorded responses are stored under the keys send looks up, and replay with --mode cache")
    func replays() async throws {
        try await withFolder { folder in
            let workspace = try RecordingWorkspace.make(in: folder)
            let items = try workspace.importHAR(Self.recording)
            #expect(items.map(\.id) == ["rec/get-users", "rec/post-users", "rec/get-missing"])
            let environment = ["AUTHORIZATION": "my-token"]
            let storage = try SQLiteStorage(path: workspace.root.appendingPathComponent(".tern/cache.sqlite"))
            let summary = try await ExplorerSession.storeRecorded(
                items, workspace: try Workspace.load(from: workspace.root), environment: nil, storage: storage,
                processEnvironment: environment)
            #expect(summary.stored == 2)
            #expect(
                summary.skipped == [
                    SkippedItem(
                        item: "rec/get-missing", reason: "status 404 is not stored (the cache keeps 2xx answers)")
                ])
            let session = try workspace.session(environment: environment)
            let users = try await session.send("rec/get-users")
            #expect(users.statusCode == 200)
            #expect(String(decoding: users.body, as: UTF8.self) == #"{"users": []}"#)
            #expect(users.source == .cache)
            #expect(users.headers[.contentType] == "application/json")
            let created = try await session.send("rec/post-users")
            #expect(created.statusCode == 201)
            #expect(String(decoding: created.body, as: UTF8.self) == #"{"id": 7}"#)
            let stored = try await storage.entries()
            #expect(stored.allSatisfy { $0.request?.partition == "local" })
            #expect(!stored.contains { $0.key.contains("my-token") || $0.key.contains("recorded-token") })
        }
    }

    @Test("Another token is another request: the replay misses instead of answering for the wrong credentials")
    func keyedByCredentials() async throws {
        try await withFolder { folder in
            let workspace = try RecordingWorkspace.make(in: folder)
            let items = try workspace.importHAR(Self.recording)
            let session = try workspace.session(environment: ["AUTHORIZATION": "first"])
            let summary = try await session.storeRecorded(items)
            #expect(summary.stored == 2)
            let other = try workspace.session(environment: ["AUTHORIZATION": "second"])
            await #expect(throws: ExplorerError.self) { try await other.send("rec/get-users") }
        }
    }

    @Test("A spec whose {{env:NAME}} is not set is skipped with the reason; the others are stored")
    func unsetSecret() async throws {
        try await withFolder { folder in
            let workspace = try RecordingWorkspace.make(in: folder)
            let items = try workspace.importHAR(Self.recording)
            let summary = try await workspace.session(environment: [:]).storeRecorded(items)
            #expect(summary.stored == 1)
            let skipped = try #require(summary.skipped.first { $0.item == "rec/get-users" })
            #expect(skipped.reason.contains("AUTHORIZATION"), "\(skipped.reason)")
        }
    }
}
