import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing

@testable import TernMock

/// A mock that listens before it knows its canned routes (`start(awaitingRoutes:)`), as the embedded mock of a
/// workspace whose spec files are read behind the TUI's first frame.
@Suite("Routes given after the start")
struct AwaitedRoutesTests {
    /// A server started awaiting routes, with a client; both shut down afterwards.
    func withAwaitingServer(
        routeWait: Duration, _ body: (Harness) async throws -> Void
    ) async throws {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let server = try await MockServer.start(awaitingRoutes: true, routeWait: routeWait)
        do {
            try await body(Harness(server: server, client: client))
        } catch {
            try? await server.shutdown()
            try? await client.shutdown()
            throw error
        }
        try await server.shutdown()
        try await client.shutdown()
    }

    @Test("a request that came before the routes waits for them and gets its canned answer, not a 404")
    func heldUntilRoutes() async throws {
        try await withAwaitingServer(routeWait: .seconds(60)) { harness in
            let early = Task { try await harness.send(.GET, "/sampled/7") }
            // The request is in (counted before it waits) and held: no answer yet.
            let arrived = try await eventually { harness.server.requestCount(path: "/sampled/7") == 1 }
            #expect(arrived)
            harness.server.setRoutes([MockRoute(path: "/sampled/{id}", response: .json(#"{"id":7}"#, status: 203))])
            let reply = try await early.value
            #expect(reply.status == 203)
            #expect(reply.text == #"{"id":7}"#)
            // Later requests go straight through; a path without a route is the built-in 404.
            let later = try await harness.send(.GET, "/sampled/8")
            let unrouted = try await harness.send(.GET, "/nothing-here")
            #expect(later.status == 203)
            #expect(unrouted.status == 404)
        }
    }

    @Test("routes that never come hold a request only as long as the server was told, then it gets a 404")
    func heldAtMostTheWait() async throws {
        try await withAwaitingServer(routeWait: .milliseconds(200)) { harness in
            let reply = try await harness.send(.GET, "/sampled/7")
            #expect(reply.status == 404)
            // A built-in route is answered the same way once the wait is over.
            let builtin = try await harness.send(.GET, "/users/1")
            #expect(builtin.status == 200)
        }
    }

    @Test("setRoutes replaces the routes given at the start and those added since")
    func replaces() async throws {
        let first = MockRoute(path: "/a", response: .json(#"{"a":1}"#, status: 200))
        try await withHarness(routes: [first]) { harness in
            harness.server.add(MockRoute(path: "/b", response: .json(#"{"b":1}"#, status: 200)))
            let added = try await harness.send(.GET, "/b")
            #expect(added.status == 200)
            harness.server.setRoutes([MockRoute(path: "/c", response: .json(#"{"c":1}"#, status: 201))])
            let given = try await harness.send(.GET, "/a")
            let addedSince = try await harness.send(.GET, "/b")
            let replacing = try await harness.send(.GET, "/c")
            #expect(given.status == 404)
            #expect(addedSince.status == 404)
            #expect(replacing.status == 201)
        }
    }

    @Test("a held request whose task is cancelled stops waiting")
    func cancelledWaitEnds() async throws {
        let gate = MockRouteGate(open: false, limit: .seconds(3600))
        let waiting = Task { await gate.pass() }
        waiting.cancel()
        await waiting.value
        #expect(!gate.isOpen)
        gate.open()
        await gate.pass()
        #expect(gate.isOpen)
    }
}
