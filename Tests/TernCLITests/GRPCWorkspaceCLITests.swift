import Foundation
import TernTesting
import Testing

/// gRPC specs in a workspace, through the real `tern` with a home of its own: a target with a
/// `grpc://` baseURL, `tern send` and `tern run` (JUnit, exit 4 on a failed check), a token captured from
/// an HTTP login (httpbin) sent as gRPC metadata, `--mode cache` with the server gone, and a target whose
/// descriptors come from a descriptor set when the server has no reflection.
@Suite(
    "gRPC specs in a workspace", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: GRPCInteropServer.unavailable == nil, "\(GRPCInteropServer.unavailable ?? "")"),
    .enabled(if: Httpbin.python != nil, "python3-httpbin is not installed (make deps installs it)"))
struct GRPCWorkspaceCLITests {
    /// A workspace with an HTTP target (`{{httpbin}}`) and a gRPC one (`{{grpc}}`), a login that captures
    /// a token, and gRPC specs that need it.
    func workspace(grpcSettings: String = "") throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-grpc-ws-\(UUID().uuidString)")
        let specs = root.appendingPathComponent("specs/calls")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        let files = [
            "workspace.yaml": """
            name: gRPC journeys
            targets:
              web:
                baseURL: "{{httpbin}}"
              svc:
                baseURL: "{{grpc}}"
            \(grpcSettings)
            """,
            "specs/login.yaml": """
            target: web
            method: GET
            path: /anything
            query: {token: s3cret}
            capture:
              token: $.args.token
            """,
            "specs/calls/unary.yaml": """
            target: svc
            requires: [login]
            grpc:
              method: grpc.testing.TestService/UnaryCall
              message: {responseSize: 4}
              metadata:
                authorization: "Bearer {{token}}"
            expect:
              json:
                $.payload.body: AAAAAA==
            """,
            "specs/calls/stream.yaml": """
            target: svc
            requires: [login]
            grpc:
              method: grpc.testing.TestService/StreamingOutputCall
              message:
                responseParameters: [{size: 1}, {size: 2}, {size: 3}]
              metadata:
                authorization: "Bearer {{token}}"
            expect:
              json:
                $.count: 3
                $.messages[2].payload.body: AAAA
            """,
            "specs/calls/missing.yaml": """
            target: svc
            requires: [login]
            grpc:
              method: grpc.testing.TestService/UnaryCall
              message: {responseStatus: {code: 5, message: no such thing}}
              metadata:
                authorization: "Bearer {{token}}"
            expect:
              status: NOT_FOUND
            """,
        ]
        for (name, text) in files {
            try Data(text.utf8).write(to: root.appendingPathComponent(name))
        }
        return root
    }

    func tern(
        _ arguments: [String], in root: URL, grpc: String, httpbin: String
    ) async throws -> RunResult {
        try await Tern.run(
            arguments + ["--var", "grpc=\(grpc)", "--var", "httpbin=\(httpbin)"], in: root,
            environment: ["HOME": root.path, "XDG_DATA_HOME": "", "XDG_STATE_HOME": ""], limit: .seconds(90))
    }

    @Test("tern run: an HTTP login's token as gRPC metadata, JUnit, then the same run offline from the cache")
    func runChainJUnitAndReplay() async throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        try await Httpbin.with { httpbin in
            var address = ""
            try await GRPCInteropServer.with(token: "s3cret") { server in
                address = server.address
                let report = root.appendingPathComponent("junit.xml")
                let run = try await tern(
                    ["run", "calls", "--report", "junit:\(report.path)"], in: root, grpc: address,
                    httpbin: httpbin.baseURL)
                #expect(run.status == 0, "\(run)")
                #expect(run.stderr.contains("3 specs: 3 passed"), "\(run.stderr)")
                let junit = try String(contentsOf: report, encoding: .utf8)
                for name in ["calls/unary", "calls/stream", "calls/missing"] {
                    #expect(junit.contains("<testcase name=\"\(name)\""), "\(junit)")
                }
                #expect(junit.contains("failures=\"0\""), "\(junit)")
                let send = try await tern(["send", "calls/unary"], in: root, grpc: address, httpbin: httpbin.baseURL)
                #expect(send.status == 0, "\(send)")
                #expect(send.stdout.contains("\"body\": \"AAAAAA==\""), "\(send.stdout)")
            }
            // The gRPC server is gone: the calls replay from the cache.
            let offline = try await tern(
                ["run", "calls", "--mode", "cache"], in: root, grpc: address, httpbin: httpbin.baseURL)
            #expect(offline.status == 0, "\(offline)")
            #expect(offline.stderr.contains("3 answered from the cache"), "\(offline.stderr)")
        }
    }

    @Test("a check that fails exits 4; a status the spec does not expect fails it too")
    func failedChecks() async throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let wrong = root.appendingPathComponent("specs/calls/unary.yaml")
        try Data(
            (try String(contentsOf: wrong, encoding: .utf8)).replacingOccurrences(of: "AAAAAA==", with: "AAAA").utf8
        ).write(to: wrong)
        let missing = root.appendingPathComponent("specs/calls/missing.yaml")
        try Data(
            (try String(contentsOf: missing, encoding: .utf8)).replacingOccurrences(
                of: "status: NOT_FOUND", with: "duration: 60000"
            ).utf8
        ).write(to: missing)
        try await Httpbin.with { httpbin in
            try await GRPCInteropServer.with(token: "s3cret") { server in
                let run = try await tern(["run", "calls"], in: root, grpc: server.address, httpbin: httpbin.baseURL)
                #expect(run.status == 4, "\(run)")
                #expect(run.stderr.contains("1 passed, 2 failed"), "\(run.stderr)")
                #expect(run.stdout.contains("gRPC status is OK (0)"), "\(run.stdout)")
                #expect(run.stdout.contains("NOT_FOUND (5)"), "\(run.stdout)")
            }
        }
    }

    @Test("a data run: each row's typed value goes into the message, each row checked on its own")
    func dataRun() async throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let spec = """
            target: svc
            grpc:
              method: grpc.testing.TestService/UnaryCall
              message: {responseSize: "{{size:number}}"}
              metadata:
                authorization: Bearer s3cret
            expect:
              json:
                $.payload.body: "{{body}}"
            """
        try Data(spec.utf8).write(to: root.appendingPathComponent("specs/sized.yaml"))
        // The last row expects what two bytes are, not three: that row alone fails.
        try Data("size,body\n1,AA==\n3,AAAA\n3,AAA=\n".utf8).write(to: root.appendingPathComponent("rows.csv"))
        try await GRPCInteropServer.with(token: "s3cret") { server in
            let run = try await tern(
                ["run", "sized", "--data", "rows.csv"], in: root, grpc: server.address, httpbin: "http://127.0.0.1:9")
            #expect(run.status == 4, "\(run)")
            #expect(run.stderr.contains("1 spec × 3 rows: 2 passed, 1 failed"), "\(run.stderr)")
            #expect(run.stdout.contains(#"$.payload.body equals "AAA=" — got "AAAA""#), "\(run.stdout)")
        }
    }

    @Test("tern load on a unary gRPC spec: the token captured once, every answer checked, counted by gRPC status")
    func load() async throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        try await Httpbin.with { httpbin in
            try await GRPCInteropServer.with(token: "s3cret") { server in
                let report = root.appendingPathComponent("load.json")
                let run = try await tern(
                    [
                        "load", "calls/unary", "--concurrency", "4", "--duration", "2", "--check-every", "1",
                        "--report", "json:\(report.path)",
                    ], in: root, grpc: server.address, httpbin: httpbin.baseURL)
                #expect(run.status == 0, "\(run)")
                #expect(run.stdout.contains("gRPC status: OK × "), "\(run.stdout)")
                // Four clients, one HTTP/2 connection: the calls share it.
                #expect(run.stdout.contains("connections: 1 opened, at most 1 open at once"), "\(run.stdout)")
                #expect(run.stdout.contains("errors: none"), "\(run.stdout)")
                #expect(run.stdout.contains(" failed") && run.stdout.contains("checked, 0 failed"), "\(run.stdout)")
                let json = try #require(
                    try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
                let ok = (json["grpcStatuses"] as? [String: Int])?["OK"] ?? 0
                #expect(ok > 0 && ok == json["completed"] as? Int, "\(json)")
                // A streaming method is refused before the load starts.
                let stream = try await tern(
                    ["load", "calls/stream", "--duration", "1"], in: root, grpc: server.address,
                    httpbin: httpbin.baseURL)
                #expect(stream.status == 2, "\(stream)")
                #expect(stream.stderr.contains("load makes unary gRPC calls only"), "\(stream.stderr)")
                // gRPC goes through the handler: the wire engine, asked for, says so.
                let wire = try await tern(
                    ["load", "calls/unary", "--duration", "1", "--engine", "wire"], in: root, grpc: server.address,
                    httpbin: httpbin.baseURL)
                #expect(wire.status == 2, "\(wire)")
                #expect(
                    wire.stderr.contains("--engine wire cannot send calls/unary, a gRPC call; use --engine handler"),
                    "\(wire.stderr)")
            }
        }
    }

    @Test("a target's grpc: {protoset: FILE} describes a server without reflection")
    func protosetTarget() async throws {
        try await GRPCInteropServer.with(reflection: false, token: "s3cret") { server in
            let root = try workspace(grpcSettings: "    grpc: {protoset: interop.protoset}")
            defer { try? FileManager.default.removeItem(at: root) }
            try FileManager.default.copyItem(at: server.protoset, to: root.appendingPathComponent("interop.protoset"))
            try await Httpbin.with { httpbin in
                let run = try await tern(["run", "calls"], in: root, grpc: server.address, httpbin: httpbin.baseURL)
                #expect(run.status == 0, "\(run)")
            }
            let bad = try workspace(grpcSettings: "    grpc: {protoset: interop.protoset, descriptors: reflection}")
            defer { try? FileManager.default.removeItem(at: bad) }
            let refused = try await Tern.run(["list"], in: bad, environment: ["HOME": bad.path])
            #expect(refused.status == 2, "\(refused)")
            #expect(refused.stderr.contains("workspace.yaml:"), "\(refused.stderr)")
        }
    }
}
