import Foundation
import HTTPTypes
import TernHTTPClient
import TernTesting
import Testing

@testable import Tern

/// A spec with no error body: every non-2xx is a `TernError`.
private struct GetStatus: Spec {
    typealias Result = String
    let parameter: Int
    var path: String { "/status/\(parameter)" }
    var method: HTTPMethod { .get }
    var result: Mapper<String> { .text }
}

/// A download spec: the mock's `/bytes/{n}` written to a file.
private struct FetchBytes: Spec {
    typealias Result = Void
    let parameter: Int
    var path: String { "/bytes/\(parameter)" }
    var method: HTTPMethod { .get }
    var transaction: Transaction { .download }
    var result: Mapper<Void> { .ignore }
}

@Suite("Specs with a ValidationInterceptor, and download specs (mock server)")
struct SpecValidationTests {
    static let archived = MockRoute(
        method: "GET", path: "/users/42", response: .json(#"{"message":"user is archived","code":7}"#, status: 422))
    static let garbled = MockRoute(method: "GET", path: "/users/43", response: .json("not json", status: 422))

    @Test("a 422 the validator refused still decodes to the spec's typed error")
    func typedErrorDecodes() async throws {
        try await withMockServer(routes: [Self.archived, Self.garbled]) { server in
            let handler = liveHandler(server, interceptors: [ValidationInterceptor()])
            let expected = try await handler.result(GetUser(parameter: 42))
            #expect(expected == .failure(APIError(message: "user is archived", code: 7)))
            await #expect(throws: APIError(message: "user is archived", code: 7)) {
                try await handler.data(GetUser(parameter: 42))
            }
            #expect(try await handler.result(GetUser(parameter: 1)).get().name == "Ada Lovelace")
            // `send` itself still throws the validator's error.
            let sent = await #expect(throws: TernError.self) { try await handler.send(GetUser(parameter: 42)) }
            #expect(sent?.kind == .unacceptableStatus)
        }
    }

    @Test("a refused status the spec cannot map either stays the validator's unacceptableStatus error")
    func unmappedStaysUnacceptable() async throws {
        try await withMockServer(routes: [Self.garbled]) { server in
            let handler = liveHandler(server, interceptors: [ValidationInterceptor()])
            let garbled = await #expect(throws: TernError.self) { try await handler.result(GetUser(parameter: 43)) }
            #expect(garbled?.kind == .unacceptableStatus)
            #expect(garbled?.response?.statusCode == 422)
            let plain = await #expect(throws: TernError.self) { try await handler.result(GetStatus(parameter: 404)) }
            #expect(plain?.kind == .unacceptableStatus)
            #expect(plain?.response?.statusCode == 404)
        }
    }

    @Test("a download spec's file comes from send(spec).fileURL and download(spec, to:)")
    func downloadSpec() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server, storage: nil)
            let sent = try await handler.send(FetchBytes(parameter: 5000))
            let file = try #require(sent.fileURL)
            #expect(try Data(contentsOf: file) == Data((0..<5000).map(MockServer.byte(at:))))
            #expect(sent.body.isEmpty)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-spec-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let destination = folder.appendingPathComponent("bytes.bin")
            let saved = try await handler.download(FetchBytes(parameter: 3000), to: destination).response()
            #expect(saved.fileURL == destination)
            #expect(try Data(contentsOf: destination) == Data((0..<3000).map(MockServer.byte(at:))))
            try await handler.data(FetchBytes(parameter: 10))  // `.ignore` only checks the status
        }
    }
}
