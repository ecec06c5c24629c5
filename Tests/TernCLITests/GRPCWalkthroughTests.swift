import Foundation
import TernTesting
import Testing

/// docs/grpc.md's walk-through, run as a reader types it: line by line, in order, from the root of a copy of
/// the repository, with a clean `HOME`. The line that starts the server in the background (`… &`) starts it
/// and waits until it listens; `kill %1` stops it. Each other line must end with the status its comment
/// names and print what `expectations` says. A line this test does not know fails it, so the page and the
/// test change together.
@Suite(
    "docs/grpc.md walk-through", .serialized, .timeLimit(.minutes(5)),
    .enabled(if: GRPCInteropServer.unavailable == nil, "\(GRPCInteropServer.unavailable ?? "")"))
struct GRPCWalkthroughTests {
    static let address = "tern grpc grpc://127.0.0.1:50051 "
    /// What each line prints (stdout and stderr together), by the line's command after `tern grpc ADDRESS`.
    static let expectations: [String: [String]] = [
        "list": ["grpc.testing.TestService"],
        "list grpc.testing.TestService": ["grpc.testing.TestService.UnaryCall"],
        "describe grpc.testing.SimpleRequest": ["message SimpleRequest", "response_size"],
        #"grpc.testing.TestService/UnaryCall -d '{"responseSize": 3}'"#: [#""body": "AAAA""#],
        #"grpc.testing.TestService/StreamingOutputCall -d '{"responseParameters": [{"size": 1}, {"size": 2}]}'"#: [
            #""body": "AA==""#, #""body": "AAA=""#,
        ],
        #"grpc.testing.TestService/UnaryCall -d '{"responseSize": 1}' --events json"#: [
            #"{"event":"open""#, #""direction":"in""#, #"{"event":"status","code":0,"name":"OK""#,
        ],
        #"grpc.testing.TestService/UnaryCall -d '{"responseStatus": {"code": 5, "message": "no such thing"}}'"#: [
            "status NOT_FOUND (5): no such thing"
        ],
        "grpc.testing.TestService/UnaryCal": ["UnaryCall"],
        #"grpc.testing.TestService/UnaryCall -d '{"responseSize": 3}' --mode cache"#: [#""body": "AAAA""#],
        "describe grpc.testing.SimpleRequest --mode cache": ["message SimpleRequest"],
        "grpc.testing.TestService/EmptyCall --protoset /tmp/interop.protoset": ["UNAVAILABLE"],
    ]

    /// The page's walk-through: the `sh` block that starts with the `alias` line.
    static func walkthrough() throws -> [(command: String, comment: String)] {
        let page = try String(contentsOf: Tern.packageRoot.appendingPathComponent("docs/grpc.md"), encoding: .utf8)
        let opening = "```sh\nalias tern=.build/debug/tern\n"
        let start = try #require(page.range(of: opening), "docs/grpc.md has its walk-through block")
        let end = try #require(page.range(of: "\n```", range: start.upperBound..<page.endIndex))
        return page[start.upperBound..<end.lowerBound].split(separator: "\n").map { line in
            guard let hash = line.range(of: "   # ") else { return (line.trimmingCharacters(in: .whitespaces), "") }
            return (
                line[..<hash.lowerBound].trimmingCharacters(in: .whitespaces),
                line[hash.upperBound...].trimmingCharacters(in: .whitespaces)
            )
        }
    }

    @Test("every line of docs/grpc.md's walk-through ends as its comment says")
    func walkthroughRuns() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tern-grpc-doc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let root = scratch.appendingPathComponent("tern")
        let debug = root.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: debug, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: debug.appendingPathComponent("tern"), withDestinationURL: Tern.binary)
        for folder in ["scripts", "Sources"] {
            try FileManager.default.createSymbolicLink(
                at: root.appendingPathComponent(folder),
                withDestinationURL: Tern.packageRoot.appendingPathComponent(folder))
        }
        let home = scratch.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("XDG_") && !$0.key.hasPrefix("TERN_")
        }
        environment["HOME"] = home.path
        var server: ChildProcess?
        let lines = try Self.walkthrough()
        #expect(lines.count >= 10, "the walk-through has its lines")
        do {
            try await run(lines, root: root, scratch: scratch, environment: environment, server: &server)
        } catch {
            await server?.stop()
            throw error
        }
        await server?.stop()
    }

    func run(
        _ lines: [(command: String, comment: String)], root: URL, scratch: URL, environment: [String: String],
        server: inout ChildProcess?
    ) async throws {
        let alias = "alias tern=.build/debug/tern"
        for (command, comment) in lines {
            let script = command.replacingOccurrences(of: "/tmp/", with: scratch.path + "/")
            if command.hasSuffix("&") {
                #expect(command.hasPrefix("scripts/grpc-interop-server.sh 50051 "), "\(command)")
                let arguments = script.dropLast().split(separator: " ").map(String.init)
                server = try ChildProcess(
                    root.appendingPathComponent(arguments[0]).path, Array(arguments.dropFirst()), in: root.path,
                    environment: environment, output: .null, error: .null)
                let listening = await FreePort.waitUntilListening(50051, seconds: 30)
                try #require(listening, "the interop server listens on 127.0.0.1:50051")
                continue
            }
            if command == "kill %1" {
                await server?.stop()
                server = nil
                continue
            }
            let rest = try #require(
                command.hasPrefix(Self.address) ? String(command.dropFirst(Self.address.count)) : nil,
                "'\(command)' is not a tern grpc line: teach this test what it does")
            let expected = try #require(
                Self.expectations[rest], "the line '\(command)' is new: add what it prints to this test")
            let outcome = try await ChildProcess.run(
                "/bin/sh", ["-c", alias + "\n" + script], in: root.path, environment: environment, joinErrors: true,
                timeout: 90)
            let status = comment.range(of: #"exit (\d+)"#, options: .regularExpression).flatMap {
                Int32(comment[$0].dropFirst("exit ".count))
            }
            #expect(
                outcome.status == status ?? 0,
                "'\(command)' exited \(outcome.status), its comment says '\(comment)':\n\(outcome.text)")
            for text in expected {
                #expect(outcome.text.contains(text), "'\(command)' should print '\(text)':\n\(outcome.text)")
            }
        }
    }
}
