import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

/// `tern import grpcurl`: grpcurl's flags into a gRPC spec and its target, grpcurl's refusals as errors, and
/// `tern export grpcurl`'s command read back into the same spec.
@Suite("grpcurl import and export")
struct GRPCurlImportTests {
    /// A workspace with `protos/a.proto`, `protos/dir/` and `s.pb` in it.
    private let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("grpcurl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("protos/dir"), withIntermediateDirectories: true)
        try Data("syntax = \"proto3\";\n".utf8).write(to: root.appendingPathComponent("protos/a.proto"))
        try Data([1, 2]).write(to: root.appendingPathComponent("s.pb"))
    }

    private func read(_ text: String) throws(ImportError) -> ImportedCollection {
        try GRPCurlImporter.read(
            ImportSource(data: Data(text.utf8), name: "cmd.sh", baseDirectory: root, workspaceRoot: root))
    }

    private func failure(_ text: String) -> String {
        do {
            _ = try read(text)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test("the flags of a call: message, metadata (credentials as secrets), protos, deadline, plaintext")
    func call() throws {
        let collection = try read(
            #"grpcurl -plaintext -d '{"name":"x"}' -H "authorization: Bearer t" -rpc-header 'x-id: 7' "#
                + "-proto protos/a.proto -import-path protos/dir -max-time 5 -format json localhost:50051 "
                + "pkg.Svc/Method")
        #expect(collection.format == .grpcurl)
        let imported = try #require(collection.specs.first)
        #expect(imported.fileName == "method")
        let spec = imported.spec
        #expect(spec.name == "pkg.Svc/Method")
        #expect(spec.target == "localhost")
        #expect(spec.grpc?.method == "pkg.Svc/Method")
        #expect(spec.grpc?.messages == [["name": "x"]])
        #expect(
            spec.grpc?.metadata == [
                GRPCDefinition.Entry(name: "authorization", value: "Bearer {{secret:LOCALHOST_AUTHORIZATION}}"),
                GRPCDefinition.Entry(name: "x-id", value: "7"),
            ])
        #expect(spec.grpc?.timeout == 5)
        #expect(
            collection.secrets == [ImportedSecret(name: "LOCALHOST_AUTHORIZATION", value: "t", item: "pkg.Svc/Method")])
        var target = WorkspaceTarget(name: "localhost", baseURL: "grpc://localhost:50051")
        target.grpc = .protos(["protos/a.proto"], importPaths: ["protos/dir"])
        #expect(collection.targets == [target])
        #expect(collection.warnings.isEmpty, "\(collection.warnings)")
    }

    @Test("TLS by default, -insecure and a protoset on the target; the dotted method form; a stream of messages")
    func tlsAndStream() throws {
        let collection = try read(
            "grpcurl -insecure -protoset s.pb -d '{\"a\": 1} {\"a\": 2}' -connect-timeout 3 api.test:443 "
                + "pkg.Svc.Chat")
        let spec = try #require(collection.specs.first).spec
        #expect(spec.grpc?.method == "pkg.Svc/Chat")
        #expect(spec.grpc?.messages == [["a": 1], ["a": 2]])
        var target = WorkspaceTarget(name: "api-test", baseURL: "grpcs://api.test:443")
        target.grpc = .protoset("s.pb")
        target.tls = TLSDefinition(insecure: true)
        #expect(collection.targets == [target])
        #expect(
            collection.warnings == ["pkg.Svc/Chat (line 1): -connect-timeout: not imported (Tern connects within 10 s)"]
        )
    }

    @Test("two commands to two servers: two targets; one to the same server again shares it")
    func targets() throws {
        let collection = try read(
            """
            $ grpcurl -plaintext a.test:1 p.S/One
            grpcurl -plaintext b.test:2 p.S/Two
            grpcurl -plaintext a.test:1 p.S/Three
            """)
        #expect(collection.specs.map(\.spec.target) == ["a-test", "a-test-2", "a-test"])
        #expect(collection.targets.map(\.baseURL) == ["grpc://a.test:1", "grpc://b.test:2"])
    }

    @Test(
        "what grpcurl would not call, or what a spec cannot keep, is an error that says why",
        arguments: [
            ("grpcurl -plaintext -d @ localhost:1 p.S/M", "-d @ reads the messages from standard input"),
            ("grpcurl -plaintext localhost:1 list", "grpcurl list is not a call"),
            ("grpcurl -plaintext localhost:1 describe p.S", "grpcurl describe is not a call"),
            ("grpcurl -plaintxt localhost:1 p.S/M", "grpcurl has no flag -plaintxt (did you mean -plaintext?)"),
            ("grpcurl -format text localhost:1 p.S/M", "-format text is not imported"),
            ("grpcurl -plaintext -insecure localhost:1 p.S/M", "-plaintext and -insecure together"),
            ("grpcurl -proto protos/a.proto -protoset s.pb localhost:1 p.S/M", "-proto and -protoset together"),
            ("grpcurl -plaintext localhost:1", "grpcurl needs an address and a method"),
            ("grpcurl -plaintext localhost p.S/M", "'localhost' is not HOST:PORT"),
            ("grpcurl -plaintext localhost:1 Method", "'Method' is not a method"),
            ("grpcurl -max-time soon localhost:1 p.S/M", "-max-time is a number of seconds"),
            ("grpcurl -plaintext -d '{\"a\": ' localhost:1 p.S/M", "-d: a message is not closed"),
            ("grpcurl -unix /tmp/s p.S/M", "Tern calls servers over TCP"),
            ("curl https://x.test", "holds no grpcurl command"),
        ])
    func refusals(command: String, message: String) {
        let text = failure(command)
        #expect(text.contains(message), "\(text)")
    }

    @Test("the exported command is the one a person writes, secrets as shell variables; imported again, the same call")
    func exportRoundTrip() throws {
        var call = GRPCurlCommand.Call(address: "localhost:50051", method: "pkg.Svc/Method", plaintext: true)
        call.descriptors = .protos(
            [root.appendingPathComponent("protos/a.proto")], importPaths: [root.appendingPathComponent("protos/dir")])
        call.metadata = ["authorization: Bearer t0ken-1", "x-note: it's"]
        call.messages = ["{\n  \"name\": \"a b\"\n}"]
        call.timeout = 5
        let command = GRPCurlCommand.make(call, secrets: [CurlCommand.Secret(name: "TOKEN", value: "t0ken-1")])
        let path = root.standardizedFileURL.path
        #expect(
            command
                == "grpcurl -plaintext -import-path \(path)/protos/dir -proto \(path)/protos/a.proto "
                + #"-H 'authorization: Bearer '"$TOKEN" -H 'x-note: it'\''s' -d '{"name":"a b"}' -max-time 5 "#
                + "localhost:50051 pkg.Svc/Method")
        let again = try read(command)
        let spec = try #require(again.specs.first).spec
        #expect(spec.grpc?.messages == [["name": "a b"]])
        #expect(spec.grpc?.metadata.first?.value == "Bearer {{env:TOKEN}}")
        #expect(spec.grpc?.timeout == 5)
        #expect(again.targets.first?.grpc == .protos(["protos/a.proto"], importPaths: ["protos/dir"]))
    }

    @Test("auto-detection tells a grpcurl command")
    func detection() {
        #expect(ImportFormat.detect("grpcurl -plaintext localhost:1 p.S/M")?.format == .grpcurl)
        #expect(ImportFormat.detect("/usr/local/bin/grpcurl localhost:1 p.S/M")?.format == .grpcurl)
    }
}
