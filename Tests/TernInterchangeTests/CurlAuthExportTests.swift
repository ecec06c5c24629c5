import Foundation
import HTTPTypes
import Tern
import TernInterchange
import TernTesting
import Testing

/// `export curl` of a request's `authentication`, checked by text and by running the real curl.
@Suite("curl export of authentication")
struct CurlAuthExportTests {
    private func request(_ auth: RequestAuthentication, url: String = "https://h.example/p") throws -> Request {
        var request = Request(url: try #require(URL(string: url)))
        request.authentication = auth
        return request
    }

    @Test("basic is -u, digest --digest -u, AWS --aws-sigv4 with --user; secrets as shell variables")
    func options() throws {
        let secret = CurlCommand.Secret(name: "PASS", value: "s3cret")
        #expect(
            CurlCommand.make(from: try request(.basic(username: "alice", password: "s3cret")), secrets: [secret])
                == #"curl 'https://h.example/p' -u 'alice:'"$PASS""#)
        #expect(
            CurlCommand.make(from: try request(.digest(username: "alice", password: "s3cret")), secrets: [secret])
                == #"curl 'https://h.example/p' --digest -u 'alice:'"$PASS""#)
        let aws = RequestAuthentication.aws(
            AWSCredentials(accessKeyID: "AKID", secretAccessKey: "s3cret", sessionToken: "tok"), region: "eu-west-1",
            service: "execute-api")
        #expect(
            CurlCommand.make(from: try request(aws), secrets: [secret])
                == #"curl 'https://h.example/p' --aws-sigv4 'aws:amz:eu-west-1:execute-api' --user 'AKID:'"$PASS""#
                + " -H 'X-Amz-Security-Token: tok'")
    }

    @Test("bearer and API keys are the header or query item they stand for")
    func headers() throws {
        #expect(
            CurlCommand.make(
                from: try request(.bearer(token: "tok-1")), secrets: [.init(name: "TOKEN", value: "tok-1")])
                == #"curl 'https://h.example/p' -H 'Authorization: Bearer '"$TOKEN""#)
        #expect(
            CurlCommand.make(from: try request(.apiKey(name: "X-Key", value: "k", location: .header)))
                == "curl 'https://h.example/p' -H 'X-Key: k'")
        #expect(
            CurlCommand.make(
                from: try request(.apiKey(name: "key", value: "k", location: .query), url: "https://h.example/p?a=1"))
                == "curl 'https://h.example/p?a=1&key=k'")
    }

    @Test("the exported digest and basic commands authenticate with the real curl against the mock")
    func realCurl() async throws {
        try await withMockServer { server in
            let digest = try request(
                .digest(username: "alice", password: "s3cret"),
                url: server.baseURL.absoluteString + "/digest-auth/auth/alice/s3cret/SHA-256")
            let basic = try request(
                .basic(username: "alice", password: "s3cret"),
                url: server.baseURL.absoluteString + "/basic-auth/alice/s3cret")
            for request in [digest, basic] {
                let command = CurlCommand.make(from: request, secrets: [.init(name: "PASS", value: "s3cret")])
                let result = try await ExternalCommand.run(
                    "/bin/bash", ["-c", command + " -sS"], environment: ["PASS": "s3cret", "PATH": "/usr/bin:/bin"])
                #expect(result.status == 0, "\(result.output)")
                #expect(result.output.contains(#""authenticated":true"#), "\(command): \(result.output)")
            }
        }
    }
}
