import Foundation
import TernTesting
import Testing

/// `tern grpc` against the gRPC interoperability service (`grpc.testing.TestService`) served by Python's
/// grpcio (the interop cases themselves, against grpcio's and grpc-swift's servers, are
/// `GRPCInteropCLITests`): the descriptor sources (reflection v1alpha after v1, --proto with -I,
/// --protoset, the copy kept for a server that is down), and the errors a user meets. Every run has a
/// home of its own. One test at a time: each starts a grpcio server, and two dozen Python start-ups at
/// once load the machine enough to make the suite's timing-sensitive neighbours (a WebSocket's 5 s close
/// timeout) miss.
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
