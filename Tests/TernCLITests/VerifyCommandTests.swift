import Foundation
import TernTesting
import Testing

/// `tern verify`: live against stored, drift found and recorded, ignored paths honoured.
@Suite("tern verify")
struct VerifyCommandTests {
    @Test("a changed field is drift (exit 4, recorded on the entry); an ignored path is not")
    func driftAndIgnoredPaths() async throws {
        try await withDemo { demo in
            try demo.write("specs/tools/counter.yaml", "name: Counter\ntarget: api\nmethod: GET\npath: /cache/600\n")
            try demo.write(
                "specs/tools/quiet-counter.yaml",
                "name: Quiet counter\ntarget: api\nmethod: GET\npath: /cache/601\nverify:\n  ignore: [$.served]\n"
            )
            let server = try await MockServer.start()
            defer { Task { try? await server.shutdown() } }
            let base = ["--var", "baseURL=\(server.baseURL.absoluteString)"]
            for spec in ["counter", "quiet-counter"] {
                #expect(try await Tern.run(demo.arguments(["send", spec] + base)).status == 0)
            }
            let drift = try await Tern.run(demo.arguments(["verify", "counter"] + base))
            #expect(drift.status == 4, "\(drift.stdout)\(drift.stderr)")
            #expect(drift.stdout.contains("✗ tools/counter: drifted"), "\(drift.stdout)")
            #expect(drift.stdout.contains("~ $.served: 1 → 2"), "\(drift.stdout)")
            let quiet = try await Tern.run(demo.arguments(["verify", "quiet-counter"] + base))
            #expect(quiet.status == 0, "\(quiet.stdout)\(quiet.stderr)")
            #expect(quiet.stdout.contains("✓ tools/quiet-counter"), "\(quiet.stdout)")
            #expect(quiet.stdout.contains("ignoring $.served"))
            let list = try await Tern.run(demo.arguments("cache", "list", "--json"))
            let entries = try #require(try JSONSerialization.jsonObject(with: list.stdoutData) as? [[String: Any]])
            let counter = try #require(entries.first { $0["spec"] as? String == "tools/counter" })
            #expect(counter["drifted"] as? Bool == true)
            let quietEntry = try #require(entries.first { $0["spec"] as? String == "tools/quiet-counter" })
            #expect(quietEntry["drifted"] as? Bool == false)
            let replay = try await Tern.run(demo.arguments(["send", "counter", "--mode", "cache"] + base))
            #expect(
                replay.stdout.contains("\"served\":1") || replay.stdout.contains("\"served\": 1"),
                "the drifted answer stays stored")
            let group = try await Tern.run(demo.arguments(["verify", "tools"] + base))
            #expect(group.stdout.contains("tools/counter") && group.stdout.contains("tools/quiet-counter"))
        }
    }

}
