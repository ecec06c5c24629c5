import Foundation
import TernTesting
import Testing

/// The interop cases of grpc/grpc's doc/interop-test-descriptions.md that a one-shot `tern grpc` can make,
/// against two servers nobody here wrote the gRPC of: Python's grpcio (with reflection) and grpc-swift's
/// (`SwiftGRPCInteropServer`, in this process, called with `--protoset`). One test at a time, as
/// `GRPCCLITests`.
@Suite(
    "tern grpc: the interop cases against grpcio and grpc-swift", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: GRPCInteropServer.unavailable == nil, "\(GRPCInteropServer.unavailable ?? "")"))
struct GRPCInteropCLITests {
    static let service = "grpc.testing.TestService"

    /// Runs `tern grpc ADDRESS arguments… SERVER-ARGUMENTS` with a home folder of its own.
    func grpc(
        _ server: InteropServerKind.Running, _ arguments: [String], home: URL, input: String? = nil
    ) async throws -> RunResult {
        try await Tern.run(
            ["grpc", server.address] + arguments + server.arguments, in: home,
            environment: ["HOME": home.path, "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": ""],
            input: input, limit: .seconds(90))
    }

    func withHome(_ body: (URL) async throws -> Void) async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try await body(home)
    }

    @Test("empty_unary: EmptyCall answers {} and exits 0", arguments: InteropServerKind.allCases)
    func emptyUnary(kind: InteropServerKind) async throws {
        try await kind.with { server in
            try await withHome { home in
                let run = try await grpc(server, ["\(Self.service)/EmptyCall"], home: home)
                #expect(run.status == 0, "\(run)")
                #expect(run.stdout == "{}\n", "\(run.stdout)")
            }
        }
    }

    @Test("large_unary: 271,828 bytes out (-d @FILE), 314,159 back", arguments: InteropServerKind.allCases)
    func largeUnary(kind: InteropServerKind) async throws {
        try await kind.with { server in
            try await withHome { home in
                let body = Data(count: 271_828).base64EncodedString()
                let file = home.appendingPathComponent("large.json")
                try Data(#"{"responseSize": 314159, "payload": {"body": "\#(body)"}}"#.utf8).write(to: file)
                let run = try await grpc(server, ["\(Self.service)/UnaryCall", "-d", "@\(file.path)"], home: home)
                #expect(run.status == 0, "\(run.stderr)")
                let documents = GRPCCLITests.documents(run.stdout)
                #expect(documents.count == 1)
                #expect(documents.first.map(GRPCCLITests.bodySize) == 314_159)
            }
        }
    }

    @Test(
        "client_streaming: four messages from -d, one answer with their total size",
        arguments: InteropServerKind.allCases)
    func clientStreaming(kind: InteropServerKind) async throws {
        try await kind.with { server in
            try await withHome { home in
                let messages = [27182, 8, 1828, 45904].map { size in
                    #"{"payload": {"body": "\#(Data(count: size).base64EncodedString())"}}"#
                }
                let file = home.appendingPathComponent("in.json")
                try Data(messages.joined(separator: "\n").utf8).write(to: file)
                let run = try await grpc(
                    server, ["\(Self.service)/StreamingInputCall", "-d", "@\(file.path)"], home: home)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(
                    GRPCCLITests.documents(run.stdout).first?["aggregatedPayloadSize"] as? Int == 74922, "\(run.stdout)"
                )
            }
        }
    }

    @Test("server_streaming: four answers in order, each one JSON document", arguments: InteropServerKind.allCases)
    func serverStreaming(kind: InteropServerKind) async throws {
        try await kind.with { server in
            try await withHome { home in
                let sizes = [31415, 9, 2653, 58979]
                let parameters = sizes.map { #"{"size": \#($0)}"# }.joined(separator: ",")
                let run = try await grpc(
                    server,
                    ["\(Self.service)/StreamingOutputCall", "-d", #"{"responseParameters": [\#(parameters)]}"#],
                    home: home)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(
                    GRPCCLITests.documents(run.stdout).map(GRPCCLITests.bodySize) == sizes, "\(run.stdout.prefix(300))")
            }
        }
    }

    @Test(
        "ping_pong: a bidirectional call answers each of four messages from standard input (-d @-)",
        arguments: InteropServerKind.allCases)
    func pingPong(kind: InteropServerKind) async throws {
        try await kind.with { server in
            try await withHome { home in
                let pairs = [(31415, 27182), (9, 8), (2653, 1828), (58979, 45904)]
                let input = pairs.map { response, request in
                    #"{"responseParameters": [{"size": \#(response)}], "#
                        + #""payload": {"body": "\#(Data(count: request).base64EncodedString())"}}"#
                }.joined(separator: "\n")
                let run = try await grpc(
                    server, ["\(Self.service)/FullDuplexCall", "-d", "@-"], home: home, input: input)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(GRPCCLITests.documents(run.stdout).map(GRPCCLITests.bodySize) == pairs.map(\.0))
            }
        }
    }

    @Test(
        "empty_stream: a bidirectional call with no messages ends OK with none", arguments: InteropServerKind.allCases)
    func emptyStream(kind: InteropServerKind) async throws {
        try await kind.with { server in
            try await withHome { home in
                let run = try await grpc(server, ["\(Self.service)/FullDuplexCall"], home: home)
                #expect(run.status == 0, "\(run)")
                #expect(run.stdout.isEmpty, "\(run.stdout)")
            }
        }
    }

    @Test(
        "custom_metadata: -H metadata (text and -bin) echoed in the initial metadata and the trailers",
        arguments: InteropServerKind.allCases)
    func customMetadata(kind: InteropServerKind) async throws {
        try await kind.with { server in
            try await withHome { home in
                let run = try await grpc(
                    server,
                    [
                        "\(Self.service)/UnaryCall", "-d", #"{"responseSize": 314159}"#, "--events", "json",
                        "-H", "x-grpc-test-echo-initial: test_initial_metadata_value",
                        "-H", "x-grpc-test-echo-trailing-bin: q6ur",
                    ], home: home)
                #expect(run.status == 0, "\(run)")
                let events = GRPCCLITests.events(run)
                #expect(events.map { $0["event"] as? String } == ["message", "open", "message", "status"], "\(run)")
                let open = events.first { $0["event"] as? String == "open" }
                #expect(open?["method"] as? String == "\(Self.service)/UnaryCall")
                #expect(open?["source"] as? String == "live")
                let headers = open?["headers"] as? [String: Any]
                #expect(headers?["x-grpc-test-echo-initial"] as? String == "test_initial_metadata_value", "\(run)")
                let status = events.last
                #expect(status?["code"] as? Int == 0)
                #expect(status?["name"] as? String == "OK")
                let trailers = status?["trailers"] as? [String: Any]
                #expect(trailers?["x-grpc-test-echo-trailing-bin"] as? String == "q6ur", "\(run)")
                let out = events.first { $0["direction"] as? String == "out" }
                #expect((out?["data"] as? [String: Any])?["responseSize"] as? Int == 314159, "\(run)")
            }
        }
    }

    @Test(
        "status_code_and_message: another status prints 'status NAME (CODE): MESSAGE' and exits 1",
        arguments: InteropServerKind.allCases)
    func statusCodeAndMessage(kind: InteropServerKind) async throws {
        try await kind.with { server in
            try await withHome { home in
                let request = #"{"responseStatus": {"code": 2, "message": "test status message"}}"#
                let run = try await grpc(server, ["\(Self.service)/UnaryCall", "-d", request], home: home)
                #expect(run.status == 1, "\(run)")
                #expect(run.stderr == "status UNKNOWN (2): test status message\n", "\(run.stderr)")
                #expect(run.stdout.isEmpty)
            }
        }
    }

    @Test(
        "special_status_message: whitespace and Unicode in a status message arrive exactly (--events json)",
        arguments: InteropServerKind.allCases)
    func specialStatusMessage(kind: InteropServerKind) async throws {
        try await kind.with { server in
            try await withHome { home in
                let message = "\t\ntest with whitespace\r\nand Unicode BMP ☺ and non-BMP 😈\t\n"
                let escaped = String(data: try JSONSerialization.data(withJSONObject: [message]), encoding: .utf8)
                let text = escaped.map { String($0.dropFirst().dropLast()) } ?? ""
                let request = #"{"responseStatus": {"code": 2, "message": \#(text)}}"#
                let run = try await grpc(
                    server, ["\(Self.service)/UnaryCall", "-d", request, "--events", "json"], home: home)
                #expect(run.status == 1, "\(run)")
                let status = GRPCCLITests.events(run).last
                #expect(status?["message"] as? String == message, "\(run.stdout)")
                #expect(status?["name"] as? String == "UNKNOWN")
            }
        }
    }

    @Test(
        "unimplemented_method and unimplemented_service end with UNIMPLEMENTED (12)",
        arguments: InteropServerKind.allCases)
    func unimplemented(kind: InteropServerKind) async throws {
        try await kind.with { server in
            try await withHome { home in
                let method = try await grpc(server, ["\(Self.service)/UnimplementedCall"], home: home)
                #expect(method.status == 1, "\(method)")
                #expect(method.stderr.hasPrefix("status UNIMPLEMENTED (12)"), "\(method.stderr)")
                let service = try await grpc(
                    server, ["grpc.testing.UnimplementedService/UnimplementedCall"], home: home)
                #expect(service.status == 1, "\(service)")
                #expect(service.stderr.hasPrefix("status UNIMPLEMENTED (12)"), "\(service.stderr)")
            }
        }
    }

    @Test(
        "timeout_on_sleeping_server: --max-time ends a call the server sleeps through with DEADLINE_EXCEEDED",
        arguments: InteropServerKind.allCases)
    func timeoutOnSleepingServer(kind: InteropServerKind) async throws {
        try await kind.with { server in
            try await withHome { home in
                let request = #"{"responseParameters": [{"size": 1, "intervalUs": 20000000}]}"#
                let run = try await grpc(
                    server, ["\(Self.service)/StreamingOutputCall", "-d", request, "--max-time", "1"], home: home)
                #expect(run.status == 1, "\(run)")
                #expect(run.stderr.hasPrefix("status DEADLINE_EXCEEDED (4)"), "\(run.stderr)")
            }
        }
    }

    @Test(
        "cancel_after_first_response: Ctrl-C after the first answer resets the call, which ends CANCELLED",
        arguments: InteropServerKind.allCases)
    func cancelAfterFirstResponse(kind: InteropServerKind) async throws {
        try await kind.with { server in
            try await withHome { home in
                var environment = ProcessInfo.processInfo.environment
                environment["HOME"] = home.path
                environment["XDG_DATA_HOME"] = nil
                environment["TERN_WORKSPACE"] = nil
                // The second answer would come after 30 s: only the cancel ends the call sooner.
                let request = #"{"responseParameters": [{"size": 1}, {"size": 2, "intervalUs": 30000000}]}"#
                let process = try ChildProcess(
                    Tern.binary.path,
                    ["grpc", server.address, "\(Self.service)/StreamingOutputCall", "-d", request, "--events", "json"]
                        + server.arguments,
                    in: home.path, environment: environment, output: .pipe)
                try await process.whileRunning {
                    var lines: [String] = []
                    while lines.count < 10, let line = await ChildProcess.line(from: process.standardOutput) {
                        lines.append(line)
                        if line.contains(#""direction":"in""#) { process.terminate(SIGINT) }
                        if line.contains(#""event":"status""#) { break }
                    }
                    #expect(lines.filter { $0.contains(#""direction":"in""#) }.count == 1, "\(lines)")
                    #expect(lines.last?.contains(#""name":"CANCELLED""#) == true, "\(lines)")
                    #expect(await process.waitForExit() == 1)
                }
            }
        }
    }
}

/// The interop servers the cases run against.
enum InteropServerKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case grpcio
    case grpcSwift

    var testDescription: String { rawValue }

    /// A server started: its address and what a call to it adds (the descriptors of a server without
    /// reflection).
    struct Running {
        var address: String
        var arguments: [String]
    }

    /// Runs `body` with a server of this kind started, then stops it.
    func with(_ body: (Running) async throws -> Void) async throws {
        switch self {
        case .grpcio:
            try await GRPCInteropServer.with { server in
                try await body(Running(address: server.address, arguments: []))
            }
        case .grpcSwift:
            try await SwiftGRPCInteropServer.with { server in
                try await body(
                    Running(address: server.address, arguments: ["--protoset", server.protoset.path]))
            }
        }
    }
}
