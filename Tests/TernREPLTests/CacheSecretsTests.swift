import Foundation
import Testing

/// Secrets never reach disk in clear: the `{{env:…}}` value is absent from the cache, its WAL and the
/// history, and from what the REPL prints, while a replay still finds the stored answer.
@Suite("Cache secrets")
struct CacheSecretsTests {
    static let secret = "s3cret-7f1d9a-token"

    @Test("an {{env:…}} value in a header, the query and an echoed body never reaches the .tern files")
    func secretBytesAbsent() async throws {
        try await DemoSession.with(
            processEnvironment: ["API_TOKEN": Self.secret],
            prepare: { root in
                try DemoSession.write(
                    root, "specs/tools/whoami.yaml",
                    "name: Who am I\ntarget: api\nmethod: GET\npath: /echo\nquery:\n  token: \"{{env:API_TOKEN}}\"\n"
                        + "headers:\n  Authorization: \"Bearer {{env:API_TOKEN}}\"\n  X-Api-Key: "
                        + "\"{{env:API_TOKEN}}\"\n"
                )
            }
        ) { demo in
            let live = await demo.run("send whoami")
            #expect(live.status == 0, "\(live.err)")
            let run = await demo.run("mode cache", "send whoami", "history", "cache list", "log")
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.contains("••••••"), "the replayed echo shows the secret masked: \(run.out)")
            #expect(run.out.contains("CACHE"), "the replay found the stored answer: \(run.out)")
            #expect(!run.out.contains(Self.secret))
            #expect(!run.err.contains(Self.secret))
            let tern = demo.root.appendingPathComponent(".tern")
            let files = try FileManager.default.subpathsOfDirectory(atPath: tern.path)
            #expect(files.contains("cache.sqlite"))
            for file in files {
                let url = tern.appendingPathComponent(file)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
                    !isDirectory.boolValue
                else { continue }
                let bytes = try Data(contentsOf: url)
                #expect(bytes.range(of: Data(Self.secret.utf8)) == nil, "the secret is in .tern/\(file)")
                let encoded = Self.secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? Self.secret
                #expect(bytes.range(of: Data(encoded.utf8)) == nil, "the encoded secret is in .tern/\(file)")
            }
        }
    }
}
