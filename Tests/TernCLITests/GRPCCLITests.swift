import Foundation
import TernTesting
import Testing

/// `tern grpc` against the gRPC interoperability service (`grpc.testing.TestService`) served by Python's
/// grpcio: the interop cases of grpc/grpc's doc/interop-test-descriptions.md that a one-shot client can
/// make, the descriptor sources (reflection v1alpha after v1, --proto with -I, --protoset, the copy kept
/// for a server that is down), and the errors a user meets. Every run has a home of its own. One test at a
/// time: each starts a grpcio server, and two dozen Python start-ups at once load the machine enough to
/// make the suite's timing-sensitive neighbours (a WebSocket's 5 s close timeout) miss.
@Suite(
    "tern grpc against grpcio's interop server", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: GRPCInteropServer.unavailable == nil, "\(GRPCInteropServer.unavailable ?? "")"))
struct GRPCCLITests {
    static let service = "grpc.testing.TestService"

    /// Runs `tern grpc ADDRESS arguments…` with a home folder of its own.
    func grpc(
        _ server: GRPCInteropServer, _ arguments: [String], home: URL, address: String? = nil, input: String? = nil
    ) async throws -> RunResult {
        try await Tern.run(
            ["grpc", address ?? server.address] + arguments, in: home,
            environment: ["HOME": home.path, "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": ""],
            input: input, limit: .seconds(90))
    }

