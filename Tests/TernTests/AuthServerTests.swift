import Foundation
import HTTPTypes
import TernHTTPClient
import TernTesting
import Testing

@testable import Tern

/// Basic, bearer, API key, digest and AWS SigV4 against the mock server on 127.0.0.1.
@Suite("Authentication against a real server")
struct AuthServerTests {
    struct Authenticated: Decodable, Sendable {
        var authenticated: Bool
        var user: String?
    }

    @Test(
        "digest answers the challenge once, for every algorithm and qop",
        arguments: ["auth/MD5", "auth/MD5-sess", "auth/SHA-256", "auth/SHA-256-sess", "none/MD5", "auth-int/SHA-256"])
    func digestAlgorithms(route: String) async throws {
        try await withMockServer { server async throws in
            let parts = route.split(separator: "/")
            let path = "digest-auth/\(parts[0])/alice/s3cret/\(parts[1])"
            let handler = liveHandler(
                server, mode: .live, interceptors: [DigestAuthInterceptor(username: "alice", password: "s3cret")])
            let reply = try await handler.decode(Authenticated.self, from: get(path, on: server))
            #expect(reply.authenticated && reply.user == "alice")
            #expect(server.requestCount(path: "/\(path)") == 2)
        }
    }

    @Test("the nonce is kept: the next requests go out answered, each with the next nc")
    func preAuthenticated() async throws {
        try await withMockServer { server async throws in
            let path = "digest-auth/auth/alice/s3cret/SHA-256"
            let handler = liveHandler(
                server, mode: .live, interceptors: [DigestAuthInterceptor(username: "alice", password: "s3cret")])
            for _ in 0..<3 {
                #expect(try await handler.send(get(path, on: server)).statusCode == 200)
            }
            // 1 challenge + 3 answers: the server refuses a repeated nc, so each count went up.
            #expect(server.requestCount(path: "/\(path)") == 4)
        }
    }

    @Test("a wrong password is answered once, and the 401 comes back")
    func wrongPassword() async throws {
        try await withMockServer { server async throws in
            let path = "digest-auth/auth/alice/s3cret/MD5"
            let handler = liveHandler(
                server, mode: .live, interceptors: [DigestAuthInterceptor(username: "alice", password: "wrong")])
            #expect(try await handler.send(get(path, on: server)).statusCode == 401)
            #expect(server.requestCount(path: "/\(path)") == 2)
            let validating = liveHandler(
                server, mode: .live,
                interceptors: [DigestAuthInterceptor(username: "alice", password: "wrong"), ValidationInterceptor()])
            let error = await #expect(throws: TernError.self) { try await validating.send(get(path, on: server)) }
            #expect(error?.response?.statusCode == 401)
            #expect(server.requestCount(path: "/\(path)") == 4)
        }
    }

    @Test("stale=true: a worn-out nonce is replaced and the request retried once")
    func staleNonce() async throws {
        try await withMockServer { server async throws in
            // The server wears a nonce out after one use.
            let path = "digest-auth/auth/alice/s3cret/MD5/1"
            let handler = liveHandler(
                server, mode: .live,
                interceptors: [ValidationInterceptor(), DigestAuthInterceptor(username: "alice", password: "s3cret")])
            #expect(try await handler.send(get(path, on: server)).statusCode == 200)
            #expect(server.requestCount(path: "/\(path)") == 2)
            // Pre-answered with the worn-out nonce: stale 401, then the answer to the new nonce.
            #expect(try await handler.send(get(path, on: server)).statusCode == 200)
            #expect(server.requestCount(path: "/\(path)") == 4)
        }
    }

    @Test("a server that always challenges gets one answer and one stale retry, never a loop")
    func alwaysChallenged() async throws {
        let challenge = #"Digest realm="r", nonce="n", qop="auth", stale=true, Digest garbage ,,= "x"#
        let route = MockRoute(
            path: "/always-401", response: MockResponse(status: 401, headers: [("WWW-Authenticate", challenge)]))
        try await withMockServer(routes: [route]) { server async throws in
            let handler = liveHandler(
                server, mode: .live, retryPolicy: .never,
                interceptors: [DigestAuthInterceptor(username: "alice", password: "s3cret")])
            #expect(try await handler.send(get("always-401", on: server)).statusCode == 401)
            #expect(server.requestCount(path: "/always-401") == 3)
        }
    }

