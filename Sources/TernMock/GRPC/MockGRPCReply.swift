/// What the mock sends for a gRPC call: initial metadata, the response messages' bytes and the status
/// (a code from 0 to 16) with its message and trailers.
public struct MockGRPCReply: Sendable, Hashable {
    /// One metadata entry: a name (lowercase) and a text value, or bytes for a `-bin` name.
    public struct Entry: Sendable, Hashable {
        public var name: String
        public var value: Value

        /// A text or a binary value.
        public enum Value: Sendable, Hashable {
            case text(String)
            case binary([UInt8])
        }

        /// Makes an entry.
        public init(name: String, value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// `OK`.
    public static let ok = 0
    /// `NOT_FOUND`.
    public static let notFound = 5
    /// `UNIMPLEMENTED`.
    public static let unimplemented = 12

    /// The initial metadata.
    public var headers: [Entry]
    /// The response messages (protobuf bytes), in order.
    public var messages: [[UInt8]]
    /// The status code the call ends with.
    public var code: Int
    /// The status message.
    public var message: String
    /// The trailing metadata.
    public var trailers: [Entry]

    /// Makes a reply.
    public init(
        headers: [Entry] = [], messages: [[UInt8]] = [], code: Int = Self.ok, message: String = "",
        trailers: [Entry] = []
    ) {
        self.headers = headers
        self.messages = messages
        self.code = code
        self.message = message
        self.trailers = trailers
    }
}
