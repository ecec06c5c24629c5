import Foundation
import TernTesting
import Testing

@Suite("tern send", .serialized)
struct SendCommandTests {
    @Test("a JSON API through the embedded mock: the raw body when stdout is not a terminal")
    func sendsThroughEmbeddedMock() async throws {
        try await withDemo { demo in
            let result = try await Tern.run(demo.arguments("send", "get-user"))
            #expect(result.status == 0, "\(result.stderr)")
            let user = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
            #expect(user["name"] as? String == "Ada Lovelace")
        }
    }

    @Test("offline replay: cache mode answers from the workspace cache after a live send, in a new process")
    func cacheMode() async throws {
        try await withDemo { demo in
            let miss = try await Tern.run(demo.arguments("send", "users/get-user", "--mode", "cache"))
            #expect(miss.status == 1)
            #expect(miss.stderr.contains("user-1"))
            let live = try await Tern.run(
                demo.arguments("send", "users/get-user", "--mode", "live", "--events", "json"))
            #expect(live.status == 0)
            #expect(live.events.contains { $0["event"] as? String == "cache" && $0["result"] as? String == "stored" })
            let replay = try await Tern.run(
                demo.arguments("send", "users/get-user", "--mode", "cache", "--events", "json"))
            #expect(replay.status == 0)
            #expect(replay.stdout == live.stdout)
            #expect(replay.events.last?["source"] as? String == "cache")
            #expect(!replay.events.contains { $0["event"] as? String == "attempt" })
        }
    }

    @Test("normal mode serves a valid stored response; sample mode serves the spec's sample")
    func normalAndSampleModes() async throws {
        try await withDemo { demo in
            _ = try await Tern.run(demo.arguments("send", "get-user"))
            let second = try await Tern.run(demo.arguments("send", "get-user", "--events", "json"))
            #expect(second.events.last?["source"] as? String == "cache")
            let sample = try await Tern.run(
                demo.arguments("send", "user-profile", "--mode", "sample", "--events", "json"))
            #expect(sample.status == 0)
            #expect(sample.stdout.contains("first published algorithm"))
            #expect(sample.events.last?["source"] as? String == "sample")
        }
    }

    @Test("--events json shows every attempt and retry of the flaky endpoint, then the response")
    func retriesAsEvents() async throws {
        try await withDemo { demo in
            let result = try await Tern.run(demo.arguments("send", "flaky", "--events", "json"))
            #expect(result.status == 0, "\(result.stderr)")
            let kinds = result.events.compactMap { $0["event"] as? String }
            #expect(kinds.filter { $0 == "attempt" }.count == 3)
            let retries = result.events.filter { $0["event"] as? String == "retry" }
            #expect(retries.count == 2)
            #expect(retries.allSatisfy { $0["status"] as? Int == 503 && ($0["delay"] as? Double ?? 0) > 0 })
            #expect(result.events.last?["event"] as? String == "response")
            #expect(result.events.last?["status"] as? Int == 200)
        }
    }

    @Test("a live answer's phases: timing in --events json, a line with -v, none for a stored answer")
    func timingPhases() async throws {
        try await withDemo { demo in
            let live = try await Tern.run(
                demo.arguments("send", "users/get-user", "--mode", "live", "--events", "json", "-v"))
            #expect(live.status == 0, "\(live.stderr)")
            let response = try #require(live.events.last { $0["event"] as? String == "response" })
            let timing = try #require(response["timing"] as? [String: Any])
            for key in ["dnsMs", "connectMs", "tlsMs", "sendMs", "firstByteMs", "transferMs", "totalMs"] {
                #expect(timing.keys.contains(key), "\(key) missing from \(timing)")
            }
            #expect(timing["connectMs"] is Double)  // a new process opens a new connection
            #expect(timing["reusedConnection"] as? Bool == false)
            #expect(timing["dnsMs"] is NSNull)
            #expect((timing["totalMs"] as? Double ?? 0) > 0)
            #expect(live.stderr.contains("timing: connect "), "\(live.stderr)")
            #expect(live.stderr.contains(" · total "))
            let stored = try await Tern.run(
                demo.arguments("send", "users/get-user", "--mode", "cache", "--events", "json", "-v"))
            let replayed = try #require(stored.events.last { $0["event"] as? String == "response" })
            #expect(replayed["timing"] is NSNull)
            #expect(!stored.stderr.contains("timing:"))
        }
    }

