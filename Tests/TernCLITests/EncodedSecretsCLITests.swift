import Foundation
import Testing

/// A secret that percent-encoding, base64 and JSON change on the way never leaves `tern` in any of
/// those forms: not in `cache export`, `export har`, `cache show` nor `cache import`'s records.
@Suite("Encoded secrets stay out of what tern writes")
struct EncodedSecretsCLITests {
    /// An AWS-like secret: `/`, `+`, `=`, a space, `:`, `@` and `!` all change when encoded.
    static let secret = "wJalr XUtnFEMI/K7MDENG+bPxRfiCY=k:q@w!"

    /// The forms the secret can take, each of which must be absent.
    static var forms: [String] {
        let bytes = Data(secret.utf8)
        let standard = bytes.base64EncodedString()
        let unreserved = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        let upper = secret.addingPercentEncoding(withAllowedCharacters: unreserved) ?? secret
        return [
            secret, upper, upper.lowercased(), upper.replacingOccurrences(of: "%20", with: "+"),
            secret.replacingOccurrences(of: "/", with: "\\/"), String(standard.dropLast(4)),
            String(
                standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").dropLast(4)),
            "wJalr", "XUtnFEMI",
        ]
    }

    /// The forms of the secret found in `text`.
    static func leaks(in text: String) -> [String] {
        forms.filter { text.contains($0) }
    }

    /// A spec sending the secret in the path, the query, a header and a form body to the mock's `/echo`,
    /// which answers with all of it (so the answer holds the secret too).
    static func addSpec(to demo: TemporaryWorkspace) throws {
        try demo.write(
            "specs/keys/echo-key.yaml",
            """
            name: Echo key
            target: api
            method: POST
            path: /echo/{{env:API_SECRET}}
            query:
              key: "{{env:API_SECRET}}"
            headers:
              X-Api-Key: "{{env:API_SECRET}}"
            body: { form: { password: "{{env:API_SECRET}}" } }

            """)
    }

    @Test("cache export, export har (history and cache) and cache show hold none of the secret's forms")
    func exports() async throws {
        try await withDemo { demo in
            try Self.addSpec(to: demo)
            let environment = ["API_SECRET": Self.secret]
            let sent = try await Tern.run(demo.arguments("send", "echo-key"), environment: environment)
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(sent.stdout.contains("wJalr"), "the live answer echoes the secret (else the test proves nothing)")

            let file = demo.root.appendingPathComponent("shared.har")
            let export = try await Tern.run(demo.arguments("cache", "export", file.path), environment: environment)
            #expect(export.status == 0, "\(export.stderr)")
            let exported = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            #expect(exported.contains("keys/echo-key"))
            #expect(Self.leaks(in: exported).isEmpty, "cache export: \(Self.leaks(in: exported))")
            // Exported without the secret in the environment: the marks taken when it was stored still mask it.
            let bare = try await Tern.run(demo.arguments("cache", "export", file.path, "--force"))
            #expect(bare.status == 0, "\(bare.stderr)")
            let bareText = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            #expect(Self.leaks(in: bareText).isEmpty, "cache export, secret unset: \(Self.leaks(in: bareText))")

            for source in ["history", "cache"] {
                let har = try await Tern.run(
                    demo.arguments("export", "har", "keys", "--from", source), environment: environment)
                #expect(har.status == 0, "\(har.stderr)")
                #expect(har.stdout.contains("echo"), "\(har.stdout)")
                #expect(Self.leaks(in: har.stdout + har.stderr).isEmpty, "export har --from \(source)")
            }

            let show = try await Tern.run(demo.arguments("cache", "show", "keys/echo-key"), environment: environment)
            #expect(show.status == 0, "\(show.stderr)")
            #expect(show.stderr.contains("answers: POST"), "\(show.stderr)")
            #expect(Self.leaks(in: show.stderr).isEmpty, "cache show: \(Self.leaks(in: show.stderr))")
            let list = try await Tern.run(demo.arguments("cache", "list"), environment: environment)
            #expect(Self.leaks(in: list.stdout + list.stderr).isEmpty, "cache list")
        }
    }

    @Test(
        "cache import masks what import har moves to {{env:…}}: query tokens, API-key headers, form passwords"
    )
    func cacheImport() async throws {
        try await withDemo { demo in
            let token = "tok/en+Zz9=Q"
            let password = "pa ss:w@rd!"
            let apiKey = "k3y-abc/def=="
            let encodedToken = "tok%2Fen%2BZz9%3DQ"
            let har = """
                {"log": {"entries": [
                  {"startedDateTime": "2026-01-02T03:04:05Z",
                   "request": {"method": "POST",
                               "url": "http://127.0.0.1:9/elsewhere?access_token=\(encodedToken)&page=2",
                               "headers": [{"name": "X-Api-Key", "value": "\(apiKey)"},
                                           {"name": "Content-Type", "value": "application/x-www-form-urlencoded"}],
                               "postData": {"mimeType": "application/x-www-form-urlencoded",
                                            "text": "user=ada&password=pa+ss%3Aw%40rd%21"}},
                   "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
                                "content": {"text": "{\\"echo\\": \\"tok\\\\/en+Zz9=Q\\"}"}}}
                ]}}
                """
            try demo.write("recorded.har", har)
            let imported = try await Tern.run(demo.arguments("cache", "import", demo.root.path + "/recorded.har"))
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stderr.contains("imported 1, matched to specs 0"), "\(imported.stderr)")

            let list = try await Tern.run(demo.arguments("cache", "list"))
            let show = try await Tern.run(demo.arguments("cache", "show", "elsewhere"))
            #expect(show.status == 0, "\(show.stderr)")
            #expect(show.stderr.contains("page=2"), "\(show.stderr)")
            let file = demo.root.appendingPathComponent("again.har")
            let export = try await Tern.run(demo.arguments("cache", "export", file.path))
            #expect(export.status == 0, "\(export.stderr)")
            let exported = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            #expect(exported.contains("page=2"))
            for text in [list.stdout, show.stderr, exported] {
                for value in [token, encodedToken, apiKey, password, "pa+ss%3Aw%40rd%21", "tok\\/en"] {
                    #expect(!text.contains(value), "\(value) in \(text)")
                }
            }
            #expect(show.stderr.contains("X-Api-Key: ••••••"), "\(show.stderr)")
        }
    }
}
