import Foundation
import TernTesting
import Testing

/// The journey from another tool's gRPC call to Tern's: `tern import grpcurl '…'` and `tern import http` of a
/// `GRPC` request into a fresh workspace, `tern send` of the spec against grpcio's interop server, and
/// `tern export grpcurl` giving the command back (re-imported into the same call).
@Suite(
    "gRPC calls imported from grpcurl and .http files", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: GRPCInteropServer.unavailable == nil, "\(GRPCInteropServer.unavailable ?? "")"))
struct GRPCImportCLITests {
    func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tern-grpc-import-\(UUID().uuidString)")
    }

    func tern(_ arguments: [String], home: URL) async throws -> RunResult {
        try await Tern.run(
            arguments, in: home, environment: ["HOME": home.path, "XDG_DATA_HOME": "", "XDG_STATE_HOME": ""],
            limit: .seconds(90))
    }

    @Test("import grpcurl '…' → send answers; export grpcurl writes the command, secret as $NAME, that imports back")
    func grpcurlJourney() async throws {
        let home = folder()
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let root = home.appendingPathComponent("ws")
        try await GRPCInteropServer.with(token: "s3cret") { server in
            let address = String(server.address.dropFirst("grpc://".count))
            let command =
                #"grpcurl -plaintext -d '{"responseSize": 3}' -H 'authorization: Bearer s3cret' "#
                + "\(address) grpc.testing.TestService/UnaryCall"
            let imported = try await tern(
                ["import", "grpcurl", command, "--into", "calls", "--workspace", root.path], home: home)
            #expect(imported.status == 0, "\(imported)")
            let spec = try String(
                contentsOf: root.appendingPathComponent("specs/calls/unary-call.yaml"), encoding: .utf8)
            #expect(!spec.contains("s3cret"), "the token is in the secret store: \(spec)")
            let manifest = try String(contentsOf: root.appendingPathComponent("workspace.yaml"), encoding: .utf8)
            #expect(manifest.contains("baseURL: grpc://\(address)"), "\(manifest)")

            let sent = try await tern(["send", "unary-call", "--workspace", root.path], home: home)
            #expect(sent.status == 0, "\(sent)")
            #expect(sent.stdout.contains("\"body\": \"AAAA\""), "\(sent.stdout)")

            let exported = try await tern(["export", "grpcurl", "unary-call", "--workspace", root.path], home: home)
            #expect(exported.status == 0, "\(exported)")
            let line = exported.stdout.trimmingCharacters(in: .newlines)
            #expect(
                line
                    == #"grpcurl -plaintext -H 'authorization: Bearer '"$CALLS_AUTHORIZATION" -d '{"responseSize":3}' "#
                    + "\(address) grpc.testing.TestService/UnaryCall", "\(exported)")

            // The command imported again: the same call, the secret now read from the shell's variable.
            let again = home.appendingPathComponent("again")
            let back = try await tern(
                ["import", "grpcurl", line, "--into", "calls", "--workspace", again.path], home: home)
            #expect(back.status == 0, "\(back)")
            let copy = try String(
                contentsOf: again.appendingPathComponent("specs/calls/unary-call.yaml"), encoding: .utf8)
            #expect(copy == spec.replacingOccurrences(of: "secret:", with: "env:"), "\(copy)\nvs\n\(spec)")
            let resent = try await Tern.run(
                ["send", "unary-call", "--workspace", again.path], in: home,
                environment: ["HOME": home.path, "CALLS_AUTHORIZATION": "s3cret"], limit: .seconds(90))
            #expect(resent.status == 0, "\(resent)")
            #expect(resent.stdout.contains("\"body\": \"AAAA\""), "\(resent.stdout)")
        }
    }

    @Test("import http of a GRPC request → send answers; refusals say why and write nothing")
    func httpFileJourney() async throws {
        let home = folder()
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let root = home.appendingPathComponent("ws")
        try await GRPCInteropServer.with(token: "s3cret") { server in
            let address = String(server.address.dropFirst("grpc://".count))
            let file = home.appendingPathComponent("calls.http")
            try Data(
                """
                ### unary
                GRPC \(address)/grpc.testing.TestService/UnaryCall
                authorization: Bearer s3cret

                {"responseSize": 3}
                """.utf8
            ).write(to: file)
            let imported = try await tern(["import", "http", file.path, "--workspace", root.path], home: home)
            #expect(imported.status == 0, "\(imported)")
            let sent = try await tern(["send", "unary", "--workspace", root.path], home: home)
            #expect(sent.status == 0, "\(sent)")
            #expect(sent.stdout.contains("\"body\": \"AAAA\""), "\(sent.stdout)")
        }
        let refused = try await tern(
            [
                "import", "grpcurl", "grpcurl -plaintext localhost:1 list", "--workspace",
                home.appendingPathComponent("no").path,
            ],
            home: home)
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.stderr.contains("grpcurl list is not a call"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("no").path))
    }
}
