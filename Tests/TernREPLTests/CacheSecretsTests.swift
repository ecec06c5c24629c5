import Foundation
import Testing

/// A secret read with `{{env:…}}` never reaches disk on the request side (keys, recorded requests,
/// history), nor what the REPL lists; the answer is stored exactly as the server sent it — echo
/// included — unless `handler.storeSecretAnswers: false`, which keeps secret-bearing answers off
/// disk altogether.
@Suite("Cache secrets")
struct CacheSecretsTests {
    static let secret = "s3cret-7f1d9a-token"

    static let whoami =
        "name: Who am I\ntarget: api\nmethod: GET\npath: /echo\nquery:\n  token: \"{{env:API_TOKEN}}\"\n"
        + "headers:\n  Authorization: \"Bearer {{env:API_TOKEN}}\"\n  X-Api-Key: \"{{env:API_TOKEN}}\"\n"

    @Test("the echoed answer replays exactly as sent; the history and cache listings never show the secret")
    func storedAsSent() async throws {
        try await DemoSession.with(
            processEnvironment: ["API_TOKEN": Self.secret],
            prepare: { root in try DemoSession.write(root, "specs/tools/whoami.yaml", Self.whoami) }
        ) { demo in
            let live = await demo.run("send whoami")
            #expect(live.status == 0, "\(live.err)")
            #expect(live.out.contains(Self.secret), "the mock echoes the request: \(live.out)")
            let replay = await demo.run("mode cache", "send whoami")
            #expect(replay.status == 0, "\(replay.err)")
            #expect(replay.out.contains("CACHE"), "the replay found the stored answer: \(replay.out)")
            #expect(replay.out.contains(Self.secret), "a replay is the recording, echo included: \(replay.out)")
            let listings = await demo.run("history", "cache list", "log")
            #expect(listings.status == 0, "\(listings.err)")
            #expect(!listings.out.contains(Self.secret), "\(listings.out)")
            #expect(!listings.err.contains(Self.secret))
        }
    }

    @Test("with storeSecretAnswers: false, no byte of the secret reaches the .tern files")
    func secretBytesAbsent() async throws {
        try await DemoSession.with(
            processEnvironment: ["API_TOKEN": Self.secret],
            prepare: { root in
                try DemoSession.write(root, "specs/tools/whoami.yaml", Self.whoami)
                let manifest = root.appendingPathComponent("workspace.yaml")
                let text = try String(contentsOf: manifest, encoding: .utf8)
                try DemoSession.write(
                    root, "workspace.yaml",
                    text.replacingOccurrences(of: "handler:\n", with: "handler:\n  storeSecretAnswers: false\n"))
            }
        ) { demo in
            let live = await demo.run("send whoami", "send get-user")
            #expect(live.status == 0, "\(live.err)")
            let replay = await demo.run("mode cache", "send whoami")
            #expect(replay.status != 0, "the echo was not stored, so there is nothing to replay: \(replay.out)")
            let stored = await demo.run("mode cache", "send get-user")
            #expect(stored.status == 0, "an answer without a secret is stored as usual: \(stored.err)")
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
