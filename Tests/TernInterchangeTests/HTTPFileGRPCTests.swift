import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

/// `GRPC` requests of `.http` files (JetBrains HTTP Client, httpyac, kulala, resterm) import as gRPC specs,
/// and `tern export http` writes gRPC specs back as `GRPC` requests.
@Suite(".http gRPC requests")
struct HTTPFileGRPCTests {
    private func read(_ text: String, files: [String: String] = [:]) throws -> (ImportedCollection, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("http-grpc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, content) in files {
            let file = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: file)
        }
        let source = ImportSource(
            data: Data(text.utf8), name: folder.appendingPathComponent("api.http").path, baseDirectory: folder,
            workspaceRoot: folder)
        return (try HTTPFileImporter.read(source), folder)
    }

    @Test("JetBrains' form: the server and method on the line, headers as metadata, the JSON body as the message")
    func jetBrains() throws {
        let (collection, _) = try read(
            """
            ### Say hello
            GRPC localhost:50051/helloworld.Greeter/SayHello
            authorization: Bearer abc-123
            x-trace: 1

            {
              "name": "world"
            }

            ### Over TLS
            GRPC grpcs://api.test:443/helloworld.Greeter/SayHello

            ### A plain HTTP one
            GET https://api.test/health
            """)
        #expect(collection.skipped.isEmpty, "\(collection.skipped)")
        let hello = try #require(collection.specs.first { $0.spec.name == "Say hello" }).spec
        #expect(hello.grpc?.method == "helloworld.Greeter/SayHello")
        #expect(hello.grpc?.messages == [["name": "world"]])
        #expect(
            hello.grpc?.metadata == [
                GRPCDefinition.Entry(name: "authorization", value: "Bearer {{secret:API_AUTHORIZATION}}"),
                GRPCDefinition.Entry(name: "x-trace", value: "1"),
            ])
        let tls = try #require(collection.specs.first { $0.spec.name == "Over TLS" }).spec
        #expect(collection.specs.map(\.spec.name) == ["Say hello", "Over TLS", "A plain HTTP one"], "source order")
        let targets = Dictionary(uniqueKeysWithValues: collection.targets.map { ($0.name, $0.baseURL) })
        #expect(
            targets == [
                "api": "https://api.test", "api-grpc": "grpc://localhost:50051", "api-grpc-2": "grpcs://api.test:443",
            ])
        #expect(hello.target == "api-grpc" && tls.target == "api-grpc-2")
    }

    @Test("kulala's form: grpcurl's words on the line, # @grpc-… directives, the global ones for what follows")
    func kulala() throws {
        let (collection, folder) = try read(
            """
            # @grpc-global-import-path protos
            ### Echo
            # @grpc-proto protos/echo.proto
            # @grpc-plaintext
            GRPC localhost:8080 echo.v1.EchoService/Echo
            Content-Type: application/json

            {"ping": "hi"}

            ### Echo over TLS
            # @grpc-max-time 2
            GRPC -insecure localhost:8443 echo.v1.EchoService/Echo

            ### Describe
            GRPC localhost:8080 describe echo.v1.EchoService
            """, files: ["protos/echo.proto": "syntax = \"proto3\";\n"])
        _ = folder
        let echo = try #require(collection.specs.first { $0.spec.name == "Echo" }).spec
        #expect(echo.grpc?.messages == [["ping": "hi"]])
        #expect(echo.grpc?.metadata == [], "Content-Type is no metadata")
        let target = try #require(collection.targets.first { $0.name == echo.target })
        #expect(target.baseURL == "grpc://localhost:8080")
        #expect(target.grpc == .protos(["protos/echo.proto"], importPaths: ["protos"]))
        let secure = try #require(collection.specs.first { $0.spec.name == "Echo over TLS" }).spec
        #expect(secure.grpc?.timeout == 2)
        let secureTarget = try #require(collection.targets.first { $0.name == secure.target })
        #expect(secureTarget.baseURL == "grpcs://localhost:8443")
        #expect(secureTarget.tls == TLSDefinition(insecure: true))
        #expect(collection.skipped.map(\.item) == ["Describe"])
        #expect(collection.skipped.first?.reason.contains("grpcurl describe is not a call") == true)
    }

    @Test("resterm's file in the corpus: # @grpc names the method, # @grpc-descriptor the protoset")
    func resterm() throws {
        let file = HTTPFileCorpusTests.folder.appendingPathComponent("unkn0wn-root+resterm/_examples/k8s.http")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("resterm-\(UUID().uuidString)")
        let collection = try HTTPFileImporter.read(
            ImportSource(
                data: try Data(contentsOf: file), name: file.path, baseDirectory: HTTPFileCorpusTests.folder,
                workspaceRoot: root))
        let call = try #require(collection.specs.first { $0.spec.isGRPC }).spec
        #expect(call.name == "Deployment profile over gRPC")
        #expect(call.grpc?.method == "testservices.inventory.ProjectService/Seed")
        #expect(call.grpc?.messages == [[:]])
        let target = try #require(collection.targets.first { $0.name == call.target })
        #expect(target.baseURL == "grpc://payments-api.payments.svc.cluster.local:8082")
        let protoset = file.deletingLastPathComponent().appendingPathComponent("descriptors/testservices.protoset")
        #expect(target.grpc == .protoset(protoset.standardizedFileURL.path))
        #expect(collection.warnings.contains { $0.contains("testservices.protoset' does not exist") })
    }

    @Test("export http writes a gRPC spec as a GRPC request; imported again, the same spec and target")
    func roundTrip() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("http-grpc-rt-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "workspace.yaml":
                "name: calls\ntargets:\n  svc:\n    baseURL: grpc://127.0.0.1:50051\n    grpc: {protoset: s.pb}\n",
            "specs/calls/unary.yaml":
                "target: svc\ngrpc:\n  method: grpc.testing.TestService/UnaryCall\n  message: {responseSize: 4}\n"
                + "  metadata:\n    authorization: \"Bearer {{secret:token}}\"\n  timeout: 5\n"
                + "expect:\n  json:\n    $.payload.body: AAAA\n",
            "s.pb": "x",
        ]
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        let workspace = try Workspace.load(from: root)
        let text = String(decoding: try HTTPFileExport.file(of: workspace, group: "calls"), as: UTF8.self)
        let protoset = root.appendingPathComponent("s.pb").standardizedFileURL.path
        #expect(
            text.contains(
                """
                # @grpc-protoset \(protoset)
                # @grpc-max-time 5
                GRPC grpc://127.0.0.1:50051/grpc.testing.TestService/UnaryCall
                authorization: Bearer {{token}}

                {
                  "responseSize" : 4
                }
                """), "\(text)")
        let exported = root.appendingPathComponent("calls.http")
        try Data(text.utf8).write(to: exported)
        try Data(#"{"default": {"token": "tok-1"}}"#.utf8)
            .write(to: root.appendingPathComponent("http-client.private.env.json"))
        let copy = root.appendingPathComponent("again")
        let back = try HTTPFileImporter.read(
            ImportSource(data: Data(text.utf8), name: exported.path, baseDirectory: root, workspaceRoot: copy))
        let spec = try #require(back.specs.first).spec
        let original = try #require(workspace.specs.first).spec
        #expect(spec.grpc?.method == original.grpc?.method)
        #expect(spec.grpc?.messages == original.grpc?.messages)
        #expect(spec.grpc?.timeout == 5)
        #expect(spec.grpc?.metadata == [GRPCDefinition.Entry(name: "authorization", value: "Bearer {{secret:token}}")])
        #expect(spec.expect == original.expect)
        var target = WorkspaceTarget(name: "calls", baseURL: "grpc://127.0.0.1:50051")
        target.grpc = .protoset(protoset)
        #expect(back.targets == [target])
        try ImportPlan(back, root: copy, group: "calls", overwrite: false, origin: "test").apply()
        let reloaded = try Workspace.load(from: copy)
        #expect(reloaded.targets["calls"]?.grpc == .protoset(protoset))
        #expect(reloaded.specs.first?.spec.grpc == spec.grpc)
    }
}
