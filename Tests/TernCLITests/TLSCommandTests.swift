import Foundation
import TernTesting
import Testing

/// `tern send` against an HTTPS server on 127.0.0.1 configured by `tls:` in workspace.yaml.
@Suite("tern send over TLS", .serialized)
struct TLSCommandTests {
    /// A workspace with targets `secure` (trusts the server's CA) and `lax` (tls.insecure) on `server`.
    func workspace(for server: TLSTestServer) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-tls-\(UUID())")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("specs"), withIntermediateDirectories: true)
        let files = [
            "workspace.yaml": """
            targets:
              secure:
                baseURL: https://127.0.0.1:\(server.port)
                tls:
                  caFile: ca.pem
                proxy: none
              lax:
                baseURL: https://127.0.0.1:\(server.port)
                tls:
                  insecure: true
                proxy: none
            """,
            "ca.pem": server.authority.caPEM,
            "specs/checked.yaml": "method: GET\npath: /checked\ntarget: secure\n",
            "specs/unchecked.yaml": "method: GET\npath: /unchecked\ntarget: lax\n",
        ]
        for (path, text) in files {
            try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test("--include prints the negotiated HTTP/2; tls.insecure is warned once on stderr")
    func includeShowsHTTP2() async throws {
        let server = try await TLSTestServer()
        let root = try workspace(for: server)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await Tern.run(
            ["send", "checked", "--include", "--mode", "live", "--workspace", root.path])
        let lax = try await Tern.run(["send", "unchecked", "--mode", "live", "--workspace", root.path])
        await server.stop()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("HTTP/2 200"), "\(result.stdout)")
        #expect(result.stdout.contains(#""path":"\/checked""#) || result.stdout.contains(#""path":"/checked""#))
        let warning = "warning: TLS certificate checks are off for target lax (tls.insecure)"
        #expect(result.stderr.components(separatedBy: warning).count == 2, "\(result.stderr)")
        #expect(lax.status == 0, "\(lax.stderr)")
    }

    @Test("over https the lookup, connect and handshake are told apart: -v, --events json, and a tlsMs budget")
    func phasesOverTLS() async throws {
        let server = try await TLSTestServer()
        let root = try workspace(for: server)
        defer { try? FileManager.default.removeItem(at: root) }
        let sent = try await Tern.run(
            ["send", "checked", "--mode", "live", "-v", "--events", "json", "--workspace", root.path])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stderr.contains("timing: connect "), "\(sent.stderr)")
        #expect(sent.stderr.contains(" · tls "), "\(sent.stderr)")
        let event = try #require(sent.stderr.split(separator: "\n").first { $0.contains(#""event":"response""#) })
        let object = try JSONSerialization.jsonObject(with: Data(event.utf8)) as? [String: Any]
        let timing = try #require(object?["timing"] as? [String: Any])
        #expect(timing["tlsMs"] is Double, "\(timing)")
        #expect(timing["connectMs"] is Double, "\(timing)")
        #expect(timing["dnsMs"] is NSNull, "127.0.0.1 is not looked up: \(timing)")
        // A budget on the handshake is judged: one nobody meets fails naming the phase.
        try "method: GET\npath: /checked\ntarget: secure\nexpect:\n  timing: {tlsMs: {lt: 60000}}\n".write(
            to: root.appendingPathComponent("specs/budget.yaml"), atomically: true, encoding: .utf8)
        try "method: GET\npath: /checked\ntarget: secure\nexpect:\n  timing: {tlsMs: {lt: 0.001}}\n".write(
            to: root.appendingPathComponent("specs/tight.yaml"), atomically: true, encoding: .utf8)
        // Each in a process of its own: a second request on the same connection has no handshake (0 ms).
        let kept = try await Tern.run(["run", "budget", "--mode", "live", "--workspace", root.path])
        let missed = try await Tern.run(["run", "tight", "--mode", "live", "--workspace", root.path])
        await server.stop()
        #expect(kept.status == 0, "\(kept.stdout)\(kept.stderr)")
        #expect(missed.status == 4, "\(missed.stdout)\(missed.stderr)")
        #expect(missed.stdout.contains("✗ tlsMs < 0.0 ms — got "), "\(missed.stdout)")
    }

    @Test(
        "the TUI's waterfall of a live https answer has a tls row; the next send reuses the connection",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"),
        arguments: [(80, 24), (120, 40)])
    func waterfallOverTLS(width: Int, height: Int) async throws {
        let server = try await TLSTestServer()
        let root = try workspace(for: server)
        defer { try? FileManager.default.removeItem(at: root) }
        let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
        defer { tmux.kill() }
        let home = root.appendingPathComponent("home").path
        try await tmux.start(
            "env HOME='\(home)' LANG=C.UTF-8 NCURSES_NO_UTF8_ACS=1 TERM=xterm-256color '\(Tern.binary.path)' "
                + "--workspace '\(root.path)'; echo TERN-EXITED:$?; sleep 20", width: width, height: height)
        try await tmux.waitFor("1 Workspace")
        try await tmux.type(":", "mode live", "Enter")
        try await tmux.type(":", "send checked", "Enter")
        try await tmux.waitFor("checked: 200")
        try await tmux.type("3", "]", "]")
        let timed = try await tmux.waitFor("Timing (new connection)")
        #expect(timed.contains("tls "), "\(timed)")
        #expect(timed.contains("connect "), "\(timed)")
        try await tmux.type("s")
        try await tmux.waitFor("Timing (reused connection)")
        try await tmux.type("q")
        try await tmux.waitFor("TERN-EXITED:0")
        await server.stop()
    }

    @Test(
        "tern load over TLS with the target's CA: HTTP/2 when offered (wire and handler alike), else HTTP/1.1",
        arguments: [true, false])
    func loadOverTLS(http2: Bool) async throws {
        let server = try await TLSTestServer(http2: http2)
        let root = try workspace(for: server)
        defer { try? FileManager.default.removeItem(at: root) }
        let arguments = ["load", "checked", "--rate", "50", "--duration", "1", "--connections", "2"]
        let wire = try await Tern.run(arguments + ["--check-every", "1", "--workspace", root.path])
        let handler = try await Tern.run(arguments + ["--engine", "handler", "--workspace", root.path])
        let versions = server.requests.filter { $0.hasPrefix("GET /checked") }.map { $0.split(separator: " ").last }
        await server.stop()
        #expect(wire.status == 0, "\(wire.stdout)\(wire.stderr)")
        #expect(wire.stdout.contains("status: 200 × 50"), "\(wire.stdout)")
        #expect(wire.stdout.contains("checks: 50 answers checked, 0 failed"), "\(wire.stdout)")
        let version = http2 ? "HTTP/2" : "HTTP/1.1"
        #expect(wire.stdout.contains("(\(version) on SwiftNIO, "), "\(wire.stdout)")
        #expect(handler.status == 0, "\(handler.stdout)\(handler.stderr)")
        #expect(handler.stdout.contains("status: 200 × 50"), "\(handler.stdout)")
        #expect(versions.count == 100 && versions.allSatisfy { $0.map(String.init) == version }, "\(versions)")
    }

    @Test("without the CA, the error names the failed check")
    func failedCheckIsNamed() async throws {
        let server = try await TLSTestServer(leaf: .expired)
        let root = try workspace(for: server)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await Tern.run(["send", "checked", "--mode", "live", "--workspace", root.path])
        await server.stop()
        #expect(result.status != 0)
        #expect(result.stderr.contains("expired on"), "\(result.stderr)")
    }
}
