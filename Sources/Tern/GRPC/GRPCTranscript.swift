public import Foundation

/// A whole gRPC call as it happened: the server's initial metadata, every message it sent (as bytes,
/// with when), and the status with its trailers.
///
/// This is what the cache keeps for a gRPC call (`Handler.call` stores it when the call ends) and what
/// `--mode cache` replays. The request's messages are part of the call's storage key, not of the
/// transcript.
public struct GRPCTranscript: Sendable, Hashable, Codable {
    /// The content type of a transcript stored in the cache.
    public static let contentType = "application/vnd.tern.grpc-transcript+json"

    /// One message from the server.
    public struct Message: Sendable, Hashable, Codable {
        /// Its bytes (the protobuf encoding), base64 in the stored JSON.
        public var bytes: Data
        /// Seconds since the call began.
        public var offset: Double

        public init(bytes: Data, offset: Double) {
            self.bytes = bytes
            self.offset = offset
        }
    }

    /// One metadata entry as stored: a `-bin` entry's value in base64.
    public struct Entry: Sendable, Hashable, Codable {
        public var name: String
        public var value: String

        public init(_ entry: GRPCMetadataEntry) {
            name = entry.name
            value = entry.written
        }

        /// The entry again (a `-bin` value that is no longer base64 becomes text).
        public var metadata: GRPCMetadataEntry {
            GRPCMetadataEntry(name: name, written: value) ?? GRPCMetadataEntry(name: name, value: .text(value))
        }
    }

    /// `grpc://HOST:PORT` (secrets masked).
    public var url: String
    /// `pkg.Service/Method`.
    public var method: String
    public var openedAt: Date
    public var headers: [Entry]
    public var messages: [Message]
    public var statusCode: Int
    public var statusMessage: String
    public var trailers: [Entry]

    public init(
        url: String, method: String, openedAt: Date, headers: [GRPCMetadataEntry] = [], messages: [Message] = [],
        status: GRPCStatus
    ) {
        self.url = url
        self.method = method
        self.openedAt = openedAt
        self.headers = headers.map(Entry.init)
        self.messages = messages
        self.statusCode = status.code.rawValue
        self.statusMessage = status.message
        self.trailers = status.trailers.map(Entry.init)
    }

    /// How the call ended.
    public var status: GRPCStatus {
        GRPCStatus(
            code: GRPCStatus.Code(rawValue: statusCode), message: statusMessage, trailers: trailers.map(\.metadata))
    }

    /// The transcript as the cache stores it: JSON, keys sorted.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return (try? encoder.encode(self)) ?? Data()
    }

    /// Reads a stored transcript.
    public static func decode(_ data: Data) throws(TernError) -> GRPCTranscript {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(GRPCTranscript.self, from: data)
        } catch {
            throw TernError(.decoding, "the gRPC call stored is not one Tern can read", underlying: error)
        }
    }
}
