import Foundation
import TernTesting
import Testing

/// The REPL's `grpc` lines through `tern repl` with stdin piped, against the gRPC interop service
/// (`grpc.testing.TestService`) on Python's grpcio: the address is named once and then remembered.
@Suite(
    "tern repl's grpc lines against grpcio's interop server", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: GRPCInteropServer.unavailable == nil, "\(GRPCInteropServer.unavailable ?? "")"))
struct GRPCREPLTests {
    @Test("list, describe and calls at the remembered address: JSON answers, status lines, errors by line")
    func script() async throws {
        try await GRPCInteropServer.with { server in
            try await withDemo { demo in
                let notFound = #"{"responseStatus": {"code": 5, "message": "no such user"}}"#
                let script = """
                    grpc 127.0.0.1:\(server.port) --plaintext list
                    grpc list grpc.testing.TestService
                    grpc describe grpc.testing.SimpleRequest
                    grpc call grpc.testing.TestService/UnaryCall {"responseSize": 3, "payload": {"body": "AQID"}}
                    grpc call grpc.testing.TestService/UnaryCall \(notFound)
                    grpc grpc.testing.TestService/UnaryCal
                    help grpc
                    """
                let run = try await Tern.run(demo.arguments("repl"), input: script, limit: .seconds(90))
                let out = run.stdout
                #expect(out.contains("grpc.reflection.v1alpha.ServerReflection\ngrpc.testing.TestService\n"), "\(run)")
                #expect(out.contains("grpc.testing.TestService.FullDuplexCall\n"), "\(out)")
                #expect(out.contains("message SimpleRequest"), "\(out)")
                #expect(out.contains("response_size"), "\(out)")
                // {"payload": {"body": "AAAA"}}: three zero bytes, pretty-printed, then the status.
                #expect(out.contains("{\n  \"payload\": {\n    \"body\": \"AAAA\"\n  }\n}\nstatus OK (0)\n"), "\(out)")
                #expect(out.contains("status NOT_FOUND (5): no such user\n"), "\(out)")
                #expect(
                    run.stderr.contains(
                        "tern: error: line 6: grpc.testing.TestService has no method 'UnaryCal' "
                            + "(did you mean 'UnaryCall'?)"), "\(run.stderr)")
                #expect(run.stderr.components(separatedBy: "tern: error:").count == 2, "\(run.stderr)")
                #expect(out.contains("usage: grpc [ADDRESS]"), "\(out)")
                #expect(out.contains("later lines may leave it out"), "\(out)")
                // A wrong line is a usage error (2), above the failed call's 1.
                #expect(run.status == 2, "\(run)")
                let kept = demo.root.appendingPathComponent(".tern/grpc/127.0.0.1_\(server.port).protoset")
                #expect(FileManager.default.fileExists(atPath: kept.path))
            }
        }
    }

    @Test("a call ending with a status other than OK makes a script's exit status 1; none before an address")
    func statuses() async throws {
        try await GRPCInteropServer.with { server in
            try await withDemo { demo in
                let script = """
                    grpc list
                    """
                let before = try await Tern.run(demo.arguments("repl"), input: script, limit: .seconds(90))
                #expect(before.status == 2, "\(before)")
                #expect(before.stderr.contains("line 1: no gRPC address yet"), "\(before.stderr)")
                let call = """
                    grpc \(server.address) call grpc.testing.TestService/EmptyCall
                    grpc call grpc.testing.TestService/UnaryCall {"responseStatus": {"code": 9, "message": "later"}}
                    """
                let run = try await Tern.run(demo.arguments("repl"), input: call, limit: .seconds(90))
                #expect(run.stdout == "{}\nstatus OK (0)\nstatus FAILED_PRECONDITION (9): later\n", "\(run)")
                #expect(run.status == 1, "\(run)")
            }
        }
    }

    @Test("list alone keeps the listed services' descriptors: what Tab completes from, with no call on Tab")
    func listKeeps() async throws {
        try await GRPCInteropServer.with { server in
            try await withDemo { demo in
                let run = try await Tern.run(
                    demo.arguments("repl"), input: "grpc \(server.address) list\n", limit: .seconds(90))
                #expect(run.status == 0, "\(run)")
                let kept = demo.root.appendingPathComponent(".tern/grpc/127.0.0.1_\(server.port).protoset")
                let data = try Data(contentsOf: kept)
                // grpcio lists its reflection service but has no file for it: TestService's files are kept.
                #expect(data.range(of: Data("TestService".utf8)) != nil)
                #expect(data.range(of: Data("SimpleRequest".utf8)) != nil)
            }
        }
    }
}
