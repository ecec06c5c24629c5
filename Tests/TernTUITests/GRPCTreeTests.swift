import Foundation
import Tern
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// A gRPC target in the TUI: its services and methods in the tree (loaded off the UI task, or why not),
/// Enter on a method opens its request, and a streamed call's Conversation and Headers tabs.
@Suite struct GRPCTreeTests {
    static let catalog = GRPCCatalog(
        target: "svc",
        services: [
            GRPCCatalog.Service(
                name: "grpc.testing.TestService",
                methods: [
                    GRPCCatalog.Method(name: "EmptyCall", path: "grpc.testing.TestService/EmptyCall"),
                    GRPCCatalog.Method(
                        name: "StreamingOutputCall", path: "grpc.testing.TestService/StreamingOutputCall",
                        serverStreaming: true),
                    GRPCCatalog.Method(name: "UnaryCall", path: "grpc.testing.TestService/UnaryCall"),
                ])
        ])

    static func snapshot() -> ExplorerSnapshot {
        var snapshot = Fixtures.snapshot()
        snapshot.grpcTargets = ["svc"]
        return snapshot
    }

    /// A state whose snapshot has the gRPC target `svc`, its catalog as `catalog` says.
    static func state(width: Int, height: Int, catalog: GRPCTreeCatalog? = .loaded(Self.catalog)) -> AppState {
        var state = Fixtures.state(width: width, height: height)
        _ = App.update(&state, .snapshot(snapshot()))
        if let catalog { state.workspaceTree.grpc["svc"] = catalog }
        state.focus = .tree
        // The cursor on the last method, so the target's rows are in view on a small terminal too.
        state.workspaceTree.selection = state.treeRows.lastIndex { $0.isLeaf } ?? 0
        return state
    }

    @Test func theCatalogIsAskedForOnceWhenTheTargetAppears() {
        var state = Fixtures.state()
        let effects = App.update(&state, .snapshot(Self.snapshot()))
        #expect(effects.contains(.run(.grpcTarget(.catalog("svc")))))
        #expect(state.workspaceTree.grpc["svc"] == .loading)
        #expect(App.view(state).contains("loading…"))
        let again = App.update(&state, .snapshot(Self.snapshot()))
        #expect(!again.contains(.run(.grpcTarget(.catalog("svc")))), "asked once, not at every snapshot")
        _ = App.update(&state, .commandFinished(.grpcTarget(.catalog("svc")), .success(.grpcCatalog(Self.catalog))))
        #expect(App.view(state).contains("UnaryCall"))
    }

    @Test func theTreeListsServicesAndMethodsAt80x24And120x40() {
        let small = App.view(Self.state(width: 80, height: 24))
        expectSnapshot(small, "grpc-tree-80x24")
        #expect(small.contains("▾ svc"))
        #expect(small.contains("▾ TestService"))
        #expect(small.contains("· UnaryCall"))
        let large = App.view(Self.state(width: 120, height: 40))
        expectSnapshot(large, "grpc-tree-120x40")
        #expect(large.contains("⇣ StreamingOutputCall server streaming"))
        #expect(large.contains("gRPC"))
    }

