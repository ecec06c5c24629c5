import Foundation
import TernTesting
import Testing

/// `tern grpc ADDRESS SERVICE/METHOD -d … --save NAME` keeps the call as a spec: on a target added for the
/// address (then reused), its token in the secret store, never over a spec that exists; `tern send NAME`
/// and `tern run` call it again.
@Suite(
    "tern grpc --save", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: GRPCInteropServer.unavailable == nil, "\(GRPCInteropServer.unavailable ?? "")"))
struct GRPCSaveCLITests {
    @Test("--save NAME writes a spec on a target for the address; tern send and tern run call it")
    func saveSendRun() async throws {
        try await GRPCInteropServer.with(token: "s3cret") { server in
            let workspace = try TemporaryWorkspace(copyingDemo: false)
            defer { workspace.remove() }
            try workspace.write("workspace.yaml", "name: saved calls\n")
            let environment = ["HOME": workspace.root.path, "XDG_DATA_HOME": "", "XDG_STATE_HOME": ""]
            let call = [
                "grpc", server.address, "grpc.testing.TestService/UnaryCall", "-d", #"{"responseSize": 3}"#,
                "-H", "x-note: saved", "-H", "authorization: Bearer s3cret",
            ]
            let first = try await Tern.run(
                workspace.arguments(call + ["--save", "calls/unary"]), environment: environment, limit: .seconds(90))
            #expect(first.status == 0, "\(first)")
            #expect(first.stdout.contains("\"body\": \"AAAA\""), "\(first.stdout)")
            #expect(first.stderr.contains("saved calls/unary"), "\(first.stderr)")
            #expect(first.stderr.contains("added the target '127-0-0-1-\(server.port)'"), "\(first.stderr)")
            let manifest = try String(
                contentsOf: workspace.root.appendingPathComponent("workspace.yaml"), encoding: .utf8)
            #expect(manifest.contains("baseURL: \(server.address)"), "\(manifest)")
            #expect(manifest.contains("descriptors: reflection"), "\(manifest)")
            let spec = try String(
                contentsOf: workspace.root.appendingPathComponent("specs/calls/unary.yaml"), encoding: .utf8)
            #expect(spec.contains("method: grpc.testing.TestService/UnaryCall"), "\(spec)")
            #expect(spec.contains("responseSize: 3"), "\(spec)")
            #expect(spec.contains("x-note: saved"), "\(spec)")
            #expect(!spec.contains("s3cret"), "the token is kept in the secret store, not the spec: \(spec)")
            #expect(spec.contains("Bearer {{secret:"), "\(spec)")

            // A second call at the same address goes on the same target; a name in use is refused.
            let second = try await Tern.run(
                workspace.arguments(
                    [
                        "grpc", server.address, "grpc.testing.TestService/EmptyCall", "-H",
                        "authorization: Bearer s3cret",
                        "--save", "calls/empty",
                    ]),
                environment: environment, limit: .seconds(90))
            #expect(second.status == 0, "\(second)")
            #expect(!second.stderr.contains("added the target"), "\(second.stderr)")
            let again = try await Tern.run(
                workspace.arguments(call + ["--save", "calls/unary"]), environment: environment, limit: .seconds(90))
            #expect(again.status != 0, "\(again)")
            #expect(again.stderr.contains("exists already"), "\(again.stderr)")

            let send = try await Tern.run(
                workspace.arguments("send", "calls/unary"), environment: environment, limit: .seconds(90))
            #expect(send.status == 0, "\(send)")
            #expect(send.stdout.contains("AAAA"), "\(send.stdout)")
            let run = try await Tern.run(
                workspace.arguments("run", "calls"), environment: environment, limit: .seconds(90))
            #expect(run.status == 0, "\(run)")
            #expect(run.stderr.contains("2 specs: 2 passed"), "\(run.stderr)")
        }
    }
}
