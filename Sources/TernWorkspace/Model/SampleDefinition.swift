public import Tern

/// The canned response of a spec (`sample:`), served by `sample` mode and the mock server.
public struct SampleDefinition: Sendable, Equatable {
    /// The status code (default 200).
    public var status: Int
    /// Response headers in file order.
    public var headers: [(name: String, value: String)]
    /// The body: objects, arrays and scalars are sent as JSON, a string as raw text; `null` is no body.
    /// Kept packed (a workspace holds every spec's sample), unpacked each time it is read.
    public var body: JSONValue {
        get { packedBody.value }
        set { packedBody = PackedJSON(newValue) }
    }
    /// The body as it is kept.
    public internal(set) var packedBody: PackedJSON

    /// Makes a sample.
    public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: JSONValue = .null) {
        self.status = status
        self.headers = headers
        packedBody = PackedJSON(body)
    }

    /// Whether status, headers (in order) and body are equal.
    public static func == (lhs: SampleDefinition, rhs: SampleDefinition) -> Bool {
        lhs.status == rhs.status && Pairs.equal(lhs.headers, rhs.headers)
            && (lhs.packedBody == rhs.packedBody || lhs.body == rhs.body)
    }
}
