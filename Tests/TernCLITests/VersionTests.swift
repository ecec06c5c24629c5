import Foundation
import TernTesting
import Testing

@Suite("tern --version")
struct VersionTests {
    @Test("--version names the release and the commit the binary was built from")
    func versionNamesTheCommit() async throws {
        let result = try await Tern.run(["--version"])
        #expect(result.status == 0)
        let line = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let match = try #require(line.wholeMatch(of: /(\d+\.\d+\.\d+) \(([0-9a-f]{7,}(?:-dirty)?|unknown)\)/))
        let commit = String(match.output.2)
        // Built from this checkout: the commit is HEAD's (possibly with uncommitted changes).
        let head = try await ChildProcess.run(
            "/usr/bin/env", ["git", "-C", Tern.packageRoot.path, "rev-parse", "HEAD"], joinErrors: false)
        if head.status == 0 {
            let full = head.text.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(full.hasPrefix(commit.replacingOccurrences(of: "-dirty", with: "")), "\(line) vs \(full)")
        } else {
            #expect(commit == "unknown")
        }
    }
}
