import Foundation
import Testing

/// `auth:` through the `tern` binary on a copy of the demo workspace and its embedded mock server.
@Suite("tern send and export curl with auth blocks")
struct AuthCLITests {
    @Test("send --verbose shows the digest answer as sent, the password never; export curl uses --digest")
    func digest() async throws {
        try await withDemo { demo in
            let result = try await Tern.run(demo.arguments("send", "auth/digest", "--mode", "live", "--verbose"))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(#""authenticated":true"#), "\(result.stdout)")
            #expect(result.stderr.contains("> GET "), "\(result.stderr)")
            #expect(result.stderr.contains(#"> Authorization: Digest username="ada""#), "\(result.stderr)")
            let curl = try await Tern.run(demo.arguments("export", "curl", "auth/digest"))
            #expect(curl.status == 0, "\(curl.stderr)")
            #expect(curl.stdout.contains(#"--digest -u 'ada:'"$PASSWORD""#), "\(curl.stdout)")
        }
    }
}
