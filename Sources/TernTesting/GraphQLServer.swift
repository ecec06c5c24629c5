import Foundation

/// A GraphQL server nobody here wrote the GraphQL machinery of: `scripts/graphql-server.py`, a bookshop on
/// PyPI's Strawberry (graphql-core underneath) served by uvicorn, which `make deps` installs; on 127.0.0.1,
/// with introspection, GraphQL over HTTP and SSE, and subscriptions over graphql-transport-ws.
public final class GraphQLServer: StoppableServer {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/graphql-server.py")

    /// Why the server cannot run here, when it cannot; `nil` when it can.
    public static let unavailable: String? = {
        guard let probe = try? ChildProcess("/usr/bin/env", ["python3", "-c", "import strawberry.asgi, uvicorn"]) else {
            return "python3 is not installed"
        }
        return probe.waitUntilExit() == 0 ? nil : "strawberry-graphql and uvicorn are not installed (make deps)"
    }()

    /// The port on 127.0.0.1.
    public let port: Int
    private let process: ChildProcess

    /// `http://127.0.0.1:PORT/graphql`.
    public var url: String { "http://127.0.0.1:\(port)/graphql" }

    /// Starts the server on a free port and waits up to 20 s until it accepts connections; with `token`,
    /// every request (introspection too) needs `Authorization: Bearer TOKEN`.
    public init(token: String? = nil) async throws {
        if let reason = Self.unavailable { throw UnresponsiveListener.Failure(reason) }
        let port = try FreePort.onLoopback()
        self.port = port
        var arguments = [Self.script.path, String(port)]
        if let token { arguments += ["--token", token] }
        process = try ChildProcess("/usr/bin/env", ["python3"] + arguments, output: .null, error: .null)
        if await FreePort.waitUntilListening(port, seconds: 20) { return }
        await stop()
        throw UnresponsiveListener.Failure("the GraphQL server did not listen on 127.0.0.1:\(port) within 20 s")
    }

    /// Stops the server and waits until it has exited; idempotent.
    public func stop() async {
        await process.stop()
    }

    /// Runs `body` with a server started, then stops it, also when `body` throws.
    public static func with<T>(token: String? = nil, _ body: (GraphQLServer) async throws -> T) async throws -> T {
        try await running(try await GraphQLServer(token: token), body)
    }
}
