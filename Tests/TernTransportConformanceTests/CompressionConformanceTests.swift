import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern

@Suite("Transport conformance: compressed answers through the handler")
struct CompressionConformanceTests {
    private func handler(_ transport: any Transport, _ server: MockServer) -> Handler {
        Handler(
            transport: transport, storage: nil, retryPolicy: .never,
            defaults: SessionDefaults(baseURL: server.baseURL, timeout: .seconds(60)))
    }

    private func url(_ server: MockServer, _ path: String) throws -> URL {
        try #require(URL(string: path, relativeTo: server.baseURL)).absoluteURL
    }

    @Test(
        "gzip, zlib deflate, raw deflate and stacked gzip give the same decoded body on both transports",
        arguments: TransportKind.allCases)
    func sameBody(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                let handler = handler(transport, server)
                let plain = try await handler.send(
                    Request(
                        url: try url(server, "negotiated"),
                        headers: [
                            .acceptEncoding: "identity"
                        ]))
                let expectedUsers = try #require(
                    (try JSONSerialization.jsonObject(with: plain.body) as? [String: Any])?["users"] as? [Any])
                for path in ["gzip", "deflate", "deflate?raw=1", "gzip?stack=2", "negotiated"] {
                    let response = try await handler.send(Request(url: try url(server, path)))
                    let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
                    #expect((object["users"] as? [Any])?.count == expectedUsers.count, "\(path)")
                    #expect(object["acceptEncoding"] as? String == "gzip, deflate", "\(path)")
                    let decoding = try #require(response.contentDecoding, "\(path)")
                    #expect(decoding.isDecoded && decoding.decodedByteCount == Int64(response.body.count))
                    #expect(decoding.encodedByteCount == response.headers[.contentLength].flatMap { Int64($0) })
                    #expect(response.headers[.contentEncoding] != nil, "\(path)")
                }
            }
        }
    }

    @Test(
        "a gzip bomb fails with .unsupported at the decoded-size limit on both transports",
        arguments: TransportKind.allCases)
    func bomb(kind: TransportKind) async throws {
        var configuration = TransportConfiguration()
        configuration.limits.maximumDecodedBodyBytes = 2 << 20
        try await withMockServer { server in
            try await kind.with(configuration) { transport in
                let handler = handler(transport, server)
                let error = await #expect(throws: TernError.self) {
                    try await handler.send(Request(url: try url(server, "gzip-bomb?mb=8")))
                }
                #expect(error?.kind == .unsupported)
                #expect(error?.message.contains("the gzip body decodes to more than 2097152 bytes") == true)
            }
        }
    }
}
