import Foundation
import TernTesting
import Testing

/// A default `User-Agent: tern/VERSION`, overridden or removed at every level; `--body @-` reads
/// standard input, bytes and all.
@Suite("tern send: User-Agent and bodies from stdin", .serialized)
struct UserAgentAndStdinTests {
    /// A workspace whose target sets no headers, aimed at the mock server.
    static func workspace(_ server: MockServer, handler: String = "") throws -> TemporaryWorkspace {
        let workspace = try TemporaryWorkspace(copyingDemo: false)
        try workspace.write(
            "workspace.yaml",
            "name: UA\ndefaultEnvironment: local\ntargets:\n  api:\n    baseURL: \"{{baseURL}}\"\n"
                + (handler.isEmpty ? "" : "handler:\n  \(handler)\n"))
        try workspace.write("environments/local.yaml", "baseURL: \(server.baseURL.absoluteString)\n")
        try workspace.write("specs/echo.yaml", "name: Echo\ntarget: api\nmethod: POST\npath: /echo\n")
        try workspace.write(
            "specs/anonymous.yaml",
            "name: Anonymous\ntarget: api\nmethod: GET\npath: /echo\nheaders: { User-Agent: \"\" }\n")
        return workspace
    }

    static func userAgent(_ result: RunResult) throws -> String? {
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        return (object["headers"] as? [String: String])?["user-agent"]
    }

    @Test("tern/VERSION by default; --header, handler.userAgent and an empty spec header change it; curl carries it")
    func userAgent() async throws {
        try await withMockServer { server in
            let workspace = try Self.workspace(server)
            defer { workspace.remove() }
            let plain = try await Tern.run(workspace.arguments("send", "echo", "--mode", "live"))
            #expect(try Self.userAgent(plain) == "tern/0.1.0", "\(plain.stdout)")
            let custom = try await Tern.run(
                workspace.arguments("send", "echo", "--mode", "live", "--header", "User-Agent: probe/2"))
            #expect(try Self.userAgent(custom) == "probe/2")
            let none = try await Tern.run(workspace.arguments("send", "anonymous", "--mode", "live"))
            #expect(try Self.userAgent(none) == nil, "an empty User-Agent sends none: \(none.stdout)")
            let curl = try await Tern.run(workspace.arguments("export", "curl", "echo"))
            #expect(curl.stdout.contains("User-Agent: tern/0.1.0"), "\(curl.stdout)")

            let configured = try Self.workspace(server, handler: "userAgent: team-tool/7")
            defer { configured.remove() }
            let team = try await Tern.run(configured.arguments("send", "echo", "--mode", "live"))
            #expect(try Self.userAgent(team) == "team-tool/7")
        }
    }

    @Test("--body @- sends standard input byte for byte: text as text, binary as octets")
    func bodyFromStandardInput() async throws {
        try await withMockServer { server in
            let workspace = try Self.workspace(server)
            defer { workspace.remove() }
            var environment = ProcessInfo.processInfo.environment
            environment["TERN_WORKSPACE"] = nil
            let bytes = Data((0...255).map { UInt8($0) } + (0...255).map { UInt8(255 - $0) })
            let binary = try await ChildProcess.run(
                Tern.binary.path, workspace.arguments("send", "echo", "--mode", "live", "--body", "@-"),
                environment: environment, input: bytes, joinErrors: false)
            #expect(binary.status == 0, "\(String(decoding: binary.error, as: UTF8.self))")
            let echo = try #require(try JSONSerialization.jsonObject(with: binary.output) as? [String: Any])
            #expect(echo["bodyBytes"] as? Int == 512)
            #expect((echo["headers"] as? [String: String])?["content-type"] == "application/octet-stream")
            let text = try await Tern.run(
                workspace.arguments("send", "echo", "--mode", "live", "--body", "@-"), input: #"{"name":"Ada"}"#)
            #expect(text.status == 0, "\(text.stderr)")
            #expect(text.stdout.contains("Ada"), "\(text.stdout)")
            let missing = try await Tern.run(workspace.arguments("send", "echo", "--body", "@/nonexistent/file"))
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("no such file"), "\(missing.stderr)")
        }
    }
}
