import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing

@testable import TernMock

@Suite("Canned routes")
struct CannedRoutesTests {
    @Test("A template route matches one segment per placeholder")
    func templateMatching() async throws {
        let route = MockRoute(path: "/items/{id}/detail", response: .json(#"{"canned":true}"#, status: 202))
        try await withHarness(routes: [route]) { harness in
            let hit = try await harness.send(.GET, "/items/42/detail?x=1")
            #expect(hit.status == 202)
            #expect(hit.header("Content-Type") == "application/json")
            #expect(hit.text == #"{"canned":true}"#)

            let tooDeep = try await harness.send(.GET, "/items/42/extra/detail")
            #expect(tooDeep.status == 404)
            let emptySegment = try await harness.send(.GET, "/items//detail")
            #expect(emptySegment.status == 404)
        }
    }

    @Test("A method filter only answers that method")
    func methodFilter() async throws {
        let route = MockRoute(method: "delete", path: "/users/{id}", response: MockResponse(status: 204))
        try await withHarness(routes: [route]) { harness in
            let deleted = try await harness.send(.DELETE, "/users/1")
            #expect(deleted.status == 204)
            #expect(deleted.body.isEmpty)
            // Other methods fall through to the built-in /users/{id}.
            let fetched = try await harness.send(.GET, "/users/1")
            #expect(fetched.status == 200)
            #expect(try fetched.object()["name"] as? String == "Ada Lovelace")
        }
    }

    @Test("Canned routes win over built-ins, keep their headers and body")
    func overridesBuiltin() async throws {
        let response = MockResponse(status: 200, headers: [("X-Mock", "yes")], body: Data("plain".utf8))
        try await withHarness(routes: [MockRoute(path: "/echo", response: response)]) { harness in
            let reply = try await harness.send(.POST, "/echo", text: "ignored body")
            #expect(reply.text == "plain")
            #expect(reply.header("X-Mock") == "yes")
            #expect(reply.header("Content-Length") == "5")
        }
    }

    @Test("Routes added while running apply at once; the newest match wins")
    func addWhileRunning() async throws {
        try await withHarness { harness in
            #expect(try await harness.send(.GET, "/later").status == 404)
            harness.server.add(MockRoute(path: "/later", response: .json("[1]", status: 500)))
            #expect(try await harness.send(.GET, "/later").status == 500)
            harness.server.add(MockRoute(method: "GET", path: "/later", response: .json("[2]")))
            let reply = try await harness.send(.GET, "/later")
            #expect(reply.status == 200)
            #expect(reply.text == "[2]")
        }
    }

    @Test("A canned delay postpones the answer")
    func cannedDelay() async throws {
        let route = MockRoute(path: "/slow", response: MockResponse(body: Data("ok".utf8), delay: .milliseconds(120)))
        try await withHarness(routes: [route]) { harness in
            let start = ContinuousClock.now
            let reply = try await harness.send(.GET, "/slow")
            #expect(reply.text == "ok")
            #expect(ContinuousClock.now - start >= .milliseconds(120))
        }
    }

    @Test(
        "Template matching on its own",
        arguments: [
            ("/a/{x}", "/a/1", true),
            ("/a/{x}", "/a/", false),
            ("/a/{x}", "/a", false),
            ("/a/{x}/b", "/a/1/b", true),
            ("/a/b", "/a/b", true),
            ("/a/b", "/a/c", false),
        ])
    func matching(template: String, path: String, expected: Bool) {
        let route = MockRoute(path: template, response: MockResponse())
        #expect(route.matches(method: "GET", path: path) == expected)
    }
}
