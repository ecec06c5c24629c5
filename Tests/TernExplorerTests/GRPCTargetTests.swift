import Foundation
import Tern
import TernHTTPClient
import TernSQLite
import TernWorkspace
import Testing

@testable import TernExplorer

/// A workspace's gRPC target through the session's door: its services and methods (from its descriptor
/// set, or from what reflection kept when the server is down), a new request of a method with its message
/// template, the template's comments dropped when it is kept, and `save NAME` writing it as a spec.
@Suite("gRPC targets of a workspace")
struct GRPCTargetTests {
    static let richProtoset = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TernProtobufTests/Fixtures/rich.protoset")

    /// A connector no server answers: these tests never call one.
    struct Unreachable: GRPCConnector {
        func run(
            _ call: GRPCCall, messages: AsyncStream<[UInt8]>, receive: @escaping @Sendable (GRPCCallEvent) async -> Void
        ) async -> GRPCStatus {
            GRPCStatus(code: .unavailable, message: "connection refused")
        }
    }

    /// A session on a workspace with the gRPC target `svc` (`grpc`: its settings) and the HTTP target `api`.
    func session(in folder: ScratchFolder, grpc: String, specs: [String: String] = [:]) throws -> ExplorerSession {
        let root = folder.url.appendingPathComponent("ws")
        try ChainWorkspace.write(
            root, "workspace.yaml",
            "name: g\ntargets:\n  api:\n    baseURL: http://127.0.0.1:9\n  svc:\n    baseURL: grpc://127.0.0.1:1\n"
                + grpc)
        for (path, text) in specs { try ChainWorkspace.write(root, "specs/" + path, text) }
        let workspace = try Workspace.load(from: root)
        let storage = try SQLiteStorage(path: root.appendingPathComponent(".tern/cache.sqlite"))
        var options = ExplorerSession.Options(processEnvironment: [:])
        options.grpc = Unreachable()
        return ExplorerSession(
            workspace: workspace, transport: HTTPClientTransport.shared, storage: storage, history: storage,
            options: options)
    }

    @Test("the target's services and methods come from its descriptor set; it is listed as a gRPC target")
    func catalogFromAProtoset() async throws {
        try await withFolder { folder in
            let session = try session(in: folder, grpc: "    grpc: {protoset: \(Self.richProtoset.path)}\n")
            #expect(await session.snapshot().grpcTargets == ["svc"])
            guard case .grpcCatalog(let catalog) = try await session.run(.grpcTarget(.catalog("svc"))) else {
                Issue.record("no catalog")
                return
            }
            #expect(catalog.services.map(\.name) == ["tern.rich.Explorer"])
            let methods = catalog.services.first?.methods ?? []
            #expect(methods.map(\.path).contains("tern.rich.Explorer/Get"))
            #expect(methods.first { $0.name == "List" }?.kind == "server streaming")
            #expect(catalog.offline == nil)
            await #expect(throws: ExplorerError.self) { try await session.run(.grpcTarget(.catalog("nope"))) }
        }
    }

    @Test("with the server down, the services are the ones reflection kept, said to be offline")
    func offlineCatalog() async throws {
        try await withFolder { folder in
            let session = try session(in: folder, grpc: "")
            await #expect(throws: ExplorerError.self) { try await session.run(.grpcTarget(.catalog("svc"))) }
            let kept = folder.url.appendingPathComponent("ws/.tern/grpc/127.0.0.1_1.protoset")
            try FileManager.default.createDirectory(
                at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.richProtoset, to: kept)
            guard case .grpcCatalog(let catalog) = try await session.run(.grpcTarget(.catalog("svc"))) else {
                Issue.record("no catalog")
                return
            }
            #expect(catalog.services.map(\.name) == ["tern.rich.Explorer"])
            #expect(catalog.offline != nil)
        }
    }

    @Test("a method opens a new request: its template with types as comments, kept without them, saved by name")
    func draftEditAndSave() async throws {
        try await withFolder { folder in
            let session = try session(in: folder, grpc: "    grpc: {protoset: \(Self.richProtoset.path)}\n")
            let method = "tern.rich.Explorer/Get"
            _ = try await session.run(.grpcTarget(.draft(target: "svc", method: method)))
            let snapshot = await session.snapshot()
            let selected = try #require(snapshot.selected)
            #expect(selected.id == GRPCTargets.draftID(target: "svc", method: method))
            #expect(selected.method == "GRPC")
            #expect(selected.path == method)
            #expect(selected.body.contains("//"), "each field's type as a comment: \(selected.body)")
            #expect(snapshot.unsaved.contains(selected.id))
            // The template's comments are the editor's: the request sent has none.
            let edited = "{\n  \"id\": \"7\", // int64\n  \"name\": \"ada\", /* string */\n}\n"
            _ = try await session.run(.body(.text(edited)))
            #expect(await session.snapshot().selected?.body == edited)
            await #expect(throws: ExplorerError.self) { try await session.run(.save(as: nil)) }
            _ = try await session.run(try CommandParser.parse("save calls/get"))
            let file = folder.url.appendingPathComponent("ws/specs/calls/get.yaml")
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.contains("target: svc"), "\(text)")
            #expect(text.contains("method: \(method)"), "\(text)")
            #expect(text.contains("name: ada"), "\(text)")
            #expect(!text.contains("//"), "\(text)")
            let reloaded = try Workspace.load(from: folder.url.appendingPathComponent("ws"))
            let spec = try reloaded.spec(named: "calls/get")
            #expect(spec.spec.grpc?.messages == [["id": "7", "name": "ada"]])
            #expect(await session.snapshot().selected?.id == "calls/get")
            // The method now has a spec: opening it again selects the spec, and a name is never reused.
            guard
                case .done(let said) = try await session.run(.grpcTarget(.draft(target: "svc", method: method)))
            else { return }
            #expect(said == "using calls/get")
            _ = try await session.run(.grpcTarget(.draft(target: "svc", method: "tern.rich.Explorer/List")))
            await #expect(throws: ExplorerError.self) { try await session.run(.save(as: "calls/get")) }
        }
    }

    @Test("messages: comments and trailing commas dropped, strings kept as written, several documents")
    func messageText() throws {
        let text = #"{"url": "http://x//y", /* c */ "n": 1, // int32"# + "\n" + #""list": [1, 2,],}{"b": "/*"}"#
        let messages = try GRPCMessageText.messages(text)
        #expect(messages == [["url": "http://x//y", "n": 1, "list": [1, 2]], ["b": "/*"]])
        #expect(try GRPCMessageText.messages("  \n") == [])
        #expect(throws: ExplorerError.self) { try GRPCMessageText.messages("[1]") }
        #expect(throws: ExplorerError.self) { try GRPCMessageText.messages("{\"a\": }") }
    }
}