    @Test("--var, --header, --query and --body change one send; --include prints the head")
    func adjustments() async throws {
        try await withDemo { demo in
            try demo.write("specs/tools/echo.yaml", "name: Echo\nmethod: POST\npath: /echo\n")
            let result = try await Tern.run(
                demo.arguments(
                    "send", "echo", "--header", "X-Trace: t-1", "--query", "page=2", "--body", #"{"a":1}"#, "--include"
                ))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("HTTP/1.1 200 OK\n"))
            #expect(result.stdout.contains(#""x-trace":"t-1""#))
            #expect(result.stdout.contains(#""query":"page=2""#))
            #expect(result.stdout.contains(#""body":"{\"a\":1}""#))
            let other = try await Tern.run(demo.arguments("send", "get-user", "--var", "userId=2"))
            #expect(other.stdout.contains(#""id":2"#))
        }
    }

    @Test("--fail exits 4 for a status of 400 or more; without it a 404 exits 0")
    func failFlag() async throws {
        try await withDemo { demo in
            try demo.write("specs/missing.yaml", "name: Missing\nmethod: GET\npath: /status/404\n")
            #expect(try await Tern.run(demo.arguments("send", "missing")).status == 0)
            #expect(try await Tern.run(demo.arguments("send", "missing", "--fail")).status == 4)
        }
    }

    @Test("-o streams the body into a file")
    func outputFile() async throws {
        try await withDemo { demo in
            try demo.write(
                "specs/files/small-download.yaml",
                "name: Small\nmethod: GET\npath: /bytes/300000\ntransaction: download\n")
            let file = demo.root.appendingPathComponent("out.bin")
            let result = try await Tern.run(
                demo.arguments("send", "small-download", "-o", file.path, "--events", "json"))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try Data(contentsOf: file) == MockServer.expectedBytes(count: 300_000))
            #expect(result.stdout.isEmpty)
            #expect(result.events.contains { $0["event"] as? String == "progress" && $0["total"] as? Int == 300_000 })
        }
    }

    @Test("an upload of a multipart form with a file")
    func upload() async throws {
        try await withDemo { demo in
            let result = try await Tern.run(demo.arguments("send", "upload", "--events", "json"))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(#""bytes":"#))
            #expect(
                result.events.contains {
                    $0["event"] as? String == "progress" && $0["direction"] as? String == "upload"
                })
        }
    }

    @Test("a workspace pointing at a local server started outside tern")
    func externalServer() async throws {
        try await withMockServer { server in
            try await withDemo { demo in
                try demo.write(
                    "environments/external.yaml",
                    "baseURL: \(server.baseURL.absoluteString)\nuserId: 3\nuser: ada\npassword: tern\n")
                let result = try await Tern.run(demo.arguments("send", "protected", "--env", "external"))
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout.contains(#""ok":true"#))
                #expect(server.requestCount(path: "/auth/protected") == 1)
            }
        }
    }

    @Test(
        "a live send goes out while the cache opens: a cache that cannot open still prints the response, then exits 2")
    func liveSendWithBrokenCache() async throws {
        try await withDemo { demo in
            let first = try await Tern.run(demo.arguments("send", "get-user", "--mode", "live"))
            #expect(first.status == 0, "\(first.stderr)")
            let live = try await Tern.run(demo.arguments("send", "get-user", "--mode", "live", "--events", "json"))
            #expect(live.events.contains { $0["event"] as? String == "cache" && $0["result"] as? String == "stored" })

            // The body folder replaced by a file: the cache cannot be opened.
            let bodies = demo.root.appendingPathComponent(".tern/bodies")
            try FileManager.default.removeItem(at: bodies)
            try Data("not a folder".utf8).write(to: bodies)
            let broken = try await Tern.run(demo.arguments("send", "get-user", "--mode", "live"))
            #expect(broken.status == 2)
            #expect(broken.stdout.contains("Ada Lovelace"), "the response arrived and is printed")
            #expect(broken.stderr.contains("the workspace cache cannot be opened, so the response was not stored"))
            // In normal mode the cache is read first: nothing is sent, as before.
            let normal = try await Tern.run(demo.arguments("send", "get-user"))
            #expect(normal.status == 2)
            #expect(normal.stdout.isEmpty)
            #expect(normal.stderr.contains("the workspace cache cannot be opened"))
        }
    }

    @Test("a folder that is not a workspace keeps its .tern untouched, even a broken cache in it")
    func notAWorkspaceLeavesTheCache() async throws {
        let folder = try TemporaryWorkspace(copyingDemo: false)
        defer { folder.remove() }
        try folder.write(".tern/cache.sqlite", "not a database")
        let result = try await Tern.run(folder.arguments("send", "get-user", "--mode", "live"))
        #expect(result.status == 2)
        #expect(result.stderr.contains("is not a workspace"))
        let files = try FileManager.default.contentsOfDirectory(
            atPath: folder.root.appendingPathComponent(".tern").path)
        #expect(files == ["cache.sqlite"])
    }
}

/// A spec with 80,000 placeholders lists and sends: finding `{{…}}` (templating, secret masking) is linear
/// in the text. The bound only keeps a return of the quadratic scans (37 s here) from passing unseen.
@Suite("tern send at scale")
struct SendScaleTests {
    @Test("a 400 KB body of 80,000 {{…}} is listed and sent")
    func manyPlaceholders() async throws {
        try await withDemo { demo in
            let body = String(repeating: "{{userId}}", count: 80_000)
            try demo.write("specs/big/post.yaml", "target: api\nmethod: POST\npath: /echo\nbody:\n  text: '\(body)'\n")
            let server = try await MockServer.start()
            defer { Task { try? await server.shutdown() } }
            let list = try await Tern.run(demo.arguments(["list"]), limit: .seconds(30))
            #expect(list.status == 0, "\(list.stderr)")
            #expect(list.stdout.contains("big/post"))
            let send = try await Tern.run(
                demo.arguments(["send", "big/post", "--var", "baseURL=\(server.baseURL.absoluteString)"]),
                limit: .seconds(30))
            #expect(send.status == 0, "\(send.stderr)")
            #expect(server.requestCount(path: "/echo") == 1)
        }
    }
}
