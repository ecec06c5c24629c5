import Foundation
import TernExplorer
import TernInterchange
import TernTesting
import TernWorkspace
import Testing

@testable import Tern

/// curl's `--digest` and `--aws-sigv4`, run by the real `curl`, and the `auth:` blocks they import as,
/// sent by Tern, against servers on 127.0.0.1 (the command lines are the examples of curl's manual).
@Suite("curl import differential: auth blocks", .serialized)
struct CurlAuthDifferentialTests {
    static let accessKey = "AKIDEXAMPLE"
    static let secretKey = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"

    @Test("--digest -u: curl and the imported digest block both get past the mock's challenge")
    func digest() async throws {
        try await withFolder { folder in
            try await withMockServer { server in
                let url = server.baseURL.appendingPathComponent("digest-auth/auth/fred/s3cret/MD5").absoluteString
                let command = "curl -s -o /dev/null -w '%{http_code}' --digest -u fred:s3cret '\(url)'"
                let curl = try await ExternalCommand.run(
                    "/bin/bash", ["-c", command], in: folder.url, environment: ["PATH": "/usr/bin:/bin"],
                    timeout: 30)
                #expect(curl.output == "200", "curl: \(curl.output)")
                // The password the command held is in the secret store: the first send works at once.
                let (session, collection) = try CurlDifferential.importAndOpen(
                    command, folder: folder.url, environment: [:])
                #expect(collection.specs.first?.spec.auth == .digest(username: "fred", password: "{{secret:PASSWORD}}"))
                let response = try await session.send("imported")
                #expect(response.statusCode == 200)
            }
        }
    }

    @Test("--aws-sigv4 --user: curl's signature and Tern's verify with the imported block's scope and keys")
    func awsSignature() async throws {
        let server = try RawEchoServer()
        defer { server.stop() }
        try await withFolder { folder in
            let command =
                #"curl --aws-sigv4 "aws:amz:us-east-2:es" --user "\#(Self.accessKey):\#(Self.secretKey)" "#
                + "-H 'Content-Type: application/json' -d '{\"q\":1}' '\(server.baseURL)/index/_search?a=1&b=2'"
            // A query in canonical order: curl 7.88 signs the query as written (later curls sort it).
            try await CurlDifferential.bash(command, in: folder.url, environment: [:])
            let fromCurl = try #require(server.take().last, "curl sent nothing")
            let (session, collection) = try CurlDifferential.importAndOpen(
                command, folder: folder.url, environment: [:])
            let auth = try #require(collection.specs.first?.spec.auth)
            guard case .aws(let key, let secret, .none, let region, let service) = auth else {
                Issue.record("not an aws block: \(auth)")
                return
            }
            #expect(key == "{{secret:AWS_ACCESS_KEY_ID}}" && secret == "{{secret:AWS_SECRET_ACCESS_KEY}}")
            #expect(region == "us-east-2" && service == "es")
            let signer = AWSSigV4Signer(
                credentials: AWSCredentials(accessKeyID: Self.accessKey, secretAccessKey: Self.secretKey),
                region: region, service: service)
            #expect(try Self.verifies(fromCurl, with: signer), "curl's signature does not verify")
            _ = try await session.send("imported")
            let fromTern = try #require(server.take().last, "tern sent nothing")
            #expect(try Self.verifies(fromTern, with: signer), "tern's signature does not verify")
            let scope = "Credential=\(Self.accessKey)/"
            #expect(fromTern.values("Authorization").first?.contains(scope) == true)
            #expect(fromTern.values("Authorization").first?.contains("/us-east-2/es/aws4_request,") == true)
        }
    }

    /// Whether `request`'s `Authorization` is the SigV4 signature of what the server received, over the
    /// headers it names, at its `X-Amz-Date`.
    static func verifies(_ request: RawEchoServer.Received, with signer: AWSSigV4Signer) throws -> Bool {
        let authorization = try #require(request.values("Authorization").first)
        let stamp = try #require(request.values("X-Amz-Date").first)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let date = try #require(formatter.date(from: stamp))
        let fields = authorization.components(separatedBy: ", ")
        let signed = try #require(fields.first { $0.hasPrefix("SignedHeaders=") }).dropFirst("SignedHeaders=".count)
        let given = try #require(fields.first { $0.hasPrefix("Signature=") }).dropFirst("Signature=".count)
        let headers = signed.split(separator: ";").map { name in
            (name: String(name), value: request.values(String(name)).joined(separator: ","))
        }
        let target = request.target.split(separator: "?", maxSplits: 1).map(String.init)
        let signature = signer.signature(
            method: request.method, path: target[0], query: target.count > 1 ? target[1] : "", headers: headers,
            payloadHash: AWSSigV4Signer.hexSHA256(request.body), date: date)
        return signature.signature == given
    }
}
