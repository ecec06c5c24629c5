import Foundation
import TernTesting
import Testing

/// The README's shell walk-through, run as a newcomer types it: line by line, in order, from the root of a
/// fresh copy of the repository, with a clean `HOME` and no `XDG_*` or `TERN_*` variables. Each line must end
/// with the status its comment names (`exit N`; 0 when it names none) and print what `expectations` says it
/// prints. A README line this test does not know fails it, so the
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
        "tern get '{{baseURL}}/users/2' X-Trace:1": ["Grace Hopper", "using the demo workspace workspaces/demo"],
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

    @Test("every line of the README's walk-through ends as its comment says, typed from the repository's root")
    func walkthroughRuns() async throws {
        // A fresh checkout as a reader has it after `make demo`: the package's root with its manifest, the demo
        // (no `.tern/` yet), the fixtures the walk-through names, and `.build/debug/tern`; nothing else.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tern-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let root = scratch.appendingPathComponent("tern")
        let debug = root.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: debug, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: debug.appendingPathComponent("tern"), withDestinationURL: Tern.binary)
        try FileManager.default.copyItem(
            at: Tern.packageRoot.appendingPathComponent("Package.swift"),
            to: root.appendingPathComponent("Package.swift"))
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("Tests"),
            withDestinationURL: Tern.packageRoot.appendingPathComponent("Tests"))
        let workspaces = root.appendingPathComponent("workspaces")
        try FileManager.default.copyItem(at: Tern.packageRoot.appendingPathComponent("workspaces"), to: workspaces)
        for folder in try FileManager.default.contentsOfDirectory(atPath: workspaces.path) {
            try? FileManager.default.removeItem(
                at: workspaces.appendingPathComponent(folder).appendingPathComponent(".tern"))
        }
        // A clean home: no XDG folders, no workspace named by the environment.
        let home = scratch.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("XDG_") && !$0.key.hasPrefix("TERN_")
        }
        environment["HOME"] = home.path
        environment["NO_COLOR"] = "1"

        let lines = try Self.walkthrough()
        #expect(lines.count >= 10, "the walk-through has its lines")
        // The block's first line (`walkthrough()` finds the block by it), which every later line relies on.
        let alias = "alias tern=.build/debug/tern"
        for (command, comment) in lines {
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
            // The line as typed, after the alias line, in a shell started at the repository's root.
            let outcome = try await ChildProcess.run(
                "/bin/sh", ["-c", alias + "\n" + script], in: root.path, environment: environment, joinErrors: true,
                timeout: 120)
            let printed = outcome.text
            #expect(
                outcome.status == Self.expectedStatus(comment),
                "'\(command)' exited \(outcome.status), its comment says '\(comment)':\n\(printed)")
            #expect(!printed.contains("adhoc.yaml"), "'\(command)' names a file of Tern's own:\n\(printed)")
            for text in expected {
                #expect(printed.contains(text), "'\(command)' should print '\(text)':\n\(printed)")
            }
        }
        let report = try String(contentsOf: root.appendingPathComponent("out.xml"), encoding: .utf8)
        #expect(report.contains("<testsuites"), "the JUnit report was written")
        let download = try FileManager.default.attributesOfItem(atPath: scratch.appendingPathComponent("big.bin").path)
        #expect((download[.size] as? NSNumber)?.intValue == 52_428_800, "the 50 MiB download arrived whole")
    }
}
