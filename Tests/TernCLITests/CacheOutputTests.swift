import Foundation
import TernTesting
import Testing

/// `tern send -o FILE` writes FILE whatever the source, the cache keeps what it stores, and the CLI
/// says when an answer did not come from the network.
@Suite("Cache and output files")
struct CacheOutputTests {
    @Test("-o writes the file live, from a cache hit, in cache mode and from a sample; stdout stays usable")
    func outputInEveryMode() async throws {
        try await withDemo { demo in
            let folder = demo.root.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let runs: [(String, [String])] = [
                ("live.json", ["--mode", "live"]), ("hit.json", []), ("cache.json", ["--mode", "cache"]),
                ("sample.json", ["--mode", "sample"]),
            ]
            for (name, mode) in runs {
                let file = folder.appendingPathComponent(name)
                let run = try await Tern.run(demo.arguments(["send", "get-user", "-o", file.path] + mode))
                #expect(run.status == 0, "\(name): \(run.stderr)")
                let written = try Data(contentsOf: file)
                let user = try JSONSerialization.jsonObject(with: written) as? [String: Any]
                #expect(user?["name"] as? String == "Ada Lovelace", "\(name)")
                #expect(run.stderr.contains("saved"), "\(name): \(run.stderr)")
            }
            try FileManager.default.removeItem(at: folder.appendingPathComponent("live.json"))
            let plain = try await Tern.run(demo.arguments("send", "get-user"))
            #expect(plain.status == 0)
            #expect(plain.stdout.contains("Ada Lovelace"), "-o never takes the body away from later sends")
            let show = try await Tern.run(demo.arguments("cache", "show", "user-1"))
            #expect(show.stdout.contains("Ada Lovelace"))
        }
    }

    @Test("a download stored in the cache replays to -o twice, and leaves no temporary file behind")
    func downloadsReplayToFiles() async throws {
        try await withDemo { demo in
            try demo.write(
                "specs/files/small-download.yaml",
                "name: Small download\ntarget: api\nmethod: GET\npath: /bytes/300000\ntransaction: download\n")
            let temporary = demo.root.appendingPathComponent("tmp")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            let environment = ["TMPDIR": temporary.path]
            for attempt in 1...2 {
                let file = demo.root.appendingPathComponent("download-\(attempt).bin")
                let run = try await Tern.run(
                    demo.arguments("send", "small-download", "-o", file.path), environment: environment)
                #expect(run.status == 0, "\(run.stderr)")
                #expect((try? Data(contentsOf: file).count) == 300_000, "attempt \(attempt)")
            }
            let piped = try await Tern.run(demo.arguments("send", "small-download"), environment: environment)
            #expect(piped.stdoutData.count == 300_000, "without -o a piped download streams to stdout")
            #expect(piped.stderr.contains("CACHE"), "\(piped.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
            let bodies = demo.root.appendingPathComponent(".tern/bodies")
            let kept = try FileManager.default.contentsOfDirectory(atPath: bodies.path).filter { $0.hasPrefix("body-") }
            #expect(kept.count == 1)
            let list = try await Tern.run(demo.arguments("cache", "list", "--json"))
            let entries = try #require(try JSONSerialization.jsonObject(with: list.stdoutData) as? [[String: Any]])
            #expect(entries.contains { $0["bytes"] as? Int == 300_000 })
            #expect(try await Tern.run(demo.arguments("cache", "clear")).status == 0)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: bodies.path).filter { $0.hasPrefix("body-") }
                    .isEmpty)
        }
    }

    @Test("a piped replay says on stderr that it came from the cache; an unknown key to clear exits 2")
    func pipedNoticeAndUnknownKeys() async throws {
        try await withDemo { demo in
            _ = try await Tern.run(demo.arguments("send", "get-user"))
            let replay = try await Tern.run(demo.arguments("send", "get-user"))
            #expect(replay.status == 0)
            #expect(replay.stderr.contains("from CACHE"), "\(replay.stderr)")
            let unknown = try await Tern.run(demo.arguments("cache", "clear", "user-9"))
            #expect(unknown.status == 2)
            #expect(unknown.stderr.contains("nothing is stored under 'user-9'"), "\(unknown.stderr)")
            let cleared = try await Tern.run(demo.arguments("cache", "clear", "user-1"))
            #expect(cleared.status == 0)
            #expect(cleared.stderr.contains("removed 'user-1 @local'"), "\(cleared.stderr)")
        }
    }

    @Test("a cache-mode miss after an edit names the nearest stored request and what differs")
    func missExplains() async throws {
        try await withDemo { demo in
            _ = try await Tern.run(demo.arguments("send", "list-users"))
            let edited = try await Tern.run(
                demo.arguments("send", "list-users", "--mode", "cache", "--header", "X-Trace: abc"))
            #expect(edited.status == 1)
            #expect(edited.stderr.contains("nearest stored"), "\(edited.stderr)")
            #expect(edited.stderr.contains("header 'x-trace'"), "\(edited.stderr)")
            let query = try await Tern.run(
                demo.arguments("send", "list-users", "--mode", "cache", "--query", "verbose=true"))
            #expect(query.stderr.contains("query parameter 'verbose'"), "\(query.stderr)")
        }
    }

    @Test("stale-if-error: with the server stopped, send serves the stored answer and says so on stderr")
    func staleIfError() async throws {
        try await withDemo { demo in
            try demo.write("specs/tools/etag.yaml", "name: ETag\ntarget: api\nmethod: GET\npath: /etag/0\n")
            let server = try await MockServer.start()
            let base = ["--var", "baseURL=\(server.baseURL.absoluteString)"]
            let first = try await Tern.run(demo.arguments(["send", "etag"] + base))
            #expect(first.status == 0, "\(first.stderr)")
            let revalidated = try await Tern.run(demo.arguments(["send", "etag", "--events", "json"] + base))
            #expect(revalidated.events.contains { $0["result"] as? String == "revalidated" }, "\(revalidated.stderr)")
            #expect(server.notModifiedCount(path: "/etag/0") == 1)
            try await server.shutdown()
            let stale = try await Tern.run(demo.arguments(["send", "etag"] + base))
            #expect(stale.status == 0, "\(stale.stderr)")
            #expect(stale.stdout == first.stdout)
            #expect(stale.stderr.contains("nothing is listening on 127.0.0.1:"), "\(stale.stderr)")
            #expect(stale.stderr.contains("this is the answer stored"), "\(stale.stderr)")
        }
    }

    @Test("the demo mock's answers are filed under its usual port: with that port held, a replay still finds them")
    func mockFiledUnderUsualPort() async throws {
        try await withDemo { demo in
            let first = try await Tern.run(demo.arguments("send", "list-users"))
            #expect(first.status == 0, "\(first.stderr)")
            let listing = try await Tern.run(demo.arguments("cache", "list"))
            let portText = try #require(
                listing.stdout.firstMatch(of: /127\.0\.0\.1:(\d+)\/users/)?.output.1, "\(listing.stdout)")
            let usual = try #require(Int(portText))
            // Another process holds the usual port, as a running TUI does: the mock starts elsewhere.
            let holder = try await MockServer.start(port: usual)
            defer { Task { try? await holder.shutdown() } }
            let replay = try await Tern.run(demo.arguments("send", "list-users", "--mode", "cache", "-v"))
            #expect(replay.status == 0, "\(replay.stderr)")
            #expect(
                !replay.stderr.contains("127.0.0.1:\(usual)/users"), "the mock ran on another port: \(replay.stderr)")
            #expect(replay.stdout == first.stdout)
            let live = try await Tern.run(demo.arguments("send", "list-users", "--mode", "live", "--events", "json"))
            let stored = live.events.first { $0["result"] as? String == "stored" }?["key"] as? String
            #expect(stored?.contains("127.0.0.1:\(usual)/users") == true, "filed under the usual port: \(live.stderr)")
            try await holder.shutdown()
        }
    }
}

