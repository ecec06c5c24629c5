import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

/// Insomnia's `grpc_request` resources import as gRPC specs on targets of their own.
@Suite("Insomnia gRPC requests")
struct InsomniaGRPCTests {
    static let export = #"""
        {"_type": "export", "__export_format": 4, "resources": [
          {"_id": "wrk_1", "_type": "workspace", "parentId": null, "name": "Prices"},
          {"_id": "env_1", "_type": "environment", "parentId": "wrk_1", "name": "Base", "data": {"who": "ada"}},
          {"_id": "pf_1", "_type": "proto_file", "parentId": "wrk_1", "name": "prices.proto", "protoText": "x"},
          {"_id": "greq_1", "_type": "grpc_request", "parentId": "wrk_1", "name": "Quote", "metaSortKey": 1,
           "url": "localhost:50051", "protoFileId": "pf_1", "protoMethodName": "/prices.Quotes/Get",
           "body": {"text": "{\"symbol\": \"{{ _.who }}\", \"password\": \"hunter2\"}"},
           "metadata": [{"name": "authorization", "value": "Bearer tok-9"},
                        {"name": "x-off", "value": "1", "disabled": true}]},
          {"_id": "greq_2", "_type": "grpc_request", "parentId": "wrk_1", "name": "Secure", "metaSortKey": 2,
           "url": "grpcs://prices.test:443", "protoMethodName": "/prices.Quotes/Watch", "body": {"text": ""}}
        ]}
        """#

    @Test("method, message (templates converted, credentials as secrets), metadata, plaintext or TLS by the URL")
    func grpcRequests() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("insomnia-grpc-\(UUID().uuidString)")
        let collection = try InsomniaImporter.read(
            ImportSource(data: Data(Self.export.utf8), name: "prices.json", baseDirectory: root, workspaceRoot: root))
        #expect(collection.skipped.isEmpty, "\(collection.skipped)")
        let quote = try #require(collection.specs.first { $0.spec.name == "Quote" }).spec
        #expect(quote.grpc?.method == "prices.Quotes/Get")
        #expect(quote.grpc?.messages == [["symbol": "{{who}}", "password": "{{secret:PRICES_PASSWORD}}"]])
        #expect(
            quote.grpc?.metadata == [
                GRPCDefinition.Entry(name: "authorization", value: "Bearer {{secret:PRICES_AUTHORIZATION}}")
            ], "a disabled entry is not sent")
        let secure = try #require(collection.specs.first { $0.spec.name == "Secure" }).spec
        #expect(secure.grpc?.messages == [])
        let targets = Dictionary(uniqueKeysWithValues: collection.targets.map { ($0.name, $0.baseURL) })
        #expect(targets == ["prices": "grpc://localhost:50051", "prices-grpc": "grpcs://prices.test:443"])
        #expect(quote.target == "prices" && secure.target == "prices-grpc")
        #expect(collection.warnings.contains { $0.hasPrefix("Quote: its .proto file 'prices.proto' is not imported") })
    }
}
