import Foundation
import TernTesting
import Testing

/// gRPC-Web through the real `tern` against a gRPC-Web server nobody here wrote: the interop
/// `grpc.testing.TestService` handlers of grpcio served over HTTP/1.1 by PyPI's sonora. Unary and server
/// streaming calls, metadata both ways, statuses, the refusals gRPC-Web's limits bring, the offline
/// replay, and a workspace target with `grpc: {web: true}`.
@Suite(
    "gRPC-Web against sonora", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: GRPCInteropServer.webUnavailable == nil, "\(GRPCInteropServer.webUnavailable ?? "")"))
struct GRPCWebCLITests {
    static let service = "grpc.testing.TestService"

    func withServer(_ body: (GRPCInteropServer, URL) async throws -> Void) async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try await GRPCInteropServer.with(web: true) { server in try await body(server, home) }
    }

    func grpc(_ server: GRPCInteropServer, _ arguments: [String], home: URL) async throws -> RunResult {
        try await Tern.run(
            ["grpc", server.address] + arguments + ["--protoset", server.protoset.path], in: home,
            environment: ["HOME": home.path, "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": ""],
            limit: .seconds(90))
    }

    @Test("a unary call answers its message; a server stream arrives message by message (--events json)")
    func unaryAndStream() async throws {
        try await withServer { server, home in
            #expect(server.address.hasPrefix("grpc-web://"))
            let unary = try await grpc(
                server, ["\(Self.service)/UnaryCall", "-d", #"{"responseSize": 3}"#], home: home)
            #expect(unary.status == 0, "\(unary)")
            #expect(GRPCCLITests.documents(unary.stdout).map(GRPCCLITests.bodySize) == [3], "\(unary.stdout)")
            let request = #"{"responseParameters": [{"size": 1}, {"size": 2}, {"size": 3}]}"#
            let stream = try await grpc(
                server, ["\(Self.service)/StreamingOutputCall", "-d", request, "--events", "json"], home: home)
            #expect(stream.status == 0, "\(stream)")
            let events = GRPCCLITests.events(stream)
            #expect(
                events.map { $0["event"] as? String } == [
                    "message", "open", "message", "message", "message", "status",
                ],
                "\(stream)")
            let open = events.first { $0["event"] as? String == "open" }
            #expect((open?["url"] as? String)?.hasPrefix("grpc-web://127.0.0.1:") == true, "\(stream)")
            let sizes = events.filter { $0["direction"] as? String == "in" }.compactMap {
                ($0["data"] as? [String: Any]).map(GRPCCLITests.bodySize)
            }
            #expect(sizes == [1, 2, 3], "\(stream)")
            #expect(events.last?["name"] as? String == "OK")
        }
    }

    @Test("custom_metadata and status_code_and_message over gRPC-Web; the call replays offline")
    func metadataStatusAndReplay() async throws {
        try await withServer { server, home in
            let call = [
                "\(Self.service)/UnaryCall", "-d", #"{"responseSize": 2}"#, "--events", "json",
                "-H", "x-grpc-test-echo-initial: hello-web",
                "-H", "x-grpc-test-echo-trailing-bin: q6ur",
            ]
            let run = try await grpc(server, call, home: home)
            #expect(run.status == 0, "\(run)")
            let events = GRPCCLITests.events(run)
            let headers = events.first { $0["event"] as? String == "open" }?["headers"] as? [String: Any]
            #expect(headers?["x-grpc-test-echo-initial"] as? String == "hello-web", "\(run)")
            let trailers = events.last?["trailers"] as? [String: Any]
            #expect(trailers?["x-grpc-test-echo-trailing-bin"] as? String == "q6ur", "\(run)")

            let failing = #"{"responseStatus": {"code": 2, "message": "test status message ☺"}}"#
            let status = try await grpc(server, ["\(Self.service)/UnaryCall", "-d", failing], home: home)
            #expect(status.status == 1, "\(status)")
            #expect(status.stderr == "status UNKNOWN (2): test status message ☺\n", "\(status.stderr)")

            let replay = try await grpc(server, call + ["--mode", "cache"], home: home)
            #expect(replay.status == 0, "\(replay)")
            let replayed = GRPCCLITests.events(replay)
            #expect(replayed.first { $0["event"] as? String == "open" }?["source"] as? String == "cache", "\(replay)")
            #expect(replayed.filter { $0["direction"] as? String == "in" }.count == 1, "\(replay)")
        }
    }

    @Test("what gRPC-Web cannot carry is refused in a sentence: client streams, reflection; 404 is UNIMPLEMENTED")
    func refusals() async throws {
        try await withServer { server, home in
            let stream = try await grpc(
                server, ["\(Self.service)/StreamingInputCall", "-d", #"{} {}"#], home: home)
            #expect(stream.status == 1, "\(stream)")
            #expect(
                stream.stderr.contains("status UNIMPLEMENTED (12): gRPC-Web carries one request message"), "\(stream)")
            let reflection = try await Tern.run(
                ["grpc", server.address, "list"], in: home, environment: ["HOME": home.path], limit: .seconds(60))
            #expect(reflection.status == 2, "\(reflection)")
            #expect(reflection.stderr.contains("gRPC-Web carries no server reflection"), "\(reflection.stderr)")
            #expect(reflection.stderr.contains("--protoset"), "\(reflection.stderr)")
            let missing = try await grpc(server, ["\(Self.service)/UnimplementedCall"], home: home)
            #expect(missing.status == 1, "\(missing)")
            #expect(missing.stderr.hasPrefix("status UNIMPLEMENTED (12)"), "\(missing.stderr)")
        }
    }

    @Test("a workspace target with grpc: {web: true, protoset}: tern run checks the answers, then replays offline")
    func workspaceTarget() async throws {
        try await withServer { server, root in
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("specs"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: server.protoset, to: root.appendingPathComponent("interop.protoset"))
            let base = server.address.replacingOccurrences(of: "grpc-web://", with: "http://")
            let files = [
                "workspace.yaml": """
                name: gRPC-Web
                targets:
                  web:
                    baseURL: \(base)
                    grpc: {web: true, protoset: interop.protoset}
                """,
                "specs/stream.yaml": """
                target: web
                grpc:
                  method: grpc.testing.TestService/StreamingOutputCall
                  message:
                    responseParameters: [{size: 1}, {size: 4}]
                expect:
                  json:
                    $.count: 2
                    $.messages[1].payload.body: AAAAAA==
                """,
            ]
            for (name, text) in files { try Data(text.utf8).write(to: root.appendingPathComponent(name)) }
            let environment = ["HOME": root.path, "XDG_DATA_HOME": "", "XDG_STATE_HOME": ""]
            let run = try await Tern.run(["run"], in: root, environment: environment, limit: .seconds(90))
            #expect(run.status == 0, "\(run)")
            #expect(run.stderr.contains("1 spec: 1 passed"), "\(run.stderr)")
            let offline = try await Tern.run(
                ["run", "--mode", "cache"], in: root, environment: environment, limit: .seconds(90))
            #expect(offline.status == 0, "\(offline)")
            #expect(offline.stderr.contains("1 answered from the cache"), "\(offline.stderr)")
        }
    }
}
