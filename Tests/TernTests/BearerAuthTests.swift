import Foundation
import HTTPTypes
import TernHTTPClient
import TernTesting
import Testing

@testable import Tern

@Suite("Bearer auth with coalesced token refresh")
struct BearerAuthTests {
    struct TokenReply: Decodable, Sendable { var token: String }

    /// A store whose refresh posts to the mock server's refresh route through the handler.
    func store(_ server: MockServer, token: String?, query: String = "delayMs=100") -> BearerTokenStore {
        BearerTokenStore(token: token) { handler in
            var refresh = Request(method: .post, url: server.baseURL.appendingPathComponent("auth/refresh"))
            refresh = refresh.withQuery(query)
            refresh.requiresAuthentication = false
            return try await handler.decode(TokenReply.self, from: refresh, mode: .live).token
        }
    }

    @Test("many concurrent 401s cause one refresh, and every request is replayed with the new token")
    func coalescedRefresh() async throws {
        try await withMockServer { server in
            let tokens = store(server, token: "expired")
            let handler = liveHandler(server, mode: .live, interceptors: [BearerAuthInterceptor(store: tokens)])
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await handler.send(get("auth/protected", on: server)).statusCode }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 8))
            #expect(server.refreshCount == 1)
            #expect(await tokens.refreshCount == 1)
            #expect(await tokens.currentToken == "token-1")
            #expect(server.requestCount(path: "/auth/protected") == 16)
        }
    }

    @Test("with no token yet, the first request refreshes before sending")
    func initialRefresh() async throws {
        try await withMockServer { server in
            let tokens = store(server, token: nil)
            let handler = liveHandler(server, mode: .live, interceptors: [BearerAuthInterceptor(store: tokens)])
            let response = try await handler.send(get("auth/protected", on: server))
            #expect(response.statusCode == 200)
            #expect(server.requestCount(path: "/auth/protected") == 1)
        }
    }

    @Test("a refresh that does not help stops after the cap with an authentication error")
    func refreshLoopCap() async throws {
        try await withMockServer { server in
            let wrong = BearerTokenStore(token: "expired") { _ in "bogus" }
            let handler = liveHandler(
                server, mode: .live, interceptors: [BearerAuthInterceptor(store: wrong, maxRefreshes: 2)])
            let error = await #expect(throws: TernError.self) {
                try await handler.send(get("auth/protected", on: server))
            }
            #expect(error?.kind == .authentication)
            #expect(error?.response?.statusCode == 401)
            // The first send plus one replay per refresh.
            #expect(server.requestCount(path: "/auth/protected") == 3)
        }
    }

    @Test("a failing refresh is an authentication error, not the 401")
    func failingRefresh() async throws {
        try await withMockServer { server in
            let tokens = store(server, token: "expired", query: "fail=1")
            let handler = liveHandler(
                server, mode: .live, retryPolicy: .never, interceptors: [BearerAuthInterceptor(store: tokens)]
            )
            let error = await #expect(throws: TernError.self) {
                try await handler.send(get("auth/protected", on: server))
            }
            #expect(error?.kind == .authentication)
            #expect(server.refreshCount == 0)
        }
    }

    @Test("requests that do not require authentication are not signed")
    func unsignedRequests() async throws {
        try await withMockServer { server in
            let tokens = BearerTokenStore(token: "secret") { _ in "never" }
            let handler = liveHandler(server, interceptors: [BearerAuthInterceptor(store: tokens)])
            var request = get("echo", on: server)
            request.requiresAuthentication = false
            #expect(try await handler.send(request).decode(Echo.self).headers["authorization"] == nil)
            let signed = try await handler.send(get("echo/signed", on: server)).decode(Echo.self)
            #expect(signed.headers["authorization"] == "Bearer secret")
        }
    }
}

@Suite("Bearer auth and validation order")
struct BearerAuthOrderTests {
    @Test("the refresh still happens when a validator inside the auth interceptor throws on the 401")
    func validatorInside() async throws {
        try await withMockServer { server in
            let tokens = BearerTokenStore(token: "expired") { handler in
                var refresh = Request(method: .post, url: server.baseURL.appendingPathComponent("auth/refresh"))
                refresh.requiresAuthentication = false
                return try await handler.send(refresh, mode: .live).decode([String: String].self)["token"] ?? ""
            }
            let handler = liveHandler(
                server, interceptors: [BearerAuthInterceptor(store: tokens), ValidationInterceptor()])
            let response = try await handler.send(get("auth/protected", on: server))
            #expect(response.statusCode == 200)
            #expect(server.refreshCount == 1)
        }
    }
}
