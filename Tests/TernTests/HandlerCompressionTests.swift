import Foundation
import HTTPTypes
import TernHTTPClient
import TernTesting
import Testing

@testable import Tern

/// The mock's JSON for the compressed routes (`/gzip`, `/deflate`, `/negotiated`).
private struct Compressed: Decodable {
    var gzipped: Bool?
    var deflated: Bool?
    var encoding: String?
    var acceptEncoding: String?
    var users: [User]

    struct User: Decodable {
        var id: Int
    }
}

@Suite("Handler: Accept-Encoding by default and transparent decoding")
struct HandlerCompressionTests {
    @Test("a gzip answer arrives decoded, says how, and keeps its headers; the request asked for gzip, deflate")
    func gzip() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server, storage: nil)
            let response = try await handler.send(get("gzip", on: server))
            let body = try response.decode(Compressed.self)
            #expect(body.gzipped == true && body.users.count == 40 && body.acceptEncoding == "gzip, deflate")
            #expect(response.request.headers[.acceptEncoding] == "gzip, deflate")
            #expect(response.headers[.contentEncoding] == "gzip")
            let decoding = try #require(response.contentDecoding)
            #expect(decoding.encoding == "gzip" && decoding.isDecoded)
            #expect(decoding.decodedByteCount == Int64(response.body.count))
            #expect(decoding.encodedByteCount == response.headers[.contentLength].flatMap { Int64($0) })
            #expect((decoding.encodedByteCount ?? .max) < decoding.decodedByteCount)
        }
    }

    @Test("deflate as zlib and as raw deflate both decode", arguments: ["deflate", "deflate?raw=1"])
    func deflate(path: String) async throws {
        try await withMockServer { server in
            let handler = liveHandler(server, storage: nil)
            let url = try #require(URL(string: path, relativeTo: server.baseURL))
            let response = try await handler.send(Request(url: url.absoluteURL))
            #expect(try response.decode(Compressed.self).deflated == true)
            #expect(response.contentDecoding?.encoding == "deflate")
        }
    }

    @Test("a gzip bomb is an .unsupported error at maximumDecodedBodyBytes, not an 8 MiB body")
    func bomb() async throws {
        try await withMockServer { server in
            var limits = TransferLimits()
            limits.maximumDecodedBodyBytes = 1 << 20
            let transport = HTTPClientTransport(client: HTTPClientTransport.shared.client, limits: limits)
            let handler = Handler(
                transport: transport, storage: nil, retryPolicy: .never,
                defaults: SessionDefaults(baseURL: server.baseURL))
            var request = get("gzip-bomb", on: server)
            request.appendQuery(["mb": 8])
            let error = await #expect(throws: TernError.self) { try await handler.send(request) }
            #expect(error?.kind == .unsupported)
            #expect(error?.message.contains("the gzip body decodes to more than 1048576 bytes") == true)
        }
    }

    @Test("a truncated gzip body is a .decoding error naming the truncation")
    func truncated() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server, storage: nil, retryPolicy: .never)
            var request = get("gzip", on: server)
            request.appendQuery(["truncate": 50])
            let error = await #expect(throws: TernError.self) { try await handler.send(request) }
            #expect(error?.kind == .decoding && error?.message.contains("truncated") == true)
        }
    }

    @Test("an unknown coding leaves the body as received, with a note; stacked gzip decodes")
    func unknownAndStacked() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server, storage: nil)
            let labelled = try await handler.send(get("encoded/br", on: server))
            #expect(labelled.text?.hasPrefix(#"{"encoded":true"#) == true)
            #expect(labelled.contentDecoding?.isDecoded == false)
            #expect(labelled.contentDecoding?.note?.contains("'br'") == true)
            var stacked = get("gzip", on: server)
            stacked.appendQuery(["stack": 2])
            let response = try await handler.send(stacked)
            #expect(try response.decode(Compressed.self).gzipped == true)
            #expect(response.contentDecoding?.encoding == "gzip, gzip")
        }
    }

    @Test("a request's own Accept-Encoding wins; automaticDecompression off sends none and decodes nothing")
    func optingOut() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server, storage: nil)
            var identity = get("negotiated", on: server)
            identity.headers[.acceptEncoding] = "identity"
            let plain = try await handler.send(identity)
            #expect(try plain.decode(Compressed.self).encoding == "identity" && plain.contentDecoding == nil)
            handler.updateDefaults { $0.automaticDecompression = false }
            let asked = try await handler.send(get("negotiated", on: server))
            #expect(try asked.decode(Compressed.self).acceptEncoding == nil)
            let raw = try await handler.send(get("gzip", on: server))
            #expect(Array(raw.body.prefix(2)) == [0x1f, 0x8b] && raw.contentDecoding == nil)
        }
    }

    @Test("a stored gzip answer replays decoded from the cache, not decoded twice; HEAD has nothing to decode")
    func cacheReplay() async throws {
        try await withMockServer { server in
            let storage = MemoryStorage()
            let handler = liveHandler(server, storage: storage)
            let live = try await handler.send(get("gzip", on: server))
            #expect(live.contentDecoding != nil)
            let cached = try await handler.send(get("gzip", on: server), mode: .cache)
            #expect(cached.source == .cache)
            #expect(cached.body == live.body)
            #expect(try cached.decode(Compressed.self).gzipped == true)
            #expect(cached.headers[.contentEncoding] == "gzip")
            var head = get("gzip", on: server)
            head.method = .head
            let headers = try await handler.send(head, mode: .live)
            #expect(headers.body.isEmpty && headers.contentDecoding == nil)
        }
    }

    @Test("downloads ask for no coding and are written as received")
    func downloads() async throws {
        try await withMockServer { server in
            let handler = liveHandler(server, storage: nil)
            var request = get("negotiated", on: server)
            request.transaction = .download
            let lowered = try handler.preparedRequest(for: request)
            #expect(lowered.headers[.acceptEncoding] == nil)
        }
    }
}
