import Foundation
import HTTPTypes
import TernHTTPClient
import TernTesting
import Testing

@testable import Tern

/// `CookieInterceptor` over a real server: the mock's cookie and session routes on 127.0.0.1.
@Suite("Cookies: the interceptor against the mock server")
struct CookieInterceptorTests {
    struct Cookies: Decodable {
        var cookies: [String: String]
    }

    /// A GET of `pathAndQuery` (a query is kept as written).
    func get(_ pathAndQuery: String, on server: MockServer) -> Request {
        Request(url: URL(string: pathAndQuery, relativeTo: server.baseURL)?.absoluteURL ?? server.baseURL)
    }

    func post(_ path: String, json: String, on server: MockServer) -> Request {
        var request = Request(method: .post, url: server.baseURL.appendingPathComponent(path))
        request.body = .data(Data(json.utf8))
        request.headers[.contentType] = "application/json"
        return request
    }

    @Test("a login's session cookie is kept and sent: /session/me answers 401 before, 200 after, 401 after logout")
    func loginThenMe() async throws {
        try await withMockServer { server in
            let jar = CookieJar()
            let handler = liveHandler(server, storage: nil, interceptors: [CookieInterceptor(jar: jar)])
            #expect(try await handler.send(get("session/me", on: server)).statusCode == 401)
            let login = try await handler.send(
                post("session/login", json: #"{"username":"ada","password":"tern"}"#, on: server))
            #expect(login.statusCode == 200)
            let stored = try #require(jar.all(at: handler.clock.now).first)
            #expect(stored.name == "session" && stored.httpOnly && stored.sameSite == .lax && stored.isSession)
            let me = try await handler.send(get("session/me", on: server))
            #expect(me.statusCode == 200 && me.text?.contains("ada") == true, "\(me.text ?? "")")
            _ = try await handler.send(post("session/logout", json: "{}", on: server))
            #expect(jar.storedCookies.isEmpty)
            #expect(try await handler.send(get("session/me", on: server)).statusCode == 401)
        }
    }

    @Test("one Cookie header: the request's own cookies first, the jar's after, a name the request sets wins")
    func oneHeader() async throws {
        try await withMockServer { server in
            let jar = CookieJar()
            let handler = liveHandler(server, storage: nil, interceptors: [CookieInterceptor(jar: jar)])
            _ = try await handler.send(get("cookies/set?a=1&b=2", on: server))
            var request = get("echo", on: server)
            request.headers.append(HTTPField(name: .cookie, value: "own=x"))
            request.headers.append(HTTPField(name: .cookie, value: "b=mine"))
            let echo = try await handler.send(request).decode(Echo.self)
            #expect(echo.headers["cookie"] == "own=x; b=mine; a=1", "\(echo.headers)")
            let listed = try await handler.send(get("cookies", on: server)).decode(Cookies.self)
            #expect(listed.cookies == ["a": "1", "b": "2"])
            _ = try await handler.send(get("cookies/delete?a", on: server))
            #expect(jar.storedCookies.map(\.name) == ["b"])
        }
    }

    @Test("expiry follows the handler's clock; usesCookies = false sends and stores nothing")
    func expiryAndOptOut() async throws {
        try await withMockServer { server in
            let clock = TestClock()
            let jar = CookieJar()
            jar.store(setCookieFields: ["short=1; Max-Age=60"], for: server.baseURL, at: clock.now)
            let handler = liveHandler(
                server, storage: nil, interceptors: [CookieInterceptor(jar: jar)], clock: clock)
            #expect(try await handler.send(get("cookies", on: server)).decode(Cookies.self).cookies == ["short": "1"])
            clock.advance(by: 61)
            #expect(try await handler.send(get("cookies", on: server)).decode(Cookies.self).cookies.isEmpty)
            var optOut = get("cookies/set?c=3", on: server)
            optOut.usesCookies = false
            _ = try await handler.send(optOut)
            #expect(!jar.storedCookies.contains { $0.name == "c" })
        }
    }

    @Test("a cookie set with a 401 that a ValidationInterceptor turns into an error is still stored")
    func storedFromRejectedResponse() async throws {
        let deny = MockRoute(path: "/deny", response: MockResponse(status: 401, headers: [("Set-Cookie", "late=1")]))
        try await withMockServer(routes: [deny]) { server in
            let jar = CookieJar()
            let handler = liveHandler(
                server, storage: nil, retryPolicy: .never,
                interceptors: [CookieInterceptor(jar: jar), ValidationInterceptor()])
            await #expect(throws: TernError.self) {
                _ = try await handler.send(get("deny", on: server))
            }
            #expect(jar.storedCookies.map(\.name) == ["late"])
        }
    }

    @Test("on the wire the jar's and the request's cookies travel in exactly one Cookie line")
    func oneLineOnTheWire() async throws {
        let server = try RawEchoServer()
        defer { server.stop() }
        let base = try #require(URL(string: server.baseURL))
        let jar = CookieJar()
        jar.store(setCookieFields: ["a=1", "b=2"], for: base, at: Date())
        let handler = Handler(
            transport: HTTPClientTransport.shared, storage: nil, interceptors: [CookieInterceptor(jar: jar)])
        var request = Request(url: base.appendingPathComponent("x"))
        request.headers.append(HTTPField(name: .cookie, value: "own=1"))
        _ = try await handler.send(request)
        let received = try #require(server.take().first)
        #expect(received.values("cookie") == ["own=1; a=1; b=2"])
    }
}
