import Foundation
import TernTesting
import Testing

/// Waiting shows: in a pipe there is no waiting line (on a terminal, `WaitingLine` draws one); a slow
/// body reports progress as it trickles in, not once at the end.
@Suite("tern send: waiting shows", .serialized, .timeLimit(.minutes(2)))
struct WaitingLineTests {
    @Test("in a pipe nothing but the answer is written")
    func pipe() async throws {
        try await withDemo { demo in
            let result = try await Tern.run(demo.arguments("send", "reliability/slow", "--mode", "live"))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("waiting"), "\(result.stderr)")
        }
    }

    @Test("a body trickled over seconds reports progress along the way in --events json")
    func trickleProgress() async throws {
        let server = try HostileServer(.trickle(bytesPerSecond: 200, total: 400))
        defer { server.stop() }
        let workspace = try TemporaryWorkspace(copyingDemo: false)
        defer { workspace.remove() }
        try workspace.write(
            "workspace.yaml", "name: Drip\ndefaultEnvironment: local\ntargets:\n  api:\n    baseURL: \"{{baseURL}}\"\n")
        try workspace.write("environments/local.yaml", "baseURL: \(server.url().absoluteString)\n")
        try workspace.write("specs/drip.yaml", "name: Drip\ntarget: api\nmethod: GET\npath: /drip\n")
        let result = try await Tern.run(workspace.arguments("send", "drip", "--mode", "live", "--events", "json"))
        #expect(result.status == 0, "\(result.stderr)")
        let progress = result.events.filter { $0["event"] as? String == "progress" }
        #expect(progress.count >= 3, "progress while the body trickles, not only at the end: \(progress)")
        #expect(progress.last?["bytes"] as? Int == 400)
    }
}
