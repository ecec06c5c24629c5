/// What was done to a response body's `Content-Encoding`: which coding, and the sizes before and after.
///
/// The headers stay as received (`Content-Encoding` and `Content-Length` describe the encoded body);
/// `Response.body` is the decoded body and this record says how it got there.
public struct ContentDecoding: Sendable, Hashable {
    /// The codings as the `Content-Encoding` header lists them, lower-cased (`gzip`, `deflate`, `gzip, gzip`).
    public var encoding: String
    /// The size of the body as it came over the wire, `nil` when the transport decoded it and did not say.
    public var encodedByteCount: Int64?
    /// The size of the body the response holds.
    public var decodedByteCount: Int64
    /// Whether the body was decoded; `false` when the coding is not one Tern decodes and the body is as received.
    public var isDecoded: Bool
    /// Why the body was left as received, when it was.
    public var note: String?

    /// Makes a record.
    public init(
        encoding: String, encodedByteCount: Int64?, decodedByteCount: Int64, isDecoded: Bool = true,
        note: String? = nil
    ) {
        self.encoding = encoding
        self.encodedByteCount = encodedByteCount
        self.decodedByteCount = decodedByteCount
        self.isDecoded = isDecoded
        self.note = note
    }
}
