import Foundation
import NIOHTTP1

/// `GET /gzip`, `GET /deflate`, `GET /negotiated`, `GET /encoded/{coding}` and `GET /gzip-bomb?mb=N`: compressed
/// answers for the clients' transparent decoding.
///
/// `/gzip` and `/deflate` always encode (as httpbin does); `?raw=1` makes `/deflate` a raw deflate stream,
/// `?stack=N` gzips `/gzip` N times (`Content-Encoding: gzip, gzip`), `?truncate=K` cuts the encoded body to
/// K bytes. `/negotiated` honours `Accept-Encoding` (gzip, else deflate, else as is). `/encoded/{coding}`
/// labels an unencoded body with any coding (`br`) to show what a client does with one it does not know.
enum CompressionRoutes {
    /// The largest bomb, in MiB of zeros after decoding.
    static let maximumBombMiB = 256
    private static let maximumStack = 8

    /// The answer for `segments`, or `nil` when the path is not one of these routes.
    static func response(to request: MockRequest) -> MockResponse? {
        let segments = request.segments
        guard request.isMethod("GET", "HEAD"), let first = segments.first else { return nil }
        switch (first, segments.count) {
        case ("gzip", 1):
            let stack = min(maximumStack, max(1, request.queryInt("stack") ?? 1))
            var body = document(request, flag: "gzipped")
            for _ in 0..<stack { body = MockDeflater.compress(body, format: .gzip) }
            let coding = Array(repeating: "gzip", count: stack).joined(separator: ", ")
            return encoded(body, coding: coding, request: request)
        case ("deflate", 1):
            let format: MockDeflater.Format = request.queryValue("raw") == "1" ? .raw : .zlib
            let body = MockDeflater.compress(document(request, flag: "deflated"), format: format)
            return encoded(body, coding: "deflate", request: request)
        case ("negotiated", 1):
            let accepted = acceptedCodings(request.headers.first(name: "accept-encoding") ?? "")
            let coding = accepted.contains("gzip") ? "gzip" : accepted.contains("deflate") ? "deflate" : nil
            let plain = document(request, flag: "negotiated", coding: coding ?? "identity")
            guard let coding else { return MockResponse(headers: jsonType, body: plain) }
            let body = MockDeflater.compress(plain, format: coding == "gzip" ? .gzip : .zlib)
            return encoded(body, coding: coding, request: request)
        case ("encoded", 2):
            let body = document(request, flag: "encoded", coding: segments[1])
            return MockResponse(headers: jsonType + [("Content-Encoding", segments[1])], body: body)
        case ("gzip-bomb", 1):
            let mebibytes = min(maximumBombMiB, max(1, request.queryInt("mb") ?? 10))
            let body = MockDeflater.gzipBomb(mebibytes: mebibytes)
            return MockResponse(
                headers: [("Content-Type", "application/octet-stream"), ("Content-Encoding", "gzip")], body: body)
        default:
            return nil
        }
    }

    private static let jsonType = [("Content-Type", "application/json")]

    /// An encoded JSON answer, cut to `?truncate=K` bytes when asked.
    private static func encoded(_ body: Data, coding: String, request: MockRequest) -> MockResponse {
        var body = body
        if let cut = request.queryInt("truncate"), cut >= 0, cut < body.count { body = body.prefix(cut) }
        return MockResponse(
            headers: jsonType + [("Content-Encoding", coding), ("Vary", "Accept-Encoding")], body: body)
    }

    /// The codings an `Accept-Encoding` value accepts (q=0 excluded), lower-cased.
    static func acceptedCodings(_ header: String) -> Set<String> {
        var codings = Set<String>()
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let name = parts.first, !name.isEmpty else { continue }
            let refused = parts.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "") == "q=0" }
            if !refused { codings.insert(name) }
        }
        return codings
    }

    /// A JSON document large enough to compress well: the flag, what the client asked for, and 40 users.
    private static func document(_ request: MockRequest, flag: String, coding: String? = nil) -> Data {
        var members: [(String, MockJSONValue)] = [(flag, .bool(true))]
        if let coding { members.append(("encoding", .string(coding))) }
        members.append(("method", .string(request.method)))
        let accept = request.headers.first(name: "accept-encoding").map { MockJSONValue.string($0) }
        members.append(("acceptEncoding", accept ?? .null))
        let users = (1...40).map { id in
            MockJSONValue.object([
                ("id", .int(id)), ("name", .string("User \(id)")), ("email", .string("user\(id)@example.test")),
                ("role", .string(id % 3 == 0 ? "admin" : "member")),
            ])
        }
        members.append(("users", .array(users)))
        return Data(MockJSONValue.object(members).text.utf8)
    }
}
