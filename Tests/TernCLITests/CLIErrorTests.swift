import Foundation
import TernTesting
import Testing

@Suite("tern: bad input and failures", .serialized)
struct CLIErrorTests {
    @Test("an unknown spec exits 2 and names the closest specs")
    func unknownSpec() async throws {
        try await withDemo { demo in
            let result = try await Tern.run(demo.arguments("send", "get-usr"))
            #expect(result.status == 2)
            #expect(result.stderr.contains("get-user"))
        }
    }

    @Test("malformed YAML in a spec exits 2 with path:line:col when the spec is sent")
    func malformedYAML() async throws {
        try await withDemo { demo in
            try demo.write("specs/broken.yaml", "name: Broken\nmethod: GET\npath: [unclosed\n")
            let result = try await Tern.run(demo.arguments("send", "broken"))
            #expect(result.status == 2)
            #expect(
                result.stderr.range(of: #"broken\.yaml:\d+:\d+: "#, options: .regularExpression) != nil,
                "\(result.stderr)")
        }
    }

    @Test("malformed YAML in workspace.yaml still stops every command with path:line:col")
    func malformedManifest() async throws {
        try await withDemo { demo in
            try demo.write("workspace.yaml", "name: [unclosed\n")
            let result = try await Tern.run(demo.arguments("list"))
            #expect(result.status == 2)
            #expect(result.stderr.contains("workspace.yaml:"), "\(result.stderr)")
        }
    }

    @Test("an unknown field is a warning naming it, and the command still runs")
    func unknownField() async throws {
        try await withDemo { demo in
            try demo.write("specs/typo.yaml", "name: Typo\nmethod: GET\npath: /users\nheaderz: {}\n")
            let result = try await Tern.run(demo.arguments("list"))
            #expect(result.status == 0)
            #expect(result.stderr.contains("headerz"))
        }
    }

    @Test("an invalid URL after templating is reported before anything is sent")
    func invalidURL() async throws {
        try await withDemo { demo in
            try demo.write("environments/broken.yaml", "baseURL: not a url\nuserId: 1\ntoken: x\n")
            let result = try await Tern.run(demo.arguments("send", "get-user", "--env", "broken"))
            #expect(result.status == 2)
            #expect(result.stderr.contains("not a url"))
        }
    }

    @Test("an undefined variable names it")
    func undefinedVariable() async throws {
        try await withDemo { demo in
            try demo.write("specs/needs-var.yaml", "name: Needs\nmethod: GET\npath: /users/{{missingVar}}\n")
            let result = try await Tern.run(demo.arguments("send", "needs-var"))
            #expect(result.status == 2)
            #expect(result.stderr.contains("missingVar"))
        }
    }

    @Test("a dead server exits 1 after the retry policy, each attempt shown as an event")
    func deadServer() async throws {
        let server = try await MockServer.start()
        let url = server.baseURL.absoluteString
        try await server.shutdown()
        try await withDemo { demo in
            try demo.write("environments/dead.yaml", "baseURL: \(url)\nuserId: 1\ntoken: x\n")
            let result = try await Tern.run(
                demo.arguments("send", "get-user", "--env", "dead", "--mode", "live", "--events", "json"))
            #expect(result.status == 1)
            #expect(result.events.filter { $0["event"] as? String == "attempt" }.count == 4)
            #expect(result.events.last?["event"] as? String == "failure")
            #expect(result.stderr.contains("tern: error:"))
        }
    }

    @Test(
        "usage errors exit 2; --help exits 0 on every command",
        arguments: [
            ["--help"], ["send", "--help"], ["list", "--help"], ["cache", "--help"], ["cache", "show", "--help"],
            ["mock", "--help"],
        ])
    func help(arguments: [String]) async throws {
        let result = try await Tern.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE"))
    }

    @Test(
        "a missing argument or an unknown option exits 2",
        arguments: [["send"], ["send", "x", "--mode", "offline"], ["bogus"]])
    func usageErrors(arguments: [String]) async throws {
        #expect(try await Tern.run(arguments).status == 2)
    }
}
