import Foundation
import HTTPTypes
import Tern
import TernExplorer
import Testing

/// How the faces show a request's `authentication`: what it stands for, never a secret.
@Suite("Request lines with authentication")
struct RequestLinesAuthTests {
    private func lines(_ auth: RequestAuthentication, url: String = "https://h.example/p") throws -> [String] {
        var request = Request(url: try #require(URL(string: url)))
        request.authentication = auth
        return RequestLines(request).lines
    }

    @Test("before sending, each scheme shows as the header or query item it stands for, masked")
    func pending() throws {
        #expect(
            try lines(.basic(username: "alice", password: "s3cret"))
                == ["GET https://h.example/p", "Authorization: Basic alice:••••••"])
        #expect(try lines(.bearer(token: "t0k3n")).last == "Authorization: Bearer ••••••")
        #expect(try lines(.apiKey(name: "X-Key", value: "k3y!", location: .header)).last == "X-Key: ••••••")
        #expect(
            try lines(.apiKey(name: "key", value: "k3y!", location: .query), url: "https://h.example/p?a=1")
                == ["GET https://h.example/p?a=1&key=••••••"])
        #expect(
            try lines(.digest(username: "alice", password: "s3cret")).last
                == "Authorization: Digest alice:•••••• (answers the server's challenge)")
        let aws = RequestAuthentication.aws(
            AWSCredentials(accessKeyID: "AKID", secretAccessKey: "s3cret"), region: "us-east-1", service: "s3")
        #expect(try lines(aws).last == "Authorization: AWS4-HMAC-SHA256 AKID:•••••• us-east-1/s3 (signed when sent)")
    }

    @Test("as sent, the secrets in the headers it added are masked (a basic header's base64 too)")
    func sent() throws {
        var request = Request(url: try #require(URL(string: "https://h.example/p")))
        request.authentication = .basic(username: "alice", password: "s3cret")
        request = AuthenticationInterceptor.applied(try #require(request.authentication), to: request)
        #expect(RequestLines(request).lines == ["GET https://h.example/p", "Authorization: Basic ••••••"])
        var signed = Request(url: try #require(URL(string: "https://h.example/p")))
        let credentials = AWSCredentials(accessKeyID: "AKID", secretAccessKey: "s3cret", sessionToken: "session-tok")
        signed.authentication = .aws(credentials, region: "us-east-1", service: "execute-api")
        signed = try AWSSigV4Signer(credentials: credentials, region: "us-east-1", service: "execute-api")
            .signed(signed, at: Date(timeIntervalSince1970: 0))
        let text = RequestLines(signed).lines.joined(separator: "\n")
        #expect(text.contains("X-Amz-Security-Token: ••••••"))
        #expect(!text.contains("session-tok") && !text.contains("s3cret"))
        #expect(!text.contains("(signed when sent)"))
    }
}
