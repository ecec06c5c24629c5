import Foundation
import HTTPTypes
import Tern
import TernSQLite
import TernWorkspace

/// `tern-bench offline`: issue 4's offline numbers, in one process.
///
/// - 10,000 `cache`-mode sends of a stored 10 KB response through a `Handler` on `SQLiteStorage`, keyed by
///   the request's identity (headers, partition and a secret digested);
/// - p50/p99 of 10,000 `entry(forKey:)` lookups over 1,000 stored 10 KB entries;
/// - loading a generated workspace of 10,000 specs, and looking for changes in it (best and median of 10).
enum OfflineBenchmark {
    static func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tern-bench-offline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try SQLiteStorage(path: folder.appendingPathComponent(".tern/cache.sqlite"))
        let body = Data(repeating: UInt8(ascii: "x"), count: 10 * 1024)
        let now = Date()
        for index in 0..<1_000 {
            try await storage.store(
                StoredResponse(
                    key: "key-\(index)", status: 200, headers: [.contentType: "application/json"], body: body,
                    source: .live,
                    storedAt: now, validUntil: now.addingTimeInterval(3600), method: "GET",
                    url: "http://127.0.0.1/\(index)"
                ))
        }
        var lookups: [Double] = []
        lookups.reserveCapacity(10_000)
        for index in 0..<10_000 {
            let start = ContinuousClock.now
            _ = try await storage.entry(forKey: "key-\((index &* 7919) % 1_000)")
            lookups.append((ContinuousClock.now - start).seconds)
        }
        lookups.sort()
        print(
            String(
                format: "lookup over 1,000 entries of 10 KB: p50 %.1f µs, p99 %.1f µs", lookups[5_000] * 1e6,
                lookups[9_900] * 1e6))

        // The request's identity is its key: partition, method, URL, headers and body, digested.
        // It is stored by a real live send, so the entry carries its recorded request as in use.
        let handler = Handler(transport: CannedReply(body: body), storage: storage, mode: .cache)
        var request = Request(url: URL(string: "http://127.0.0.1/replayed?page=2") ?? folder)
        request.headers = [.accept: "application/json", .authorization: "Bearer bench-token"]
        request.cachePartition = "local"
        request.secretValues = ["bench-token"]
        request.name = "bench/replayed"
        _ = try await handler.send(request, mode: .live)
        _ = try await handler.send(request)
        let keyStart = ContinuousClock.now
        for _ in 0..<10_000 { _ = handler.storageKey(for: request) }
        let keySeconds = (ContinuousClock.now - keyStart).seconds
        print(
            String(format: "storage key of a request (identity digest, redaction): %.1f µs", keySeconds * 1e6 / 10_000))
        let start = ContinuousClock.now
        for _ in 0..<10_000 { _ = try await handler.send(request) }
        let seconds = (ContinuousClock.now - start).seconds
        print(String(format: "10,000 cache-mode sends of 10 KB: %.2f s, %.0f sends/s", seconds, 10_000 / seconds))

        let workspace = folder.appendingPathComponent("generated")
        try generateWorkspace(at: workspace, specs: 10_000)
        var loads: [Double] = []
        for _ in 0..<10 {
            let start = ContinuousClock.now
            let loaded = try TernWorkspace.Workspace.load(from: workspace)
            loads.append((ContinuousClock.now - start).seconds)
            precondition(loaded.specs.count == 10_000)
        }
        loads.sort()
        print(String(format: "loading 10,000 specs: best %.0f ms, median %.0f ms", loads[0] * 1000, loads[5] * 1000))
        // What the TUI's once-a-second look at the files costs (a stat per file, no reads).
        var looks: [Double] = []
        for _ in 0..<10 {
            let start = ContinuousClock.now
            let stamp = TernWorkspace.WorkspaceStamp.take(root: workspace)
            looks.append((ContinuousClock.now - start).seconds)
            precondition(stamp.files.count == 10_002)
        }
        looks.sort()
        print(
            String(
                format: "looking for changes in 10,000 specs: best %.1f ms, median %.1f ms", looks[0] * 1000,
                looks[5] * 1000))
    }

    /// A workspace of `count` small specs in 100 groups.
    static func generateWorkspace(at root: URL, specs count: Int) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("environments"), withIntermediateDirectories: true)
        try Data("name: Generated\ndefaultEnvironment: local\ntargets:\n  api:\n    baseURL: \"{{baseURL}}\"\n".utf8)
            .write(to: root.appendingPathComponent("workspace.yaml"))
        try Data("baseURL: http://127.0.0.1:9\n".utf8).write(to: root.appendingPathComponent("environments/local.yaml"))
        for group in 0..<100 {
            let folder = root.appendingPathComponent("specs/group-\(group)")
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            for index in 0..<(count / 100) {
                let text =
                    "name: Spec \(group)-\(index)\nmethod: GET\npath: /items/\(index)\nquery:\n  page: "
                    + "1\nheaders:\n  X-Group: \"\(group)\"\n"
                try Data(text.utf8).write(to: folder.appendingPathComponent("spec-\(index).yaml"))
            }
        }
    }
}

/// A transport that fails: cache mode must never reach it.
struct NoNetwork: Transport {
    func perform(_ request: Request, context: TransportContext) async throws -> TransportResponse {
        throw TernError(.connection, "the offline benchmark must not touch the network")
    }
}

/// A transport that answers every request with the same 200 JSON body (the offline benchmark's live send).
struct CannedReply: Transport {
    let body: Data

    func perform(_ request: Request, context: TransportContext) async throws -> TransportResponse {
        TransportResponse(status: .ok, headers: [.contentType: "application/json"], body: body)
    }
}
