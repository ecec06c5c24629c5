import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern

/// Request heads past `TransferLimits.maximumRequestHeadBytes` are refused before anything is
/// sent; heads under it reach the server, uploads included.
@Suite("Transport conformance: request head limit")
struct RequestHeadLimitTests {
    static func upload(to server: MockServer, headerBytes: Int, bodyBytes: Int = 300_000) -> Request {
        var request = Request(method: .put, url: server.baseURL.appendingPathComponent("upload"), transaction: .upload)
        request.headers[HTTPField.Name("X-Large")!] = String(repeating: "v", count: headerBytes)
        request.body = .data(MockServer.expectedBytes(count: bodyBytes))
        return request
    }

    @Test(

        "an upload with a 100 KB header is refused before sending, 30 times out of 30",

        arguments: TransportKind.allCases)
    func hugeHeadRefused(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                for _ in 0..<30 {
                    let error = await #expect(throws: TernError.self) {
                        try await transport.perform(
                            Self.upload(to: server, headerBytes: 100_000), context: TransportContext())
                    }
                    #expect(error?.kind == .invalidRequest)
                    #expect(error?.message.contains("61440-byte limit") == true, "\(String(describing: error))")
                    #expect(error?.message.contains("'X-Large'") == true)
                }
                #expect(server.totalRequestCount == 0)
            }
        }
    }

    @Test(

        "an upload with a 60 KB header, under the limit, arrives 10 times out of 10",

        arguments: TransportKind.allCases)
    func largeHeadUnderLimitArrives(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                for _ in 0..<10 {
                    let request = Self.upload(to: server, headerBytes: 60_000, bodyBytes: 30_000)
                    let reply = try await transport.perform(request, context: TransportContext())
                    #expect(try reply.decode(UploadReceipt.self).bytes == 30_000)
                }
                #expect(server.requestCount(path: "/upload") == 10)
            }
        }
    }

    @Test("HTTPClientTransport keeps heads under 63 KiB even when the limit is raised (a bigger one can trap AHC)")
    func asyncHTTPClientHardCap() async throws {
        try await withMockServer { server in
            let raised = TransportConfiguration(limits: TransferLimits(maximumRequestHeadBytes: 10_000_000))
            try await TransportKind.asyncHTTPClient.with(raised) { transport in
                for _ in 0..<30 {
                    let error = await #expect(throws: TernError.self) {
                        try await transport.perform(
                            Self.upload(to: server, headerBytes: 100_000), context: TransportContext())
                    }
                    #expect(error?.kind == .invalidRequest)
                }
                #expect(server.totalRequestCount == 0)
            }
        }
    }
}
