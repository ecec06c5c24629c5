public import Foundation

/// A canned HTTP response that a ``MockServer`` sends for a matching ``MockRoute``.
public struct MockResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields in the order they are sent; `Content-Length` is added by the server.
    public var headers: [(String, String)]
    /// The response body.
    public var body: Data
    /// How long the server waits before answering, if at all.
    public var delay: Duration?

    /// Creates a response with a status, headers, body and optional delay.
    public init(status: Int = 200, headers: [(String, String)] = [], body: Data = Data(), delay: Duration? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
    }

    /// A response whose body is the given JSON text, with `Content-Type: application/json`.
    public static func json(_ text: String, status: Int = 200) -> MockResponse {
        MockResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
    }
}

extension MockResponse {
    /// A JSON response built from a ``MockJSONValue``, with extra headers appended.
    static func json(_ value: MockJSONValue, status: Int = 200, headers: [(String, String)] = []) -> MockResponse {
        var response = MockResponse.json(value.text, status: status)
        response.headers.append(contentsOf: headers)
        return response
    }

    /// Whether a response with this status must not carry a body (1xx, 204, 304).
    static func statusForbidsBody(_ status: Int) -> Bool {
        (100..<200).contains(status) || status == 204 || status == 304
    }
}
