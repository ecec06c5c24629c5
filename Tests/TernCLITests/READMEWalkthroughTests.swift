import Foundation
import TernTesting
import Testing

/// The README's shell walk-through, run as a newcomer would: line by line, in order, on a fresh copy of
/// the demo. Each line must end with the status its comment names (`exit N`; 0 when it names none) and
/// print what `expectations` says it prints. A README line this test does not know fails it, so the
/// walk-through and this test change together.
@Suite("README walk-through", .serialized)
struct READMEWalkthroughTests {
    /// What each line prints (stdout and stderr together), by the line's command (its comment left out).
    static let expectations: [String: [String]] = [
        "tern list": ["users/get-user", "auth/login"],
        "tern send get-user": ["Ada Lovelace"],
        "tern send get-user --mode cache": ["from CACHE", "Ada Lovelace"],
        "tern send list-users": ["Grace Hopper"],
        "tern send list-users --mode cache --header 'X-Trace: 1'": [
            "the nearest stored requests", "the header 'x-trace' is new",
        ],
        "tern verify users": ["users/get-user: the live answer matches the stored one"],
        "tern send auth/protected": [#"{"ok":true}"#],
        "tern run auth users --report junit:out.xml": ["✓ auth/login", "✓ auth/protected", "0 failed, 0 errored"],
        "tern run auth users --mode cache": [
            "✓ auth/login", "✓ auth/protected", "(cache)", "0 failed, 0 errored", "answered from the cache",
        ],
        "tern run users/get-user --data workspaces/demo/data/users.csv": [
            "✓ users/get-user [ada]", "✓ users/get-user [grace]", "1 spec × 2 rows: 2 passed",
        ],
        "tern load users/get-user --rate 200 --duration 2": ["open loop at 200/s for 2 s", "status: 200 × 400"],
        "tern cache show auth/login": ["token-"],
        "tern send list-users --filter '$[*].name'": ["Ada Lovelace"],
        "tern send flaky --mode live --events json > /dev/null": [#""event":"retry""#, #""status":200"#],
        "tern send big-download -o /tmp/big.bin": [],
        "tern send get-usr": ["did you mean 'users/get-user'?"],
        "tern get '{{baseURL}}/users/2' X-Trace:1": ["Grace Hopper"],
        "tern post '{{baseURL}}/users' name=Ada age:=36 --offline": [
            "POST http://127.0.0.1:", #"{"name":"Ada","age":36}"#,
        ],
        "tern mock --port 8787": ["Ada Lovelace"],
        "tern repl": [],
        "tern export curl users/get-user": ["curl", "/users/1"],
        "tern import openapi Tests/TernInterchangeTests/Fixtures/openapi/v3.0-petstore.yaml --workspace /tmp/pets": [],
        "tern list --workspace /tmp/pets": ["GET"],
    ]

    /// The README's walk-through: the `sh` block that starts with the `alias` line.
    static func walkthrough() throws -> [(command: String, comment: String)] {
        let readme = try String(contentsOf: Tern.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let opening = "```sh\nalias tern=.build/debug/tern\n"
        let start = try #require(readme.range(of: opening), "the README has its walk-through block")
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        return readme[start.upperBound..<end.lowerBound].split(separator: "\n").map { line in
            guard let hash = line.range(of: " # ") ?? line.range(of: "  #") else {
                return (line.trimmingCharacters(in: .whitespaces), "")
            }
            return (
                line[..<hash.lowerBound].trimmingCharacters(in: .whitespaces),
                line[hash.upperBound...].trimmingCharacters(in: .whitespaces)
            )
        }
    }

    /// The status a comment names (`exit 1: …`), else 0.
    static func expectedStatus(_ comment: String) -> Int32 {
        guard let range = comment.range(of: #"exit (\d+)"#, options: .regularExpression) else { return 0 }
        return Int32(comment[range].dropFirst("exit ".count)) ?? -1
    }

    @Test("every line of the README's walk-through ends as its comment says, in order, on a fresh demo")
    func walkthroughRuns() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tern-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let bin = scratch.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("tern"), withDestinationURL: Tern.binary)
        // Relative paths of the walk-through (the OpenAPI fixture) resolve as they do from the repository.
        for folder in ["Tests", "workspaces"] {
            try FileManager.default.createSymbolicLink(
                at: scratch.appendingPathComponent(folder),
                withDestinationURL: Tern.packageRoot.appendingPathComponent(folder))
        }
        let demo = scratch.appendingPathComponent("demo")
        try FileManager.default.copyItem(at: Tern.packageRoot.appendingPathComponent("workspaces/demo"), to: demo)
        try? FileManager.default.removeItem(at: demo.appendingPathComponent(".tern"))
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["TERN_WORKSPACE"] = demo.path
        environment["NO_COLOR"] = "1"

        let lines = try Self.walkthrough()
        #expect(lines.count >= 10, "the walk-through has its lines")
        for (command, comment) in lines where !command.hasPrefix("alias ") {
            let expected = try #require(
                Self.expectations[command], "README line '\(command)' is new: add what it prints to this test")
            // Files the walk-through writes under /tmp go to this run's scratch folder.
            var script = command.replacingOccurrences(of: "/tmp/", with: scratch.path + "/")
            if command.hasPrefix("tern mock") {
                // A server until Ctrl-C: start it, ask it for a sample, stop it.
                script =
                    "\(script) & pid=$!; status=1; for i in $(seq 1 100); do "
                    + "if curl -sf http://127.0.0.1:8787/users/1; then status=0; break; fi; sleep 0.1; done; "
                    + "kill $pid; wait $pid; exit $status"
            }
            let outcome = try await ChildProcess.run(
                "/bin/sh", ["-c", script], in: scratch.path, environment: environment, joinErrors: true, timeout: 120)
            let printed = outcome.text
            #expect(
                outcome.status == Self.expectedStatus(comment),
                "'\(command)' exited \(outcome.status), its comment says '\(comment)':\n\(printed)")
            for text in expected {
                #expect(printed.contains(text), "'\(command)' should print '\(text)':\n\(printed)")
            }
        }
        let report = try String(contentsOf: scratch.appendingPathComponent("out.xml"), encoding: .utf8)
        #expect(report.contains("<testsuites"), "the JUnit report was written")
        let download = try FileManager.default.attributesOfItem(atPath: scratch.appendingPathComponent("big.bin").path)
        #expect((download[.size] as? NSNumber)?.intValue == 52_428_800, "the 50 MiB download arrived whole")
    }
}