    @Test("basic, bearer and API keys through the request's own authentication")
    func simpleSchemes() async throws {
        try await withMockServer { server async throws in
            let handler = liveHandler(server, mode: .live, interceptors: [AuthenticationInterceptor()])
            var basic = get("basic-auth/bob/hunter2", on: server)
            #expect(try await handler.send(basic).statusCode == 401)
            basic.authentication = .basic(username: "bob", password: "hunter2")
            #expect(try await handler.decode(Authenticated.self, from: basic).user == "bob")
            var bearer = get("bearer", on: server)
            #expect(try await handler.send(bearer).statusCode == 401)
            bearer.authentication = .bearer(token: "t0k3n")
            #expect(try await handler.send(bearer).statusCode == 200)
            var header = get("echo", on: server)
            header.authentication = .apiKey(name: "X-API-Key", value: "k3y", location: .header)
            let echoed = try await handler.decode(Echo.self, from: header)
            #expect(echoed.headers["x-api-key"] == "k3y")
            var query = get("echo", on: server).withQuery("a=1")
            query.authentication = .apiKey(name: "api_key", value: "k 3y", location: .query)
            #expect(try await handler.decode(Echo.self, from: query).query == "a=1&api_key=k%203y")
        }
    }

    @Test("digest through the request's own authentication, users kept apart in the nonce cache and the store")
    func requestDigest() async throws {
        try await withMockServer { server async throws in
            let storage = MemoryStorage()
            let handler = liveHandler(server, storage: storage, interceptors: [AuthenticationInterceptor()])
            var alice = get("digest-auth/auth/alice/s3cret/SHA-256", on: server)
            alice.authentication = .digest(username: "alice", password: "s3cret")
            #expect(try await handler.decode(Authenticated.self, from: alice, mode: .live).user == "alice")
            var mallory = alice
            mallory.authentication = .digest(username: "alice", password: "guess")
            #expect(try await handler.send(mallory, mode: .live).statusCode == 401)
            // The key is worked out before signing: the same every send, different per identity.
            #expect(handler.storageKey(for: alice) == handler.storageKey(for: alice))
            #expect(handler.storageKey(for: alice) != handler.storageKey(for: mallory))
            var plain = alice
            plain.authentication = nil
            #expect(handler.storageKey(for: plain) != handler.storageKey(for: alice))
            #expect(!handler.storageKey(for: mallory).contains("guess"))
            // Stored under alice's key: alice is answered from storage, the wrong password is not.
            let stored = try await handler.send(alice, mode: .cache)
            #expect(stored.source == .cache)
            await #expect(throws: TernError.self) { try await handler.send(mallory, mode: .cache) }
        }
    }

    @Test("AWS SigV4: the server receives exactly the headers that were signed")
    func awsSigned() async throws {
        try await withMockServer { server async throws in
            let clock = TestClock()
            let handler = liveHandler(server, mode: .live, interceptors: [AuthenticationInterceptor()], clock: clock)
            let credentials = AWSCredentials(
                accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
                sessionToken: "session")
            var request = Request(
                method: .post, url: server.baseURL.appendingPathComponent("echo/a b"),
                headers: [.contentType: "text/plain"],
                body: .data(Data("hello".utf8)))
            request = request.withQuery("z=1&a=%2F")
            request.authentication = .aws(credentials, region: "eu-west-1", service: "execute-api")
            let echoed = try await handler.decode(Echo.self, from: request)
            let authorization = try #require(echoed.headers["authorization"])
            // Recompute from what the server received: host, date, token, content type and the default
            // Accept-Encoding were all signed.
            let signer = AWSSigV4Signer(credentials: credentials, region: "eu-west-1", service: "execute-api")
            let received: [(name: String, value: String)] = [
                "host", "x-amz-date", "x-amz-security-token", "content-type", "accept-encoding",
            ]
            .map { ($0, echoed.headers[$0] ?? "missing") }
            let signature = signer.signature(
                method: "POST", path: echoed.path, query: echoed.query, headers: received,
                payloadHash: AWSSigV4Signer.hexSHA256(Data("hello".utf8)), date: clock.now)
            #expect(authorization == signer.authorization(signature))
            #expect(
                authorization.contains(
                    "SignedHeaders=accept-encoding;content-type;host;x-amz-date;x-amz-security-token,"))
            #expect(echoed.headers["x-amz-date"] == AWSSigV4Signer.timestamp(clock.now))
        }
    }
}