/// The workspace's `handler.cacheMaxBytes` holds for every answer: a download bigger than the cap goes to
/// `-o` whole and is never stored; a small answer still is.
@Suite("tern send: the cache's byte cap")
struct CacheCapCLITests {
    @Test("a download bigger than cacheMaxBytes is written to -o and not stored; a small answer is")
    func biggerThanTheCapIsNotStored() async throws {
        try await withDemo { workspace in
            let manifest = workspace.root.appendingPathComponent("workspace.yaml")
            let text = try String(contentsOf: manifest, encoding: .utf8)
            try workspace.write(
                "workspace.yaml",
                text.replacingOccurrences(of: "handler:\n", with: "handler:\n  cacheMaxBytes: 100000\n"))
            try workspace.write(
                "specs/files/mid.yaml", "target: api\nmethod: GET\npath: /bytes/200000\ntransaction: download\n")
            let output = workspace.root.appendingPathComponent("mid.bin")
            let sent = try await Tern.run(
                ["send", "files/mid", "-o", output.path, "--events", "json", "--workspace", workspace.root.path])
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(Self.size(output) == 200_000)
            #expect(sent.stderr.contains(#""result":"not-stored""#), "\(sent.stderr)")
            #expect(sent.stderr.contains("bigger than the cache's limit of 100000 bytes"), "\(sent.stderr)")

            let small = try await Tern.run(["send", "users/get-user", "--workspace", workspace.root.path])
            #expect(small.status == 0, "\(small.stderr)")
            let listed = try await Tern.run(["cache", "list", "--workspace", workspace.root.path])
            #expect(listed.stdout.contains("user-1"), "\(listed.stdout)")
            #expect(!listed.stdout.contains("/bytes/200000"), "\(listed.stdout)")
            let bodies = workspace.root.appendingPathComponent(".tern/bodies")
            let kept = (try? FileManager.default.contentsOfDirectory(atPath: bodies.path)) ?? []
            #expect(kept.allSatisfy { Self.size(bodies.appendingPathComponent($0)) < 100_000 })
        }
    }

    private static func size(_ file: URL) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? -1
    }
}
