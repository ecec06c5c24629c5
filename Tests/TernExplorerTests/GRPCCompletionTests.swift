import Foundation
import Tern
import TernHTTPClient
import TernSQLite
import TernWorkspace
import Testing

@testable import TernExplorer

/// Tab in a `grpc` line: methods, symbols and request fields from descriptors already known (a
/// `--protoset`, or the copy reflection kept in `.tern/grpc/`), asked of the session through its door and
/// never of a server. The descriptors are the rich test schema (`tern.rich.Explorer`).
@Suite("Completion of grpc lines")
struct GRPCCompletionTests {
    static let richProtoset = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TernProtobufTests/Fixtures/rich.protoset")

    /// The vocabulary a session answers for `endpoint` (no gRPC connector: nothing can be called).
    func vocabulary(_ endpoint: GRPCEndpoint, in folder: ScratchFolder) async throws -> GRPCVocabulary {
        let chain = try ChainWorkspace.make(in: folder, specs: [:])
        let workspace = try Workspace.load(from: chain.root)
        let storage = try SQLiteStorage(path: chain.root.appendingPathComponent(".tern/cache.sqlite"))
        let session = ExplorerSession(
            workspace: workspace, transport: HTTPClientTransport.shared, storage: storage, history: storage,
            options: ExplorerSession.Options(processEnvironment: [:]))
        guard case .grpcVocabulary(let vocabulary) = try await session.run(.grpc(.vocabulary(endpoint))) else {
            throw ExplorerError(.usage, "no vocabulary")
        }
        return vocabulary
    }

    func endpoint(_ address: String = "127.0.0.1:50051") throws -> GRPCEndpoint {
        try GRPCEndpoint.parse(address, plaintext: true).get()
    }

    func candidates(_ line: String, _ grpc: GRPCVocabulary) -> [String] {
        Completion.complete(line, vocabulary: CompletionVocabulary(grpc: grpc)).candidates
    }

    @Test("after call, the methods; after describe, the symbols; after list, the services; and the verbs")
    func names() async throws {
        try await withFolder { folder in
            var endpoint = try endpoint()
            endpoint.descriptors = .protoset(Self.richProtoset)
            let grpc = try await vocabulary(endpoint, in: folder)
            let methods = [
                "tern.rich.Explorer/Chat", "tern.rich.Explorer/Get", "tern.rich.Explorer/List",
                "tern.rich.Explorer/Upload",
            ]
            #expect(candidates("grpc 127.0.0.1:50051 call ", grpc) == methods)
            #expect(candidates("grpc call tern.rich.Explorer/", grpc) == methods)
            #expect(candidates("grpc call tern.rich.Explorer/G", grpc) == ["tern.rich.Explorer/Get"])
            #expect(candidates("grpc --plaintext grpc://127.0.0.1:50051 call tern.rich.Explorer/U", grpc).count == 1)
            // As in tern grpc, a method may stand where the verb does.
            #expect(candidates("grpc tern.rich.Explorer/Ch", grpc) == ["tern.rich.Explorer/Chat"])
            let trees = candidates("grpc describe tern.rich.T", grpc)
            #expect(trees.contains("tern.rich.Tree") && trees.contains("tern.rich.Tree.Leaf.Kind"), "\(trees)")
            #expect(trees == grpc.symbols.filter { $0.hasPrefix("tern.rich.T") })
            #expect(candidates("grpc describe tern.rich.Explorer.G", grpc) == ["tern.rich.Explorer.Get"])
            #expect(candidates("grpc list ", grpc) == ["tern.rich.Explorer"])
            #expect(candidates("grpc ", grpc) == ["call", "describe", "list"] + methods)
            #expect(candidates("grpc 127.0.0.1:50051 d", grpc) == ["describe"])
            #expect(candidates("grpc list --pro", grpc) == ["--proto", "--protoset"])
            // Another address: these descriptors are not its own.
            #expect(candidates("grpc other:1 call ", grpc).isEmpty)
            #expect(candidates("grpc call tern.rich.Explorer/Get x", grpc).isEmpty)
        }
    }

    @Test("inside a call's JSON, after an opening quote: the field names of the message at that key")
    func fields() async throws {
        try await withFolder { folder in
            var endpoint = try endpoint()
            endpoint.descriptors = .protoset(Self.richProtoset)
            let grpc = try await vocabulary(endpoint, in: folder)
            #expect(candidates(#"grpc call tern.rich.Explorer/Get {""#, grpc) == ["id", "name"])
            let completion = Completion.complete(
                #"grpc call tern.rich.Explorer/Get {"na"#, vocabulary: CompletionVocabulary(grpc: grpc))
            #expect(completion.candidates == ["name"])
            #expect(completion.word == "na")
            #expect(completion.wordStart == 35)
            #expect(completion.suffix == "\"")
            #expect(candidates(#"grpc call tern.rich.Explorer/Get {"name": "x", ""#, grpc) == ["id", "name"])
            // A value is not a key; a closed key offers nothing.
            #expect(candidates(#"grpc call tern.rich.Explorer/Get {"name": ""#, grpc).isEmpty)
            #expect(candidates(#"grpc call tern.rich.Explorer/Get {"name" "#, grpc).isEmpty)
            // Nested messages, through repeated fields; JSON names (wellKnown), not proto names.
            let upload = "grpc call tern.rich.Explorer/Upload "
            #expect(candidates(upload + #"{"tree": {"children": [{"la"#, grpc) == ["label"])
            #expect(candidates(upload + #"{"tree": {"leaf": {"ne"#, grpc) == ["next"])
            #expect(candidates(upload + #"{"we"#, grpc) == ["wellKnown"])
            // A well-known type or a map holds no fields of its own to offer.
            #expect(candidates(upload + #"{"wellKnown": {"timestamp": {""#, grpc).isEmpty)
            // The second request message of a stream starts again at the top.
            #expect(candidates(upload + #"{"more": []} {"tr"#, grpc) == ["tree"])
            #expect(candidates("grpc tern.rich.Explorer/Get {\"i", grpc) == ["id"])
        }
    }

    @Test("a reflection endpoint completes from what reflection kept, and from nothing before that")
    func kept() async throws {
        try await withFolder { folder in
            let endpoint = try endpoint()
            #expect(try await vocabulary(endpoint, in: folder).methods.isEmpty)
            let kept = folder.url.appendingPathComponent("ws/.tern/grpc/127.0.0.1_50051.protoset")
            try FileManager.default.createDirectory(
                at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.richProtoset, to: kept)
            let grpc = try await vocabulary(endpoint, in: folder)
            #expect(grpc.methods["tern.rich.Explorer/Get"] == "tern.rich.GetRequest")
            #expect(candidates(#"grpc call tern.rich.Explorer/Get {""#, grpc) == ["id", "name"])
        }
    }
}
