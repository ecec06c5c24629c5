import Foundation
import TernTesting
import Testing

/// `tern mock` serving gRPC: calls recorded live against grpcio's interop server into a workspace, then,
/// with that server gone, answered by the mock to grpcio's own client (raw bytes, no descriptors) and to
/// `tern grpc` (through the mock's reflection, and with `--protoset`): the recorded answer (metadata,
/// messages, status, trailers), a spec's `sample:`, NOT_FOUND for a request nothing recorded,
/// UNIMPLEMENTED for a method nothing serves.
@Suite(
    "tern mock serves gRPC", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: GRPCInteropServer.unavailable == nil, "\(GRPCInteropServer.unavailable ?? "")"))
struct GRPCMockCLITests {
    static let service = "grpc.testing.TestService"

    /// A grpcio client that sends raw request bytes (hex) and prints, as JSON, the status, the messages
    /// (hex) and the metadata (`-bin` values in base64).
    static let client = #"""
        import base64, json, sys
        import grpc
        address, method, kind = sys.argv[1], sys.argv[2], sys.argv[3]
        request = bytes.fromhex(sys.argv[4])
        def pairs(metadata):
            return [[k, base64.b64encode(v).decode() if isinstance(v, bytes) else v] for k, v in (metadata or [])]
        channel = grpc.insecure_channel(address)
        out = {}
        try:
            if kind == "unary":
                response, call = channel.unary_unary(method).with_call(request, timeout=20)
                messages = [response.hex()]
            else:
                call = channel.unary_stream(method)(request, timeout=20)
                messages = [m.hex() for m in call]
            out = {"code": call.code().name, "messages": messages, "initial": pairs(call.initial_metadata()),
                   "trailing": pairs(call.trailing_metadata())}
        except grpc.RpcError as error:
            out = {"code": error.code().name, "details": error.details()}
        print(json.dumps(out, sort_keys=True))
        """#

    func python(_ address: String, _ method: String, _ kind: String, _ request: String) async throws -> [String: Any] {
        let run = try await ExternalCommand.run(
            "/usr/bin/env", ["python3", "-c", Self.client, address, "/\(Self.service)/\(method)", kind, request],
            timeout: 60)
        let line = run.output.split(separator: "\n").last.map(String.init) ?? ""
        let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        return try #require(object, "\(run.output)")
    }

    func workspace() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-grpc-mock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try Data("name: gRPC mock\ntargets:\n  svc:\n    baseURL: grpc://127.0.0.1:1\n".utf8).write(
            to: root.appendingPathComponent("workspace.yaml"))
        let spec = """
            target: svc
            grpc:
              method: \(Self.service)/StreamingOutputCall
              message: {responseParameters: [{size: 1}]}
            sample:
              headers: {x-sampled: "yes"}
              body: [{payload: {body: AAE=}}, {payload: {body: AgMF}}]
            """
        try Data(spec.utf8).write(to: root.appendingPathComponent("specs/stream.yaml"))
        return root
    }

    func tern(_ arguments: [String], home: URL) async throws -> RunResult {
        try await Tern.run(
            arguments, in: home,
            environment: ["HOME": home.path, "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": ""],
            limit: .seconds(90))
    }

    /// Starts `tern mock --grpc-port 0` and returns it with the gRPC address it printed and all it printed
    /// before; the process is killed when it has printed no address within 60 s.
    func startMock(_ root: URL, home: URL) async throws -> (ChildProcess, address: String, printed: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        let mock = try ChildProcess(
            Tern.binary.path, ["mock", "--workspace", root.path, "--grpc-port", "0"], environment: environment,
            output: .pipe)
        let watchdog = Task {
            try await Task.sleep(for: .seconds(60))
            mock.terminate(SIGKILL)
        }
        defer { watchdog.cancel() }
        var printed = ""
        for _ in 0..<200 {
            guard let line = await ChildProcess.line(from: mock.standardOutput) else { break }
            printed += line + "\n"
            if line.hasPrefix("gRPC on grpc://") {
                // The method lines follow: read up to the last line.
                while let next = await ChildProcess.line(from: mock.standardOutput) {
                    printed += next + "\n"
                    if next.hasPrefix("Press Ctrl-C") { break }
                }
                return (mock, String(line.dropFirst("gRPC on ".count)), printed)
            }
        }
        await mock.stop()
        throw MockDidNotStart(printed: printed)
    }

    @Test("recorded calls, a spec's sample, NOT_FOUND and UNIMPLEMENTED: to grpcio's client and to tern grpc")
    func recordThenMock() async throws {
        let root = try workspace()
        let home = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try await GRPCInteropServer.with { server in
            let workspace = ["--workspace", root.path]
            let plain = try await tern(
                ["grpc", server.address, "\(Self.service)/UnaryCall", "-d", #"{"responseSize": 3}"#] + workspace,
                home: home)
            #expect(plain.status == 0, "\(plain)")
            let echoed = try await tern(
                [
                    "grpc", server.address, "\(Self.service)/UnaryCall", "-d", #"{"responseSize": 1}"#,
                    "-H", "x-grpc-test-echo-initial: hello", "-H", "x-grpc-test-echo-trailing-bin: AQID",
                ] + workspace, home: home)
            #expect(echoed.status == 0, "\(echoed)")
            let missing = try await tern(
                [
                    "grpc", server.address, "\(Self.service)/UnaryCall", "-d",
                    #"{"responseStatus": {"code": 5, "message": "no such thing"}}"#,
                ] + workspace, home: home)
            #expect(missing.status == 1, "\(missing)")
        }
        let kept = root.appendingPathComponent(".tern/grpc")
        let protoset = try #require(
            try FileManager.default.contentsOfDirectory(atPath: kept.path).first { $0.hasSuffix(".protoset") })
        let descriptors = ["--protoset", kept.appendingPathComponent(protoset).path]

        let (mock, address, printed) = try await startMock(root, home: home)
        do {
            #expect(printed.contains("gRPC   \(Self.service)/UnaryCall  (3 recorded calls)"), "\(printed)")
            #expect(printed.contains("gRPC   \(Self.service)/StreamingOutputCall  (sample)"), "\(printed)")
            let hostPort = String(address.dropFirst("grpc://".count))

            // grpcio's client, bytes in and out.
            let unary = try await python(hostPort, "UnaryCall", "unary", "1003")
            #expect(unary["code"] as? String == "OK", "\(unary)")
            #expect(unary["messages"] as? [String] == ["0a051203000000"], "\(unary)")
            let echo = try await python(hostPort, "UnaryCall", "unary", "1001")
            #expect(echo["messages"] as? [String] == ["0a03120100"], "\(echo)")
            #expect(
                (echo["initial"] as? [[String]])?.contains(["x-grpc-test-echo-initial", "hello"]) == true, "\(echo)")
            #expect(
                (echo["trailing"] as? [[String]])?.contains(["x-grpc-test-echo-trailing-bin", "AQID"]) == true,
                "\(echo)")
            let sample = try await python(hostPort, "StreamingOutputCall", "stream", "")
            #expect(sample["code"] as? String == "OK", "\(sample)")
            #expect(sample["messages"] as? [String] == ["0a0412020001", "0a051203020305"], "\(sample)")
            #expect((sample["initial"] as? [[String]])?.contains(["x-sampled", "yes"]) == true, "\(sample)")
            let unmatched = try await python(hostPort, "UnaryCall", "unary", "1007")
            #expect(unmatched["code"] as? String == "NOT_FOUND", "\(unmatched)")
            #expect((unmatched["details"] as? String)?.contains("3 calls of") == true, "\(unmatched)")
            let unknown = try await python(hostPort, "EmptyCall", "unary", "")
            #expect(unknown["code"] as? String == "UNIMPLEMENTED", "\(unknown)")

            // tern grpc, through the mock's reflection, then with the descriptors reflection kept.
            #expect(printed.contains("gRPC   server reflection (v1, v1alpha)"), "\(printed)")
            let listed = try await tern(["grpc", address, "list"], home: home)
            #expect(listed.status == 0, "\(listed)")
            #expect(listed.stdout.split(separator: "\n").contains("\(Self.service)"), "\(listed.stdout)")
            let reflected = try await tern(
                ["grpc", address, "\(Self.service)/UnaryCall", "-d", #"{"responseSize": 3}"#], home: home)
            #expect(reflected.status == 0, "\(reflected)")
            #expect(reflected.stdout.contains("\"body\": \"AAAA\""), "\(reflected.stdout)")
            let call = try await tern(
                ["grpc", address, "\(Self.service)/UnaryCall", "-d", #"{"responseSize": 3}"#] + descriptors, home: home)
            #expect(call.status == 0, "\(call)")
            #expect(call.stdout == "{\n  \"payload\": {\n    \"body\": \"AAAA\"\n  }\n}\n", "\(call.stdout)")
            let events = try await tern(
                [
                    "grpc", address, "\(Self.service)/UnaryCall", "-d", #"{"responseSize": 1}"#, "--events", "json",
                ] + descriptors, home: home)
            #expect(events.stdout.contains(#""x-grpc-test-echo-initial":"hello""#), "\(events.stdout)")
            #expect(events.stdout.contains(#""x-grpc-test-echo-trailing-bin":"AQID""#), "\(events.stdout)")
            let notFound = try await tern(
                [
                    "grpc", address, "\(Self.service)/UnaryCall", "-d",
                    #"{"responseStatus": {"code": 5, "message": "no such thing"}}"#,
                ] + descriptors, home: home)
            #expect(notFound.status == 1, "\(notFound)")
            #expect(notFound.stderr.contains("status NOT_FOUND (5): no such thing"), "\(notFound.stderr)")
            let sampled = try await tern(
                ["grpc", address, "\(Self.service)/StreamingOutputCall"] + descriptors, home: home)
            #expect(sampled.status == 0, "\(sampled)")
            #expect(sampled.stdout.contains("\"body\": \"AgMF\""), "\(sampled.stdout)")
            let empty = try await tern(["grpc", address, "\(Self.service)/EmptyCall"] + descriptors, home: home)
            #expect(empty.status == 1, "\(empty)")
            #expect(empty.stderr.contains("status UNIMPLEMENTED (12)"), "\(empty.stderr)")
        } catch {
            await mock.stop()
            throw error
        }
        await mock.stop()
    }
}

/// `tern mock` ended, or printed no gRPC address within its time.
struct MockDidNotStart: Error, CustomStringConvertible {
    var printed: String
    var description: String { "tern mock printed no gRPC address: \(printed)" }
}
