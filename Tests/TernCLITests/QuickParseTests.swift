import Foundation
import TernTesting
import Testing

/// `tern send` reads its usual command lines without swift-argument-parser (`QuickParse`). These run
/// each command line both ways, `TERN_PARSER=quick` and `TERN_PARSER=full`, and compare everything
/// the user sees: the exit status, stdout (the embedded mock's echo of what reached it), stderr and
/// the files written.
@Suite("tern send: the quick parser reads what swift-argument-parser reads, or leaves it", .serialized)
struct QuickParseTests {
    /// Command lines the quick parser reads, together covering every option of `tern send`.
    static let readByQuickParse: [[String]] = [
        ["send", "echo"],
        ["send", "echo", "--header", "X-Trace: t-1", "--query", "page=2", "--body", #"{"a":1}"#, "--include"],
        ["send", "--header=X-A: 1", "echo", "--header", "X-B: 2", "--query=q=a=b", "-v", "--fail"],
        ["send", "get-user", "--var", "userId=2", "--var=userId=3", "--mode", "live", "--no-cookies"],
        ["send", "get-user", "--filter", "$.name", "--env=local", "--verbose"],
        ["send", "echo", "--body", "@BODY", "--mode=normal"],
        ["send", "get-user", "-o", "OUT", "--events", "json"],
        ["send", "get-user", "--output=OUT", "-C"],
        ["send", "get-user", "--output", "OUT", "--continue", "--mode", "cache"],
        ["send", "not-a-spec"],
        ["send", "echo", "--query", "no-equals-sign"],
        ["send", "echo", "--env", "nowhere"],
        ["send", "--workspace=ROOT", "echo", "--body", "text"],
        ["send", "echo", "--workspace", "ROOT"],
        ["send", "echo", "--no-follow", "--include"],
        ["send", "echo", "--max-redirects", "3"],
        ["send", "echo", "--max-redirects=0", "--mode", "live"],
        ["send", "echo", "--at-once"],
        ["send", "echo", "--no-check"],
    ]

    /// Command lines the quick parser leaves to swift-argument-parser: help, mistakes, and forms it
    /// does not read.
    static let leftToTheFullParser: [[String]] = [
        ["send"],
        ["send", "--help"],
        ["send", "-h"],
        ["send", "help"],
        ["send", "echo", "get-user"],
        ["send", ""],
        ["send", "echo", "--mode", "bogus"],
        ["send", "echo", "--events", "yaml"],
        ["send", "echo", "--fail", "--fail"],
        ["send", "echo", "--env", "local", "--env", "shared"],
        ["send", "echo", "-vC"],
        ["send", "echo", "--body", "-x"],
        ["send", "echo", "--body="],
        ["send", "--", "echo"],
        ["send", "echo", "--unknown"],
        ["send", "echo", "--fail=yes"],
        ["send", "echo", "--header"],
        ["send", "echo", "-o=OUT"],
    ]

    @Test("each command line it reads gives the same status, output and files as the full parser")
    func sameResults() async throws {
        try await withDemo { demo in
            try demo.write("specs/tools/echo.yaml", "name: Echo\nmethod: POST\npath: /echo\n")
            try demo.write("body.json", #"{"from":"a file"}"#)
            for arguments in Self.readByQuickParse {
                let quick = try await run(arguments, parser: "quick", in: demo)
                let full = try await run(arguments, parser: "full", in: demo)
                #expect(!quick.stderr.contains("left to the full parser"), "\(arguments)")
                #expect(quick == full, "\(arguments)")
            }
        }
    }

    @Test("every other command line is left to swift-argument-parser, which answers it as before")
    func leavesTheRest() async throws {
        try await withDemo { demo in
            try demo.write("specs/tools/echo.yaml", "name: Echo\nmethod: POST\npath: /echo\n")
            for arguments in Self.leftToTheFullParser {
                let quick = try await run(arguments, parser: "quick", in: demo)
                #expect(quick.status == 2, "\(arguments)")
                #expect(quick.stderr.contains("TERN_PARSER=quick: this command line is left to the full parser"))
                let either = try await run(arguments, parser: "", in: demo)
                let full = try await run(arguments, parser: "full", in: demo)
                #expect(either == full, "\(arguments)")
            }
        }
    }

    @Test("the command lines above use every option 'tern send --help' lists")
    func coversEveryOption() async throws {
        let help = try await Tern.run(["send", "--help"])
        let listed = Set(
            help.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," })
                .filter { $0.hasPrefix("--") && $0.count > 2 }
                .map { String($0.prefix { $0 != "=" && $0 != "<" }) })
        let used = Set(
            Self.readByQuickParse.joined().filter { $0.hasPrefix("--") }.map {
                String($0.prefix { $0 != "=" })
            })
        #expect(listed.count >= 15, "\(listed.sorted())")
        let missing = listed.subtracting(used).subtracting(["--help", "--version"])
        #expect(missing.isEmpty, "\(missing.sorted())")
    }

    /// What one run shows the user.
    struct Outcome: Equatable {
        let status: Int32
        let stdout: String
        let stderr: String
        let output: Data?
    }

    /// Runs `tern` with `arguments` (`BODY` and `OUT` become files of the workspace, `OUT` removed
    /// first; `ROOT` the workspace, else `--workspace ROOT` is added) under `TERN_PARSER=parser`.
    private func run(_ arguments: [String], parser: String, in demo: TemporaryWorkspace) async throws -> Outcome {
        let out = demo.root.appendingPathComponent("out.bin")
        try? FileManager.default.removeItem(at: out)
        let resolved = arguments.map {
            $0.replacingOccurrences(of: "BODY", with: demo.root.appendingPathComponent("body.json").path)
                .replacingOccurrences(of: "OUT", with: out.path).replacingOccurrences(of: "ROOT", with: demo.root.path)
        }
        let named = arguments.contains { $0.contains("ROOT") }
        let result = try await Tern.run(
            named ? resolved : demo.arguments(resolved), environment: ["TERN_PARSER": parser])
        // The embedded mock's port is the workspace's usual one unless another process holds it, and the
        // echo says it back (`host`), on stdout, in a saved body and in `-v`'s request line: which port the
        // mock got is not what this compares.
        let saved = (try? Data(contentsOf: out)).map {
            Data(Self.withoutPort(String(decoding: $0, as: UTF8.self)).utf8)
        }
        return Outcome(
            status: result.status, stdout: Self.withoutPort(result.stdout),
            stderr: Self.withoutPort(Self.withoutTimes(result.stderr)),
            output: saved)
    }

    private static func withoutPort(_ text: String) -> String {
        text.replacingOccurrences(of: #"127\.0\.0\.1:\d+"#, with: "127.0.0.1:PORT", options: .regularExpression)
    }

    /// `stderr` without what changes from one run to the next: event times, cache ages and the
    /// timing line of a live answer (the second run may be answered from the cache).
    private static func withoutTimes(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("timing: ") }.map { line in
            if line.hasPrefix("{") {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                    return String(line)
                }
                return (object["event"] as? String).map { "event \($0)" } ?? String(line)
            }
            return line.contains("from CACHE") ? "from CACHE" : String(line)
        }.joined(separator: "\n")
    }
}
