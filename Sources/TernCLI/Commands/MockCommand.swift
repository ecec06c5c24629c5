import ArgumentParser
import Foundation
import Tern
import TernGRPC
import TernMock
import TernWorkspace

#if canImport(Glibc)
    import Glibc
    import TernExplorer
#endif

/// `tern mock`: serves the workspace's samples, the built-in routes, recorded WebSocket conversations and
/// recorded gRPC calls until Ctrl-C.
struct MockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock",
        abstract: "Serve the workspace's sample responses and the built-in test routes on a local port."
    )

    @OptionGroup var workspace: WorkspaceOptions

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port (0 picks a free one).")
    var port = 0

    @Option(help: "The port of the WebSocket conversations, when there are any (0 picks a free one).")
    var wsPort = 0

    @Option(help: "The port of the recorded and sampled gRPC calls, plaintext HTTP/2 (0 or none picks a free one).")
    var grpcPort: Int?

    func run() async throws {
        // The mock serves samples and recorded conversations: the cache is not kept open while it runs.
        let (name, routes, conversations, grpc) = try await OpenedWorkspace.with(workspace, .files()) { opened in
            (
                opened.workspace.name, MockRoutes.samples(of: opened.workspace),
                await MockRoutes.conversations(of: opened.workspace, storage: opened.storage),
                await MockGRPC.calls(
                    of: opened.workspace, storage: opened.storage, identity: opened.session.handler.cacheIdentity)
            )
        }
        for warning in grpc.warnings { StandardStream.error.write("tern: warning: \(warning)\n") }
        let server: MockServer
        do {
            server = try await MockServer.start(host: host, port: port, routes: routes)
        } catch {
            throw CommandFailure.usage("cannot listen on \(host):\(port): \(error)")
        }
        var sockets: MockWebSocketServer?
        if !conversations.isEmpty {
            do {
                sockets = try await MockWebSocketServer.start(host: host, port: wsPort, conversations: conversations)
            } catch {
                try? await server.shutdown()
                throw CommandFailure.usage("cannot listen on \(host):\(wsPort): \(error)")
            }
        }
        var calls: GRPCServerHost?
        if grpcPort != nil || !grpc.calls.methods.isEmpty {
            do {
                calls = try await MockGRPC.serve(grpc, host: host, port: grpcPort ?? 0)
            } catch {
                await sockets?.shutdown()
                try? await server.shutdown()
                throw CommandFailure.usage("cannot listen on \(host):\(grpcPort ?? 0): \(error)")
            }
        }
        var lines = ["Mock server for \(name) on \(server.baseURL.absoluteString)"]
        lines += routes.map {
            "  \(($0.method ?? "ANY").padding(toLength: 6, withPad: " ", startingAt: 0)) \($0.path)  (sample)"
        }
        lines.append(
            "  built in: /status/{code} /delay/{ms} /bytes/{n} /echo /flaky/{key} /auth/login /auth/protected "
                + "/auth/refresh "
                + "/upload /redirect/{n} /users"
        )
        if let sockets {
            lines.append("WebSocket conversations on \(sockets.baseURL.absoluteString)")
            var paths: [String] = []
            for conversation in conversations where !paths.contains(conversation.path) {
                paths.append(conversation.path)
            }
            lines += paths.map { path in
                let here = conversations.filter { $0.path == path }
                let what =
                    here.count == 1 ? "\(here[0].steps.count) messages" : "\(here.count) recorded conversations"
                return "  WS     \(path)  (\(what))"
            }
        }
        if let calls {
            lines.append("gRPC on grpc://\(host):\(calls.port)")
            lines += grpc.calls.methods.map { method in
                let recorded = grpc.calls.recordedCount(of: method)
                var what = recorded == 1 ? ["1 recorded call"] : recorded > 1 ? ["\(recorded) recorded calls"] : []
                if grpc.calls.samples[method] != nil { what.append("sample") }
                return "  gRPC   \(method)  (\(what.joined(separator: ", ")))"
            }
            if grpc.reflection != nil { lines.append("  gRPC   server reflection (v1, v1alpha)") }
        }
        lines.append("Press Ctrl-C to stop.")
        StandardStream.output.write(lines.joined(separator: "\n") + "\n")
        await SignalWait.untilInterrupted()
        await calls?.shutdown()
        await sockets?.shutdown()
        try? await server.shutdown()
        StandardStream.error.write("mock server stopped\n")
    }
}

/// Waits for SIGINT or SIGTERM.
enum SignalWait {
    static func untilInterrupted() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { continuation.yield(signalNumber) }
            source.resume()
            sources.append(source)
        }
        for await _ in stream { break }
        for source in sources { source.cancel() }
    }
}
