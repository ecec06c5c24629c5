import Foundation
import TernTesting
import Testing

@Suite("tern list, cache and mock", .serialized)
struct ListCacheMockTests {
    @Test("list --json prints one object per spec with id, name, method, path and target")
    func listJSON() async throws {
        try await withDemo { demo in
            let result = try await Tern.run(demo.arguments("list", "--json"))
            #expect(result.status == 0)
            let specs = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
            let ids = specs.compactMap { $0["id"] as? String }
            #expect(ids.contains("users/get-user") && ids.contains("reliability/flaky") && ids.contains("files/upload"))
            let getUser = try #require(specs.first { $0["id"] as? String == "users/get-user" })
            #expect(getUser["method"] as? String == "GET")
            #expect(getUser["path"] as? String == "/users/{{userId}}")
            #expect(getUser["target"] as? String == "api")
            #expect(Set(getUser.keys) == ["id", "name", "method", "path", "target"])
        }
    }

    @Test("send closes the cache: the write-ahead log it leaves stays under 512 KiB, and the next process reads it")
    func sendBoundsTheLog() async throws {
        try await withDemo { demo in
            let log = demo.root.appendingPathComponent(".tern/cache.sqlite-wal").path
            var sizes: [Int] = []
            // Each live send adds its response and history rows to the log; past 512 KiB a close empties it.
            for _ in 0..<40 {
                let result = try await Tern.run(demo.arguments("send", "get-user", "--mode", "live"))
                #expect(result.status == 0, "\(result.stderr)")
                sizes.append((try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0)
                if sizes.count > 1, sizes[sizes.count - 1] < sizes[sizes.count - 2] { break }
            }
            #expect(sizes.allSatisfy { $0 <= 512 * 1024 }, "\(sizes)")
            #expect(sizes.first ?? 0 > 0, "the first close keeps its short log: \(sizes)")
            #expect(zip(sizes, sizes.dropFirst()).contains { $1 < $0 }, "a close emptied the log: \(sizes)")
            let cached = try await Tern.run(demo.arguments("send", "get-user", "--mode", "cache"))
            #expect(cached.status == 0, "\(cached.stderr)")
            #expect(cached.stdout.contains("Ada Lovelace"))
        }
    }

    @Test("cache list, show and clear work on what send stored")
    func cacheCommands() async throws {
        try await withDemo { demo in
            _ = try await Tern.run(demo.arguments("send", "get-user"))
            let list = try await Tern.run(demo.arguments("cache", "list", "--json"))
            let entries = try #require(try JSONSerialization.jsonObject(with: list.stdoutData) as? [[String: Any]])
            #expect(entries.map { $0["key"] as? String } == ["user-1 @local"])
            #expect(entries.first?["spec"] as? String == "users/get-user")
            let show = try await Tern.run(demo.arguments("cache", "show", "user-1"))
            #expect(show.status == 0)
            #expect(show.stdout.contains("Ada Lovelace"))
            let missing = try await Tern.run(demo.arguments("cache", "show", "nope"))
            #expect(missing.status == 2)
            #expect(try await Tern.run(demo.arguments("cache", "clear")).status == 0)
            let empty = try await Tern.run(demo.arguments("cache", "list", "--json"))
            #expect(empty.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        }
    }

    @Test("the cache file is private to its owner")
    func cachePermissions() async throws {
        try await withDemo { demo in
            _ = try await Tern.run(demo.arguments("send", "get-user"))
            let attributes = try FileManager.default.attributesOfItem(
                atPath: demo.root.appendingPathComponent(".tern/cache.sqlite").path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        }
    }

    @Test("tern mock serves the workspace's samples and the built-in routes until interrupted")
    func mockServer() async throws {
        try await withDemo { demo in
            let process = try ChildProcess(Tern.binary.path, demo.arguments("mock", "--port", "0"), output: .pipe)
            try await process.whileRunning {
                let firstLine = try #require(await ChildProcess.line(from: process.standardOutput))
                let address = try #require(firstLine.split(separator: " ").last.map(String.init))
                let profile = try await fetch(address + "/users/7/profile")
                #expect(profile.contains("first published algorithm"))
                #expect(try await fetch(address + "/status/201").contains("201"))
                process.terminate(SIGINT)
                #expect(await process.waitForExit() == 0)
            }
        }
    }

    private func fetch(_ url: String) async throws -> String {
        try await ChildProcess.run("/usr/bin/curl", ["-s", "--max-time", "30", url], joinErrors: false).text
    }
}