    func withHome(_ body: (URL) async throws -> Void) async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try await body(home)
    }

    /// The JSON documents of `text` (one pretty-printed object after another).
    static func documents(_ text: String) -> [[String: Any]] {
        var documents: [[String: Any]] = []
        var current = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            current += line + "\n"
            if line == "}" || line == "{}" {
                if let object = (try? JSONSerialization.jsonObject(with: Data(current.utf8))) as? [String: Any] {
                    documents.append(object)
                }
                current = ""
            }
        }
        return documents
    }

    /// The size of a payload's body (base64 in proto3 JSON); 0 when absent (a default is not printed).
    static func bodySize(_ document: [String: Any]) -> Int {
        guard let payload = document["payload"] as? [String: Any], let body = payload["body"] as? String else {
            return 0
        }
        return Data(base64Encoded: body)?.count ?? -1
    }

    /// The JSON objects of `--events json` on stdout.
    static func events(_ run: RunResult) -> [[String: Any]] {
        run.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    @Test("list names the services (reflection v1alpha after v1), list SERVICE its methods")
    func list() async throws {
        try await GRPCInteropServer.with { server in
            try await withHome { home in
                let run = try await grpc(server, ["list"], home: home)
                #expect(run.status == 0, "\(run)")
                #expect(
                    run.stdout == "grpc.reflection.v1alpha.ServerReflection\n\(Self.service)\n", "\(run.stdout)")
                let methods = try await grpc(server, ["list", Self.service], home: home)
                #expect(methods.status == 0, "\(methods)")
                #expect(methods.stdout.split(separator: "\n").contains("\(Self.service).FullDuplexCall"), "\(methods)")
                #expect(methods.stdout.split(separator: "\n").count == 8, "\(methods.stdout)")
            }
        }
    }

    @Test("describe prints a service and a message as .proto-like text")
    func describe() async throws {
        try await GRPCInteropServer.with { server in
            try await withHome { home in
                let service = try await grpc(server, ["describe", Self.service], home: home)
                #expect(service.status == 0, "\(service)")
                #expect(service.stdout.contains("service TestService"), "\(service.stdout)")
                #expect(service.stdout.contains("rpc FullDuplexCall"), "\(service.stdout)")
                let message = try await grpc(server, ["describe", "grpc.testing.SimpleRequest"], home: home)
                #expect(message.status == 0, "\(message)")
                #expect(message.stdout.contains("message SimpleRequest"), "\(message.stdout)")
                #expect(message.stdout.contains("response_size"), "\(message.stdout)")
            }
        }
    }

    @Test("empty_unary: EmptyCall answers {} and exits 0")
    func emptyUnary() async throws {
        try await GRPCInteropServer.with { server in
            try await withHome { home in
                let run = try await grpc(server, ["\(Self.service)/EmptyCall"], home: home)
                #expect(run.status == 0, "\(run)")
                #expect(run.stdout == "{}\n", "\(run.stdout)")
            }
        }
    }

    @Test("large_unary: 271,828 bytes out (-d @FILE), 314,159 back")
    func largeUnary() async throws {
        try await GRPCInteropServer.with { server in
            try await withHome { home in
                let body = Data(count: 271_828).base64EncodedString()
                let file = home.appendingPathComponent("large.json")
                try Data(#"{"responseSize": 314159, "payload": {"body": "\#(body)"}}"#.utf8).write(to: file)
                let run = try await grpc(server, ["\(Self.service)/UnaryCall", "-d", "@\(file.path)"], home: home)
                #expect(run.status == 0, "\(run.stderr)")
                let documents = Self.documents(run.stdout)
                #expect(documents.count == 1)
                #expect(documents.first.map(Self.bodySize) == 314_159)
            }
        }
    }

    @Test("client_streaming: four messages from -d, one answer with their total size")
    func clientStreaming() async throws {
        try await GRPCInteropServer.with { server in
            try await withHome { home in
                let messages = [27182, 8, 1828, 45904].map { size in
                    #"{"payload": {"body": "\#(Data(count: size).base64EncodedString())"}}"#
                }
                let file = home.appendingPathComponent("in.json")
                try Data(messages.joined(separator: "\n").utf8).write(to: file)
                let run = try await grpc(
                    server, ["\(Self.service)/StreamingInputCall", "-d", "@\(file.path)"], home: home)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(Self.documents(run.stdout).first?["aggregatedPayloadSize"] as? Int == 74922, "\(run.stdout)")
            }
        }
    }

    @Test("server_streaming: four answers in order, each one JSON document")
    func serverStreaming() async throws {
        try await GRPCInteropServer.with { server in
            try await withHome { home in
                let sizes = [31415, 9, 2653, 58979]
                let parameters = sizes.map { #"{"size": \#($0)}"# }.joined(separator: ",")
                let run = try await grpc(
                    server,
                    ["\(Self.service)/StreamingOutputCall", "-d", #"{"responseParameters": [\#(parameters)]}"#],
                    home: home)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(Self.documents(run.stdout).map(Self.bodySize) == sizes, "\(run.stdout.prefix(300))")
            }
        }
    }

    @Test("ping_pong: a bidirectional call answers each of four messages from standard input (-d @-)")
    func pingPong() async throws {
        try await GRPCInteropServer.with { server in
            try await withHome { home in
                let pairs = [(31415, 27182), (9, 8), (2653, 1828), (58979, 45904)]
                let input = pairs.map { response, request in
                    #"{"responseParameters": [{"size": \#(response)}], "#
                        + #""payload": {"body": "\#(Data(count: request).base64EncodedString())"}}"#
                }.joined(separator: "\n")
                let run = try await grpc(
                    server, ["\(Self.service)/FullDuplexCall", "-d", "@-"], home: home, input: input)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(Self.documents(run.stdout).map(Self.bodySize) == pairs.map(\.0))
            }
        }
    }

    @Test("empty_stream: a bidirectional call with no messages ends OK with none")
    func emptyStream() async throws {
        try await GRPCInteropServer.with { server in
            try await withHome { home in
                let run = try await grpc(server, ["\(Self.service)/FullDuplexCall"], home: home)
                #expect(run.status == 0, "\(run)")
                #expect(run.stdout.isEmpty, "\(run.stdout)")
            }
        }
    }

    @Test("custom_metadata: -H metadata (text and -bin) echoed in the initial metadata and the trailers")
    func customMetadata() async throws {
        try await GRPCInteropServer.with { server in
            try await withHome { home in
                let run = try await grpc(
                    server,
                    [
                        "\(Self.service)/UnaryCall", "-d", #"{"responseSize": 314159}"#, "--events", "json",
                        "-H", "x-grpc-test-echo-initial: test_initial_metadata_value",
                        "-H", "x-grpc-test-echo-trailing-bin: q6ur",
                    ], home: home)
                #expect(run.status == 0, "\(run)")
                let events = Self.events(run)
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

    @Test("status_code_and_message: another status prints 'status NAME (CODE): MESSAGE' and exits 1")
    func statusCodeAndMessage() async throws {
        try await GRPCInteropServer.with { server in
            try await withHome { home in
                let request = #"{"responseStatus": {"code": 2, "message": "test status message"}}"#
                let run = try await grpc(server, ["\(Self.service)/UnaryCall", "-d", request], home: home)
                #expect(run.status == 1, "\(run)")
                #expect(run.stderr == "status UNKNOWN (2): test status message\n", "\(run.stderr)")
                #expect(run.stdout.isEmpty)
            }
        }
    }

    @Test("special_status_message: whitespace and Unicode in a status message arrive exactly (--events json)")
    func specialStatusMessage() async throws {
        try await GRPCInteropServer.with { server in
            try await withHome { home in
                let message = "\t\ntest with whitespace\r\nand Unicode BMP ☺ and non-BMP 😈\t\n"
                let escaped = String(data: try JSONSerialization.data(withJSONObject: [message]), encoding: .utf8)
                let text = escaped.map { String($0.dropFirst().dropLast()) } ?? ""
                let request = #"{"responseStatus": {"code": 2, "message": \#(text)}}"#
                let run = try await grpc(
                    server, ["\(Self.service)/UnaryCall", "-d", request, "--events", "json"], home: home)
                #expect(run.status == 1, "\(run)")
                let status = Self.events(run).last
                #expect(status?["message"] as? String == message, "\(run.stdout)")
                #expect(status?["name"] as? String == "UNKNOWN")
            }
        }
    }

    @Test("unimplemented_method and unimplemented_service end with UNIMPLEMENTED (12)")
    func unimplemented() async throws {
        try await GRPCInteropServer.with { server in
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

    @Test("timeout_on_sleeping_server: --max-time ends a call the server sleeps through with DEADLINE_EXCEEDED")
    func timeoutOnSleepingServer() async throws {
        try await GRPCInteropServer.with { server in
            try await withHome { home in
                let request = #"{"responseParameters": [{"size": 1, "intervalUs": 20000000}]}"#
                let run = try await grpc(
                    server, ["\(Self.service)/StreamingOutputCall", "-d", request, "--max-time", "1"], home: home)
                #expect(run.status == 1, "\(run)")
                #expect(run.stderr.hasPrefix("status DEADLINE_EXCEEDED (4)"), "\(run.stderr)")
            }
        }
    }

    @Test("cancel_after_first_response: Ctrl-C after the first answer resets the call, which ends CANCELLED")
    func cancelAfterFirstResponse() async throws {
        try await GRPCInteropServer.with { server in
            try await withHome { home in
                var environment = ProcessInfo.processInfo.environment
                environment["HOME"] = home.path
                environment["XDG_DATA_HOME"] = nil
                environment["TERN_WORKSPACE"] = nil
                // The second answer would come after 30 s: only the cancel ends the call sooner.
                let request = #"{"responseParameters": [{"size": 1}, {"size": 2, "intervalUs": 30000000}]}"#
                let process = try ChildProcess(
                    Tern.binary.path,
                    ["grpc", server.address, "\(Self.service)/StreamingOutputCall", "-d", request, "--events", "json"],
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

    @Test("a method the descriptors don't know is refused before anything is sent, naming close matches")
    func unknownMethod() async throws {
        try await GRPCInteropServer.with { server in
            try await withHome { home in
                let run = try await grpc(server, ["\(Self.service)/UnaryCal"], home: home)
                #expect(run.status == 2, "\(run)")
                #expect(run.stderr.contains("has no method 'UnaryCal' (did you mean 'UnaryCall'?)"), "\(run.stderr)")
                #expect(run.stderr.contains("'EmptyCall'"), "\(run.stderr)")
                let service = try await grpc(server, ["grpc.testing.TestServic/EmptyCall"], home: home)
                #expect(service.status != 0, "\(service)")
                #expect(service.stderr.contains("grpc.testing.TestServic"), "\(service.stderr)")
            }
        }
    }

    @Test("a message that does not fit the method's input is refused, naming the field")
    func badMessage() async throws {
        try await GRPCInteropServer.with { server in
            try await withHome { home in
                let run = try await grpc(
                    server, ["\(Self.service)/UnaryCall", "-d", #"{"responseSize": "many"}"#], home: home)
                #expect(run.status == 2, "\(run)")
                #expect(run.stderr.contains("grpc.testing.SimpleRequest"), "\(run.stderr)")
                #expect(run.stderr.contains("responseSize") || run.stderr.contains("response_size"), "\(run.stderr)")
                let two = try await grpc(server, ["\(Self.service)/EmptyCall", "-d", "{} {}"], home: home)
                #expect(two.status == 2, "\(two)")
                #expect(two.stderr.contains("takes one request message"), "\(two.stderr)")
            }
        }
    }

    @Test("a server without reflection: the error names --proto, --protoset and the target's grpc: settings")
    func noReflection() async throws {
        try await GRPCInteropServer.with(reflection: false) { server in
            try await withHome { home in
                let run = try await grpc(server, ["\(Self.service)/EmptyCall"], home: home)
                #expect(run.status == 1, "\(run)")
                for word in ["does not offer server reflection", "--proto", "--protoset", "grpc:"] {
                    #expect(run.stderr.contains(word), "\(run.stderr)")
                }
                // With the .proto files (imports from -I) or a descriptor set, the same call goes through.
                let protos = try await grpc(
                    server,
                    [
                        "\(Self.service)/UnaryCall", "-d", #"{"responseSize": 3}"#, "--proto",
                        GRPCInteropServer.testProto.path, "-I", GRPCInteropServer.protoFolder.path,
                    ], home: home)
                #expect(protos.status == 0, "\(protos)")
                #expect(Self.documents(protos.stdout).first.map(Self.bodySize) == 3, "\(protos.stdout)")
                let set = try await grpc(
                    server, ["\(Self.service)/EmptyCall", "--protoset", server.protoset.path], home: home)
                #expect(set.status == 0, "\(set)")
                #expect(set.stdout == "{}\n")
            }
        }
    }

    @Test("an import no path holds names the file, the import as written and every path tried")
    func unresolvedImport() async throws {
        try await GRPCInteropServer.with(reflection: false) { server in
            try await withHome { home in
                let run = try await grpc(
                    server, ["\(Self.service)/EmptyCall", "--proto", GRPCInteropServer.testProto.path], home: home)
                #expect(run.status == 2, "\(run)")
                let folder = GRPCInteropServer.testProto.deletingLastPathComponent().path
                #expect(run.stderr.contains("test.proto:21: import \"src/proto/grpc/testing/empty.proto\""), "\(run)")
                #expect(run.stderr.contains("tried \(folder)/src/proto/grpc/testing/empty.proto"), "\(run.stderr)")
            }
        }
    }

    @Test("reflection carries -H metadata: a server that wants a token answers only with it")
    func reflectionWithToken() async throws {
        try await GRPCInteropServer.with(token: "s3cret") { server in
            try await withHome { home in
                let denied = try await grpc(server, ["list"], home: home)
                #expect(denied.status == 1, "\(denied)")
                #expect(denied.stderr.contains("UNAUTHENTICATED"), "\(denied.stderr)")
                let run = try await grpc(
                    server, ["\(Self.service)/EmptyCall", "-H", "authorization: Bearer s3cret"], home: home)
                #expect(run.status == 0, "\(run)")
                #expect(run.stdout == "{}\n")
            }
        }
    }

    @Test("what reflection taught is kept: list and describe work with the server down; a call says it is down")
    func offlineDescriptors() async throws {
        try await withHome { home in
            var address = ""
            try await GRPCInteropServer.with { server in
                address = server.address
                let run = try await grpc(server, ["\(Self.service)/EmptyCall"], home: home)
                #expect(run.status == 0, "\(run)")
            }
            let list = try await Tern.run(
                ["grpc", address, "list", Self.service], in: home,
                environment: ["HOME": home.path, "XDG_DATA_HOME": "", "XDG_STATE_HOME": ""])
            #expect(list.status == 0, "\(list)")
            #expect(list.stdout.contains("\(Self.service).EmptyCall"), "\(list)")
            let call = try await Tern.run(
                ["grpc", address, "\(Self.service)/EmptyCall"], in: home,
                environment: ["HOME": home.path, "XDG_DATA_HOME": "", "XDG_STATE_HOME": ""])
            #expect(call.status == 1, "\(call)")
            #expect(call.stderr.hasPrefix("status UNAVAILABLE (14)"), "\(call.stderr)")
        }
    }

    @Test("a call recorded live replays offline with --mode cache (source cache); another message is a miss")
    func replayOffline() async throws {
        try await withHome { home in
            var address = ""
            let request = #"{"responseParameters": [{"size": 2}, {"size": 5}]}"#
            let method = "\(Self.service)/StreamingOutputCall"
            var live = RunResult(status: -1, stdout: "", stderr: "", stdoutData: Data())
            try await GRPCInteropServer.with { server in
                address = server.address
                live = try await grpc(server, [method, "-d", request], home: home)
                #expect(live.status == 0, "\(live)")
                let failed = try await grpc(
                    server,
                    ["\(Self.service)/UnaryCall", "-d", #"{"responseStatus": {"code": 5, "message": "gone"}}"#],
                    home: home)
                #expect(failed.status == 1, "\(failed)")
            }
            // The server is gone: the answers come from the cache, the descriptors from what reflection taught.
            let environment = ["HOME": home.path, "XDG_DATA_HOME": "", "XDG_STATE_HOME": ""]
            let replayed = try await Tern.run(
                ["grpc", address, method, "-d", request, "--mode", "cache"], in: home, environment: environment)
            #expect(replayed.status == 0, "\(replayed)")
            #expect(replayed.stdout == live.stdout, "\(replayed.stdout)")
            #expect(Self.documents(replayed.stdout).map(Self.bodySize) == [2, 5])
            let events = try await Tern.run(
                ["grpc", address, method, "-d", request, "--mode", "cache", "--events", "json"], in: home,
                environment: environment)
            let open = Self.events(events).first { $0["event"] as? String == "open" }
            #expect(open?["source"] as? String == "cache", "\(events.stdout)")
            let status = try await Tern.run(
                [
                    "grpc", address, "\(Self.service)/UnaryCall", "-d",
                    #"{"responseStatus": {"code": 5, "message": "gone"}}"#, "--mode", "cache",
                ], in: home, environment: environment)
            #expect(status.status == 1, "\(status)")
            #expect(status.stderr == "status NOT_FOUND (5): gone\n", "\(status.stderr)")
            let miss = try await Tern.run(
                ["grpc", address, method, "-d", #"{"responseParameters": [{"size": 3}]}"#, "--mode", "cache"],
                in: home, environment: environment)
            #expect(miss.status == 1, "\(miss)")
            #expect(miss.stderr.contains("nothing is stored under"), "\(miss.stderr)")
            #expect(miss.stdout.isEmpty)
        }
    }

    @Test("a server that answers bytes that are no message gets INTERNAL, never a crash")
    func garbage() async throws {
        try await GRPCInteropServer.with(garbage: true) { server in
            try await withHome { home in
                let run = try await grpc(server, ["\(Self.service)/UnaryCall"], home: home)
                #expect(run.status == 1, "\(run)")
                #expect(run.stderr.hasPrefix("status INTERNAL (13)"), "\(run.stderr)")
                #expect(run.stderr.contains("grpc.testing.SimpleResponse"), "\(run.stderr)")
            }
        }
    }

    @Test("grpcs:// with the server's CA (--cacert), and --insecure; plaintext TLS flags are refused")
    func tls() async throws {
        let authority = try TestCertificateAuthority()
        let certificate = try authority.issueServer()
        try await GRPCInteropServer.with(certificate: certificate) { server in
            try await withHome { home in
                let ca = home.appendingPathComponent("ca.pem")
                try Data(authority.caPEM.utf8).write(to: ca)
                let checked = try await grpc(server, ["\(Self.service)/EmptyCall", "--cacert", ca.path], home: home)
                #expect(checked.status == 0, "\(checked)")
                #expect(checked.stdout == "{}\n")
                let insecure = try await grpc(server, ["\(Self.service)/EmptyCall", "--insecure"], home: home)
                #expect(insecure.status == 0, "\(insecure)")
                let unchecked = try await grpc(server, ["\(Self.service)/EmptyCall"], home: home)
                #expect(unchecked.status == 1, "\(unchecked)")
                #expect(unchecked.stderr.contains("certificate is not trusted"), "\(unchecked.stderr)")
                let plain = try await grpc(
                    server, ["\(Self.service)/EmptyCall", "--insecure"], home: home,
                    address: "grpc://127.0.0.1:\(server.port)")
                #expect(plain.status == 2, "\(plain)")
            }
        }
    }

    @Test("TLS to a plaintext server and a symbol the server lacks: sentences that say what to do")
    func misaddressed() async throws {
        try await GRPCInteropServer.with { server in
            try await withHome { home in
                // HOST:PORT without --plaintext is TLS; this server speaks plaintext HTTP/2.
                let tls = try await grpc(server, ["list"], home: home, address: "localhost:\(server.port)")
                #expect(tls.status == 1, "\(tls)")
                #expect(tls.stderr.contains("the TLS handshake failed"), "\(tls.stderr)")
                #expect(tls.stderr.contains("--plaintext"), "\(tls.stderr)")
                let symbol = try await grpc(server, ["describe", "grpc.testing.SimpleReqest"], home: home)
                #expect(symbol.status == 2, "\(symbol)")
                #expect(symbol.stderr.contains("did you mean 'grpc.testing.SimpleRequest'"), "\(symbol.stderr)")
            }
        }
    }

    @Test("an address that is no gRPC address is refused with its form")
    func badAddress() async throws {
        try await withHome { home in
            for address in ["http://127.0.0.1:1", "127.0.0.1", "grpc://127.0.0.1:99999"] {
                let run = try await Tern.run(
                    ["grpc", address, "list"], in: home, environment: ["HOME": home.path, "XDG_DATA_HOME": ""])
                #expect(run.status == 2, "\(address): \(run)")
            }
        }
    }
}