    @Test func enterOnAMethodOpensItsRequest() {
        var state = Self.state(width: 100, height: 30)
        state.workspaceTree.selection = state.treeRows.firstIndex { $0.title == "UnaryCall" } ?? 0
        let effects = press([.enter], &state)
        #expect(
            effects.contains(.run(.grpcTarget(.draft(target: "svc", method: "grpc.testing.TestService/UnaryCall")))))
        #expect(state.status?.text == "opening grpc.testing.TestService/UnaryCall…")
    }

    @Test func aServiceClosesAndOpensAndTheFilterFindsMethods() {
        var state = Self.state(width: 100, height: 30)
        state.workspaceTree.selection = state.treeRows.firstIndex { $0.title == "TestService" } ?? 0
        press([.enter], &state)
        #expect(!App.view(state).contains("UnaryCall"))
        press([.enter], &state)
        #expect(App.view(state).contains("UnaryCall"))
        press([.character("/")] + typing("streaming") + [.enter], &state)
        let frame = App.view(state)
        #expect(frame.contains("⇣ StreamingOutput"))
        #expect(!frame.contains("EmptyCall"))
    }

    @Test func aCatalogThatFailedSaysWhyAndEnterAsksAgain() {
        var state = Self.state(width: 100, height: 30, catalog: .loading)
        _ = App.update(
            &state,
            .commandFinished(
                .grpcTarget(.catalog("svc")),
                .failure(ExplorerError(.request, "grpc://127.0.0.1:1 could not be reached (is the server running?)"))))
        #expect(App.view(state).contains("could not be reached"))
        state.workspaceTree.selection = state.treeRows.firstIndex { $0.title == "svc" } ?? 0
        let effects = press([.enter], &state)
        #expect(effects.contains(.run(.grpcTarget(.catalog("svc")))))
        #expect(state.workspaceTree.grpc["svc"] == .loading)
    }

    @Test func anOfflineCatalogSaysSo() {
        var offline = Self.catalog
        offline.offline = "grpc://127.0.0.1:1 could not be reached"
        let state = Self.state(width: 100, height: 30, catalog: .loaded(offline))
        #expect(App.view(state).contains("offline: kept copy"))
    }

    /// A server-streaming call: three messages, then OK with initial metadata and trailers.
    static func streamedRecord() -> GRPCCallRecord {
        var record = GRPCCallRecord()
        record.started = fixedNow
        record.headers = [GRPCMetadataEntry(name: "content-type", value: .text("application/grpc"))]
        record.messages = [
            GRPCCallRecord.Message(
                direction: .out, offset: 0, json: #"{"responseParameters":[{"size":1},{"size":2}]}"#),
            GRPCCallRecord.Message(direction: .in, offset: 0.004, json: #"{"payload":{"body":"AA=="}}"#),
            GRPCCallRecord.Message(direction: .in, offset: 0.009, json: #"{"payload":{"body":"AAA="}}"#),
        ]
        record.status = GRPCStatus(
            code: .ok, trailers: [GRPCMetadataEntry(name: "x-grpc-test-echo-trailing-bin", value: .binary([1, 2]))])
        return record
    }

    static func plainView() -> ResponseView {
        let body = Data(#"{"messages": [{"payload":{"body":"AA=="}}, {"payload":{"body":"AAA="}}], "count": 2}"#.utf8)
        return ResponseView(
            title: "new:svc/grpc.testing.TestService/StreamingOutputCall", status: 200, reason: "OK", source: .live,
            duration: .milliseconds(12), size: Int64(body.count), storedAt: nil, validUntil: nil, attempts: 1,
            headers: [], requestLines: ["POST grpc://127.0.0.1:50051/grpc.testing.TestService/StreamingOutputCall"],
            body: BodyDocument.make(body, contentType: "application/json"))
    }

    static func streamedView() -> ResponseView {
        var view = plainView()
        view.show(streamedRecord())
        return view
    }

    @Test func messagesShowLiveOneByOne() {
        var state = Self.state(width: 100, height: 30)
        state.responsePane.sending = "new:svc/grpc.testing.TestService/StreamingOutputCall"
        _ = App.update(&state, .streamed([.line(#"{"payload":{"body":"AA=="}}"#)]))
        #expect(App.view(state).contains("\"body\": \"AA==\""))
        _ = App.update(&state, .streamed([.line(#"{"payload":{"body":"AAA="}}"#)]))
        #expect(App.view(state).contains("\"body\": \"AAA=\""))
    }

    @Test func aStreamedCallsConversationAndHeadersAt80x24And120x40() {
        for (width, height) in [(80, 24), (120, 40)] {
            var state = Self.state(width: width, height: height)
            _ = App.update(&state, .responseReady(Self.streamedView()))
            state.focus = .response
            let conversation = App.view(state)
            expectSnapshot(conversation, "grpc-conversation-\(width)x\(height)")
            #expect(conversation.contains("Conversation (3)"))
            #expect(conversation.contains("200 OK · gRPC OK"))
            #expect(conversation.contains(#"←    0.009s  {"payload":{"body":"AAA="}}"#))
            #expect(conversation.contains("■ status OK (0)"))
            press([.character("]")], &state)
            let headers = App.view(state)
            expectSnapshot(headers, "grpc-headers-\(width)x\(height)")
            #expect(headers.contains("grpc-status: 0 OK"))
            #expect(headers.contains("── initial metadata"))
            #expect(headers.contains("content-type: application/grpc"))
            #expect(headers.contains("x-grpc-test-echo-trailing-bin: AQI"))
        }
    }

    @Test func aUnaryCallKeepsItsJSONBody() {
        var record = GRPCCallRecord()
        record.messages = [
            GRPCCallRecord.Message(direction: .out, offset: 0, json: "{}"),
            GRPCCallRecord.Message(direction: .in, offset: 0.001, json: "{}"),
        ]
        record.status = GRPCStatus(code: .notFound, message: "no such user")
        var view = Self.plainView()
        let body = view.body
        view.show(record)
        #expect(view.conversationMessages == nil)
        #expect(view.body.lineCount == body.lineCount)
        #expect(view.headers.first == "grpc-status: 5 NOT_FOUND")
        #expect(view.headers.contains("grpc-message: no such user"))
        #expect(view.reason == "OK · gRPC NOT_FOUND")
    }
}
