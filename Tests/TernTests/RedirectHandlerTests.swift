import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern

/// The handler follows redirects itself, hop by hop through its interceptors, against the mock server.
@Suite("Handler: redirects")
struct RedirectHandlerTests {
    @Test("a chain of 302s is followed to the end; every hop is an event and is listed on the response")
    func followsChains() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server, storage: nil)
            let events = EventLog()
            let response = try await handler.send(get("redirect/3", on: server), onEvent: events.observer)
            #expect(response.statusCode == 200)
            #expect(try response.decode(Echo.self).path == "/echo")
            #expect(response.redirects.map(\.status) == [302, 302, 302, 302], "redirect/3 → 2 → 1 → 0 → /echo")
            #expect(response.redirects.last?.to.hasSuffix("/echo") == true)
            #expect(events.names.filter { $0 == "redirect" }.count == 4)
        }
    }

    @Test("cookies set by a redirect are stored, and the next hop carries them")
    func redirectCookies() async throws {
        try await withMockServer { server in
            let jar = CookieJar()
            let handler = liveHandler(server, storage: nil, interceptors: [CookieInterceptor(jar: jar)])
            var request = get("cookies/set", on: server)
            request.appendQuery(["flavour": .string("oatmeal")])
            let response = try await handler.send(request)
            #expect(response.statusCode == 200)
            #expect(response.text?.contains(#""flavour":"oatmeal""#) == true, "\(response.text ?? "")")
            #expect(jar.storedCookies.map(\.name) == ["flavour"])
        }
    }

    @Test("past the limit the send fails with tooManyRedirects and says how far it went")
    func limit() async throws {
        try await withMockServer { server in
            var request = get("redirect/5", on: server)
            request.redirectPolicy = RedirectPolicy(maximum: 2)
            let error = await #expect(throws: TernError.self) {
                try await liveHandler(server, storage: nil).send(request)
            }
            #expect(error?.kind == .tooManyRedirects)
            #expect(error?.message == "gave up after 2 redirects (limit 2)")
        }
    }

    @Test("not following returns the 3xx as it is")
    func noFollow() async throws {
        try await withMockServer { server in
            var request = get("redirect/1", on: server)
            request.redirectPolicy = .never
            let response = try await liveHandler(server, storage: nil).send(request)
            #expect(response.statusCode == 302)
            #expect(response.headers[.location] == "/redirect/0")
            #expect(response.redirects.isEmpty)
        }
    }

    @Test(
        "301 and 302 after POST and 303 become GET without the body; 307 and 308 keep method and body",
        arguments: [(301, "GET", 0), (302, "GET", 0), (303, "GET", 0), (307, "POST", 7), (308, "POST", 7)])
    func methods(status: Int, method: String, bytes: Int) async throws {
        try await withMockServer { server in
            var request = Request(method: .post, url: server.baseURL.appendingPathComponent("redirect-to"))
            request.appendQuery(["url": .string("/echo"), "status": .int(status)])
            try request.setBody(.data(Data("payload".utf8)))
            request.headers[.contentType] = "text/plain"
            let echo = try await liveHandler(server, storage: nil).send(request).decode(Echo.self)
            #expect(echo.method == method)
            #expect(echo.bodyBytes == bytes)
            #expect((echo.headers["content-type"] != nil) == (bytes > 0))
        }
    }

    @Test("to another origin Authorization and Cookie are dropped and auth is not applied; the same origin keeps them")
    func crossOrigin() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server, storage: nil, interceptors: [AuthenticationInterceptor()])
            var same = get("redirect/1", on: server)
            same.headers[.authorization] = "Bearer secret"
            same.headers[.cookie] = "a=1"
            let kept = try await handler.send(same).decode(Echo.self)
            #expect(kept.headers["authorization"] == "Bearer secret")
            #expect(kept.headers["cookie"] == "a=1")
            var cross = get("redirect-to", on: server)
            cross.appendQuery(["url": .string("http://localhost:\(server.port)/echo")])
            cross.headers[.authorization] = "Bearer secret"
            cross.headers[.cookie] = "a=1"
            cross.authentication = .bearer(token: "signed")
            let dropped = try await handler.send(cross).decode(Echo.self)
            #expect(dropped.path == "/echo")
            #expect(dropped.headers["authorization"] == nil)
            #expect(dropped.headers["cookie"] == nil)
        }
    }
}
