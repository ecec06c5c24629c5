import Foundation
import NIOCore

/// `ANY /echo[/...]`: describes the request back as JSON.
enum EchoRoute {
    /// The JSON description of the request: method, path, query, headers and body.
    static func response(to request: MockRequest, body: ByteBuffer) -> MockResponse {
        let bytes = body.readableBytesView
        let text = String(validating: bytes, as: UTF8.self)
        let description = MockJSONValue.object([
            ("method", .string(request.method)),
            ("path", .string(request.path)),
            ("query", .string(request.query)),
            ("queryItems", .array(request.queryItems.map { .array([.string($0.name), .string($0.value)]) })),
            ("headers", .object(joinedHeaders(request))),
            ("body", text.map(MockJSONValue.string) ?? .null),
            ("bodyBase64", .string(Data(bytes).base64EncodedString())),
            ("bodyBytes", .int(bytes.count)),
        ])
        return .json(description)
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
