import Foundation
import NIOHTTP1
import Testing

@testable import TernMock

@Suite("Compressed routes: /gzip, /deflate, /negotiated, /encoded, /gzip-bomb")
struct CompressionRoutesTests {
    @Test("/gzip is gzip (magic bytes), /deflate a zlib stream, ?raw=1 a raw deflate stream")
    func framings() async throws {
        try await withHarness { harness in
            let gzip = try await harness.send(.GET, "/gzip")
            #expect(gzip.header("Content-Encoding") == "gzip")
            #expect(Array(gzip.body.prefix(2)) == [0x1f, 0x8b])
            let zlib = try await harness.send(.GET, "/deflate")
            #expect(zlib.header("Content-Encoding") == "deflate")
            #expect(zlib.body.first == 0x78)
            let raw = try await harness.send(.GET, "/deflate?raw=1")
            #expect(raw.body.first != 0x78 && !raw.body.isEmpty)
            let stacked = try await harness.send(.GET, "/gzip?stack=2")
            #expect(stacked.header("Content-Encoding") == "gzip, gzip")
            let cut = try await harness.send(.GET, "/gzip?truncate=20")
            #expect(cut.body.count == 20)
        }
    }

    @Test("/negotiated follows Accept-Encoding; q=0 refuses a coding")
    func negotiated() async throws {
        try await withHarness { harness in
            let none = try await harness.send(.GET, "/negotiated")
            #expect(none.header("Content-Encoding") == nil)
            #expect(try none.object()["encoding"] as? String == "identity")
            let gzip = try await harness.send(.GET, "/negotiated", headers: [("Accept-Encoding", "gzip, deflate")])
            #expect(gzip.header("Content-Encoding") == "gzip")
            let deflate = try await harness.send(
                .GET, "/negotiated", headers: [("Accept-Encoding", "gzip;q=0, deflate")])
            #expect(deflate.header("Content-Encoding") == "deflate")
        }
    }

    @Test("/encoded/br labels a plain body; /gzip-bomb is small on the wire")
    func encodedAndBomb() async throws {
        try await withHarness { harness in
            let labelled = try await harness.send(.GET, "/encoded/br")
            #expect(labelled.header("Content-Encoding") == "br")
            #expect(try labelled.object()["encoded"] as? Bool == true)
            let bomb = try await harness.send(.GET, "/gzip-bomb?mb=8")
            #expect(bomb.header("Content-Encoding") == "gzip")
            #expect(bomb.body.count < 64 * 1024)
        }
    }
}
