import Foundation
import TernTesting
import Testing

/// `grpc-status-details-bin` from grpcio's interop server (a `google.rpc.Status` with an `ErrorInfo` among
/// its details): decoded, its `Any` details resolved, when the descriptors know the types (a descriptor
/// set that holds `google/rpc/status.proto`); kept as the raw trailer when they do not (reflection on
/// `TestService` teaches only its own files).
@Suite(
    "gRPC status details", .serialized, .timeLimit(.minutes(5)),
    .enabled(if: GRPCInteropServer.unavailable == nil, "\(GRPCInteropServer.unavailable ?? "")"))
struct GRPCStatusDetailsCLITests {
    static let call = [
        "grpc.testing.TestService/UnaryCall", "-d", #"{"responseStatus": {"code": 9, "message": "details please"}}"#,
    ]

    @Test("with descriptors that know google.rpc.Status: 'details:' after the status line and in the status event")
    func decoded() async throws {
        try await GRPCInteropServer.with { server in
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-home-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: home) }
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let environment = ["HOME": home.path, "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": ""]
            let run = try await Tern.run(
                ["grpc", server.address] + Self.call + ["--protoset", server.protoset.path], in: home,
                environment: environment, limit: .seconds(60))
            #expect(run.status == 1, "\(run)")
            let lines = run.stderr.split(separator: "\n").map(String.init)
            #expect(lines.first == "status FAILED_PRECONDITION (9): details please", "\(run.stderr)")
            let details = try #require(lines.dropFirst().first, "\(run.stderr)")
            #expect(details.hasPrefix("details: "), "\(details)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(details.dropFirst("details: ".count).utf8))
                    as? [String: Any])
            #expect(object["code"] as? Int == 9, "\(object)")
            #expect(object["message"] as? String == "details please", "\(object)")
            let info = try #require((object["details"] as? [[String: Any]])?.first, "\(object)")
            #expect(info["@type"] as? String == "type.googleapis.com/google.rpc.ErrorInfo", "\(info)")
            #expect(info["reason"] as? String == "TERN_TEST", "\(info)")
            #expect((info["metadata"] as? [String: String])?["asked"] == "details please", "\(info)")

            let events = try await Tern.run(
                ["grpc", server.address] + Self.call + ["--protoset", server.protoset.path, "--events", "json"],
                in: home, environment: environment, limit: .seconds(60))
            let status = GRPCCLITests.events(events).last
            #expect(status?["name"] as? String == "FAILED_PRECONDITION", "\(events)")
            #expect((status?["details"] as? [String: Any])?["code"] as? Int == 9, "\(events)")

            // Reflection teaches TestService's files only: the details stay the trailer they came as.
            let reflected = try await Tern.run(
                ["grpc", server.address] + Self.call + ["--events", "json"], in: home, environment: environment,
                limit: .seconds(60))
            let raw = GRPCCLITests.events(reflected).last
            #expect(raw?["details"] == nil, "\(reflected)")
            let trailer = (raw?["trailers"] as? [String: Any])?["grpc-status-details-bin"] as? String
            #expect(trailer.flatMap { Data(base64Encoded: $0) }?.isEmpty == false, "\(reflected)")
        }
    }
}
