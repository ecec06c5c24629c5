import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern
@testable import TernURLSession

@Suite("URLSessionTransport: redirects and challenges")
struct URLSessionRedirectTests {
    /// A transport that follows redirects on its own (the default leaves them to the handler).
    static let following = TransportConfiguration(maximumRedirects: 5)
    @Test("redirects are followed to the final response")
    func followed() async throws {
        try await withMockServer { server in
            try await withTransport(Self.following) { transport in
                let request = Request(url: server.baseURL.appendingPathComponent("redirect/3"))
                let reply = try await transport.perform(request, context: TransportContext())
                #expect(reply.status == .ok)
                #expect(try Echo(reply.body).path == "/echo")
                #expect(server.requestCount(path: "/redirect/1") == 1)
            }
        }
    }

    @Test("maximumRedirects 0 returns the 302 as it is")
    func disabled() async throws {
        try await withMockServer { server in
            try await withTransport(TransportConfiguration(maximumRedirects: 0)) { transport in
                let request = Request(url: server.baseURL.appendingPathComponent("redirect/1"))
                let reply = try await transport.perform(request, context: TransportContext())
                #expect(reply.status.code == 302)
                #expect(reply.headers[.location] == "/redirect/0")
                #expect(String(decoding: reply.body, as: UTF8.self) == #"{"status":302,"location":"/redirect/0"}"#)
                #expect(server.requestCount(path: "/redirect/0") == 0)
            }
        }
    }

    @Test("beyond maximumRedirects the last 3xx is returned")
    func limited() async throws {
        try await withMockServer { server in
            try await withTransport(TransportConfiguration(maximumRedirects: 2)) { transport in
                let request = Request(url: server.baseURL.appendingPathComponent("redirect/3"))
                let reply = try await transport.perform(request, context: TransportContext())
                #expect(reply.status.code == 302)
                #expect(reply.headers[.location] == "/redirect/0")
                #expect(server.requestCount(path: "/redirect/0") == 0)
            }
        }
    }

    @Test("a redirect to another origin drops credentials; the same origin keeps them")
    func crossOrigin() async throws {
        try await withMockServer { server in
            try await withTransport(Self.following) { transport in
                func send(_ url: URL) async throws -> Echo {
                    var request = Request(url: url)
                    request.headers[.authorization] = "Bearer secret"
                    request.headers[.cookie] = "session=1"
                    request.headers[.proxyAuthorization] = "Basic eA=="
                    request.headers[HTTPField.Name("X-Keep")!] = "yes"
                    return try Echo(try await transport.perform(request, context: TransportContext()).body)
                }
                let target = "http://localhost:\(server.port)/echo"
                let away = try #require(URL(string: "http://127.0.0.1:\(server.port)/redirect-to?url=\(target)"))
                let other = try await send(away)
                #expect(other.path == "/echo")
                #expect(other.headers["authorization"] == nil)
                #expect(other.headers["cookie"] == nil)
                #expect(other.headers["proxy-authorization"] == nil)
                #expect(other.headers["x-keep"] == "yes")
                let same = try await send(server.baseURL.appendingPathComponent("redirect/1"))
                #expect(same.path == "/echo")
                #expect(same.headers["authorization"] == "Bearer secret")
                #expect(same.headers["cookie"] == "session=1")
            }
        }
    }

    @Test("a 303 after a POST becomes a GET without the body or its length")
    func seeOther() async throws {
        let route = MockRoute(path: "/see-other", response: MockResponse(status: 303, headers: [("Location", "/echo")]))
        try await withMockServer(routes: [route]) { server in
            try await withTransport(Self.following) { transport in
                var request = Request(method: .post, url: server.baseURL.appendingPathComponent("see-other"))
                request.body = .data(Data("payload".utf8))
                request.headers[.contentType] = "text/plain"
                let echo = try Echo(try await transport.perform(request, context: TransportContext()).body)
                #expect(echo.method == "GET")
                #expect(echo.bodyBytes == 0)
                #expect(echo.headers["content-length"] == nil)
                #expect(echo.headers["content-type"] == nil)
            }
        }
    }

    @Test("a 307 that would re-send a body is unsupported, not sent empty")
    func temporaryRedirectWithBody() async throws {
        let route = MockRoute(path: "/moved", response: MockResponse(status: 307, headers: [("Location", "/echo")]))
        try await withMockServer(routes: [route]) { server in
            try await withTransport(Self.following) { transport in
                var request = Request(method: .put, url: server.baseURL.appendingPathComponent("moved"))
                request.body = .data(Data("payload".utf8))
                let error = try await failure(of: transport, request)
                #expect(error.kind == .unsupported)
                #expect(server.requestCount(path: "/echo") == 0)
            }
        }
    }

    @Test("a 401 with WWW-Authenticate is returned as the response", arguments: ["Bearer", #"Basic realm="tern""#])
    func challenge(header: String) async throws {
        let route = MockRoute(
            path: "/guarded",
            response: MockResponse(
                status: 401, headers: [("WWW-Authenticate", header)], body: Data(#"{"error":"no"}"#.utf8)))
        try await withMockServer(routes: [route]) { server in
            try await withTransport { transport in
                let request = Request(url: server.baseURL.appendingPathComponent("guarded"))
                // A hang detector, not a timing check: without the challenge fix the task never completes.
                let reply = try await transport.perform(request, context: TransportContext(timeout: .seconds(30)))
                #expect(reply.status.code == 401)
                #expect(reply.headers[.wwwAuthenticate] == header)
                #expect(String(decoding: reply.body, as: UTF8.self) == #"{"error":"no"}"#)
            }
        }
    }
}
