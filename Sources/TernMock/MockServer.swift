public import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// An in-process HTTP/1.1 server with canned and built-in routes, for tests and demos.
///
/// Start one with ``start(host:port:routes:limits:)`` (port 0 picks a free port) and always call
/// ``shutdown()``, or use ``withMockServer(routes:limits:isolation:_:)`` which does it for you.
/// ``Limits`` bound slow clients (header and idle timeouts) and how many are served at once.
public final class MockServer: Sendable {
    /// The host the server listens on.
    public let host: String
    /// The port the server is bound to (never 0 once started).
    public let port: Int
    /// The timeouts and the connection cap the server keeps.
    public let limits: Limits

    private let state: MockServerState
    private let connections: ConnectionCap
    private let listener: any Channel
    private let acceptTask: Task<Void, Never>
    /// The event loops of its own (`start(ownEventLoops:)`), ended at shutdown; `nil` on the shared ones.
    private let ownGroup: MultiThreadedEventLoopGroup?
    /// The shutdown, once it began.
    private let stopped = Mutex<Task<Void, Never>?>(nil)

    /// The server's root URL, e.g. `http://127.0.0.1:54321`.
    public var baseURL: URL {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return URL(string: "http://\(hostPart):\(port)") ?? URL(fileURLWithPath: "/")
    }

    private init(
        host: String, port: Int, limits: Limits, state: MockServerState, connections: ConnectionCap,
        listener: any Channel, acceptTask: Task<Void, Never>, ownGroup: MultiThreadedEventLoopGroup?
    ) {
        self.host = host
        self.port = port
        self.limits = limits
        self.state = state
        self.connections = connections
        self.listener = listener
        self.acceptTask = acceptTask
        self.ownGroup = ownGroup
    }

    /// Binds a listening socket and starts serving; `port: 0` picks a free port. With `awaitingRoutes`,
    /// requests wait (at most `routeWait`, 10 s unless told) until ``setRoutes(_:)`` gives the canned routes:
    /// a server that must listen before it knows them, as the embedded mock of a workspace whose spec files
    /// are still being read. With `ownEventLoops` set to N, it serves on N event loop threads of its own
    /// (ended at shutdown) instead of NIO's shared ones: a test that counts what a load sent it, beside
    /// other tests that keep the shared loops busy.
    public static func start(
        host: String = "127.0.0.1", port: Int = 0, routes: [MockRoute] = [], limits: Limits = Limits(),
        awaitingRoutes: Bool = false, routeWait: Duration = .seconds(10), ownEventLoops: Int? = nil
    ) async throws -> MockServer {
        let state = MockServerState(routes: routes, awaitingRoutes: awaitingRoutes, routeWait: routeWait)
        let idle = IdleConnections()
        let cap = ConnectionCap(limit: limits.maximumConnections, idle: idle)
        let ownGroup = ownEventLoops.map { MultiThreadedEventLoopGroup(numberOfThreads: max(1, $0)) }
        let executor = ownGroup.map(EventLoopExecutor.init(group:)) ?? EventLoopExecutor.shared
        let accepted = AcceptedConnections(executor: executor)
        do {
            return try await serve(
                group: ownGroup ?? .singleton, executor: executor, ownGroup: ownGroup, host: host, port: port,
                limits: limits, state: state, idle: idle, cap: cap, accepted: accepted)
        } catch {
            try? await ownGroup?.shutdownGracefully()
            throw error
        }
    }

    private static func serve(
        group: MultiThreadedEventLoopGroup, executor: EventLoopExecutor, ownGroup: MultiThreadedEventLoopGroup?,
        host: String, port: Int, limits: Limits, state: MockServerState, idle: IdleConnections, cap: ConnectionCap,
        accepted: AcceptedConnections
    ) async throws -> MockServer {
        let server = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
            .bind(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(ConnectionDeadlines(limits: limits, idle: idle))
                    return try accepted.wrap(channel)
                }
            }
        let listener = server.channel
        guard let boundPort = listener.localAddress?.port else {
            try? await listener.close()
            throw MockServerError.noBoundPort(host: host)
        }
        let router = MockRouter(state: state)
        // On threads of the mock's own, the connections' tasks too (they inherit the preference).
        let acceptTask = Task(executorPreference: executor) {
            await withDiscardingTaskGroup { group in
                do {
                    try await server.executeThenClose { connections in
                        for try await connection in connections {
                            accepted.take(connection)
                            guard cap.admit() else {
                                group.addTask { try? await connection.executeThenClose { _, _ in } }
                                continue
                            }
                            group.addTask {
                                defer { cap.release() }
                                await HTTPConnection(channel: connection, router: router).run()
                            }
                        }
                    }
                } catch {
                    // The listener was closed or the task cancelled: stop accepting.
                }
                // Connections accepted while stopping, which the loop never took, are finished too.
                await accepted.closeAll()
                group.cancelAll()
            }
        }
        return MockServer(
            host: host, port: boundPort, limits: limits, state: state, connections: cap, listener: listener,
            acceptTask: acceptTask, ownGroup: ownGroup)
    }

    /// Stops accepting, closes every open connection and waits until all are gone; idempotent (a later
    /// call waits for the first one's end: the listener of a server on loops of its own cannot be closed
    /// again once they ended).
    public func shutdown() async throws {
        let stopping = stopped.withLock { stopped in
            if let stopped { return stopped }
            let listener = listener
            let acceptTask = acceptTask
            let ownGroup = ownGroup
            let task = Task {
                try? await listener.close()
                acceptTask.cancel()
                await acceptTask.value
                try? await ownGroup?.shutdownGracefully()
            }
            stopped = task
            return task
        }
        await stopping.value
    }

    /// Adds a canned route while the server runs; the newest matching route wins.
    public func add(_ route: MockRoute) {
        state.add(route)
    }

    /// Replaces every canned route (those given at the start and those added since) while the server runs,
    /// and lets requests held for them (`start(awaitingRoutes:)`) through.
    public func setRoutes(_ routes: [MockRoute]) {
        state.setRoutes(routes)
    }

    /// How many requests were received whose path (without query) equals `path`.
    public func requestCount(path: String) -> Int {
        state.requestCount(path: path)
    }

    /// How many `304 Not Modified` answers the `/etag/{seconds}` route gave for `path`.
    public func notModifiedCount(path: String) -> Int {
        state.notModifiedCount(path: path)
    }

    /// How many requests were received in total.
    public var totalRequestCount: Int {
        state.totalRequestCount
    }

    /// The bearer token `/auth/protected` accepts; starts as `token-0`.
    public var currentToken: String {
        state.currentToken
    }

    /// How many `/auth/refresh` calls succeeded.
    public var refreshCount: Int {
        state.refreshCount
    }

    /// Total bytes received by `/upload`.
    public var uploadedByteCount: Int {
        state.uploadedByteCount
    }

    /// How many client connections are being served right now (for leak checks in tests).
    var openConnectionCount: Int {
        connections.count
    }
}
