import Foundation
import TernTesting
import Testing

/// Every connection failure reads as a sentence that names the host and port and says what to try,
/// through the real `tern`: no library type names, no errno, balanced brackets.
@Suite("tern send: connection failures a person can read", .serialized, .timeLimit(.minutes(2)))
struct ConnectionErrorTests {
    /// A workspace aimed at `baseURL`, with one spec `GET /probe` and no retries.
    static func workspace(baseURL: String, handler: String = "") throws -> TemporaryWorkspace {
        let workspace = try TemporaryWorkspace(copyingDemo: false)
        try workspace.write(
            "workspace.yaml",
            "name: Errors\ndefaultEnvironment: local\ntargets:\n  api:\n    baseURL: \"{{baseURL}}\"\n"
                + "handler:\n  maxRetries: 0\n\(handler)")
        try workspace.write("environments/local.yaml", "baseURL: \(baseURL)\n")
        try workspace.write("specs/probe.yaml", "name: Probe\ntarget: api\nmethod: GET\npath: /delay/3000\n")
        return workspace
    }

    /// The error line of `tern send probe --mode live` against `baseURL`, after checking exit 1 and
    /// that it reads as a person's sentence.
    static func failure(baseURL: String, handler: String = "") async throws -> String {
        let workspace = try workspace(baseURL: baseURL, handler: handler)
        defer { workspace.remove() }
        let result = try await Tern.run(workspace.arguments("send", "probe", "--mode", "live"))
        #expect(result.status == 1, "\(result.stderr)")
        let line = result.stderr.split(separator: "\n").first { $0.hasPrefix("tern: error: ") }.map(String.init) ?? ""
        for noise in ["errno", "Error.", "NIO", "HTTPClient", "BoringSSL", "(error set)"] {
            #expect(!line.contains(noise), "library internals in: \(line)")
        }
        #expect(line.filter { $0 == "(" }.count == line.filter { $0 == ")" }.count, "unbalanced: \(line)")
        return line
    }

    @Test("connection refused names the address and asks whether the server runs")
    func refused() async throws {
        let port = try FreePort.onLoopback()
        let line = try await Self.failure(baseURL: "http://127.0.0.1:\(port)")
        #expect(line.contains("nothing is listening on 127.0.0.1:\(port) (connection refused)"), "\(line)")
    }

    @Test("an unknown host is a DNS failure that names the host")
    func unknownHost() async throws {
        let line = try await Self.failure(baseURL: "http://tern-no-such-host.invalid")
        #expect(line.contains("the host 'tern-no-such-host.invalid' was not found (DNS)"), "\(line)")
    }

    @Test("a server slower than the timeout: the address, the limit, and what raises it")
    func timeout() async throws {
        try await withMockServer { server in
            let line = try await Self.failure(baseURL: server.baseURL.absoluteString, handler: "  timeout: 1\n")
            #expect(line.contains("127.0.0.1:\(server.port) did not answer within 1 s (timeout)"), "\(line)")
            #expect(line.contains("handler.timeout"), "\(line)")
        }
    }

    @Test("a reset connection says so, with the address")
    func reset() async throws {
        let server = try HostileServer(.reset)
        defer { server.stop() }
        let line = try await Self.failure(baseURL: "http://127.0.0.1:\(server.url().port ?? 0)")
        #expect(
            line.contains("reset the connection") || line.contains("closed the connection before the response"),
            "\(line)")
        #expect(line.contains("127.0.0.1:\(server.url().port ?? 0)"), "\(line)")
    }

    @Test("https to a plain HTTP port says the server does not speak TLS")
    func plainHTTPOnTLS() async throws {
        try await withMockServer { server in
            let line = try await Self.failure(baseURL: "https://127.0.0.1:\(server.port)")
            #expect(line.contains("127.0.0.1:\(server.port) does not speak TLS"), "\(line)")
            #expect(line.contains("use http://"), "\(line)")
        }
    }
}
