import Foundation
import NIOCore

/// `ANY /echo[/...]`: describes the request back as JSON.
enum EchoRoute {
    /// The longest body echoed back as text and base64; a longer one is counted and hashed as it
    /// streams in (as `/upload` does), so six 64 MiB bodies at once cost the server little memory.
    static let maximumEchoedBody = 1 << 20

    /// Reads the body chunk by chunk, keeping at most `maximumEchoedBody` bytes, and answers.
    static func respond(to request: MockRequest, body: inout RequestReader, writer: ResponseWriter) async throws
        -> ResponseOutcome
    {
        var kept = ByteBuffer()
        var count = 0
        var hash = FNV1a()
        while let chunk = try await body.nextChunk() {
            hash.update(chunk.readableBytesView)
            count += chunk.readableBytes
            if kept.readableBytes + chunk.readableBytes <= maximumEchoedBody {
                var piece = chunk
                kept.writeBuffer(&piece)
            } else {
                kept.clear(minimumCapacity: 0)
            }
        }
        let echoed: ByteBuffer? = count <= maximumEchoedBody ? kept : nil
        return try await writer.send(response(to: request, body: echoed, count: count, checksum: hash.hex))
    }

    /// The JSON description of the request: method, path, query, headers and body (`body` and
    /// `bodyBase64` are `null`, with `bodyTruncated: true`, for a body over `maximumEchoedBody`).
    static func response(to request: MockRequest, body: ByteBuffer?, count: Int, checksum: String) -> MockResponse {
        var fields: [(String, MockJSONValue)] = [
            ("method", .string(request.method)),
            ("path", .string(request.path)),
            ("query", .string(request.query)),
            ("queryItems", .array(request.queryItems.map { .array([.string($0.name), .string($0.value)]) })),
            ("headers", .object(joinedHeaders(request))),
        ]
        if let body {
            let bytes = body.readableBytesView
            fields.append(("body", String(validating: bytes, as: UTF8.self).map(MockJSONValue.string) ?? .null))
            fields.append(("bodyBase64", .string(Data(bytes).base64EncodedString())))
        } else {
            fields.append(("body", .null))
            fields.append(("bodyBase64", .null))
            fields.append(("bodyTruncated", .bool(true)))
            fields.append(("checksum", .string(checksum)))
        }
        fields.append(("bodyBytes", .int(count)))
        return .json(.object(fields))
    }

    /// Header fields with lowercased names, duplicates joined with ", ", in first-seen order.
    private static func joinedHeaders(_ request: MockRequest) -> [(String, MockJSONValue)] {
        var order: [String] = []
        var values: [String: [String]] = [:]
        for (name, value) in request.headers {
            let key = name.lowercased()
            if values[key] == nil { order.append(key) }
            values[key, default: []].append(value)
        }
        return order.map { key in (key, .string((values[key] ?? []).joined(separator: ", "))) }
    }
}
