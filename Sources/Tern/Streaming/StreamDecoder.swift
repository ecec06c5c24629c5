import Foundation
public import HTTPTypes

/// How a streamed response body is cut into items, from its `Content-Type`.
public enum StreamFormat: String, Sendable, Hashable {
    /// `text/event-stream`: Server-Sent Events.
    case serverSentEvents = "sse"
    /// JSON lines (`application/x-ndjson`, `application/jsonl`, `application/json-lines`,
    /// `application/stream+json`, `application/json-seq`): one value per line.
    case jsonLines = "lines"

    /// The format a response with `headers` streams in, `nil` for a body that is not a stream.
    public init?(headers: HTTPFields) {
        guard let contentType = headers[.contentType] else { return nil }
        self.init(contentType: contentType)
    }

    /// The format of a `Content-Type` value (parameters ignored), `nil` for a body that is not a stream.
    public init?(contentType: String) {
        let media = contentType.split(separator: ";").first.map {
            $0.trimmingWhitespace().lowercased()
        }
        switch media {
        case "text/event-stream": self = .serverSentEvents
        case "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
            "application/json-lines", "application/jsonlines", "application/stream+json", "application/json-seq":
            self = .jsonLines
        default: return nil
        }
    }
}

/// One item of a streamed body: an event, or a line of a JSON-lines stream.
public enum StreamedItem: Sendable, Hashable {
    /// A Server-Sent Event.
    case event(ServerSentEvent)
    /// One line (without its line ending) of a JSON-lines stream.
    case line(String)

    /// The item's payload: the event's data or the line.
    public var data: String {
        switch self {
        case .event(let event): event.data
        case .line(let line): line
        }
    }
}

/// Cuts a streamed body into items as its chunks arrive.
public struct StreamDecoder: Sendable {
    /// The format it decodes.
    public let format: StreamFormat
    private var events: ServerSentEventParser
    private var line: [UInt8] = []
    private let maximumLineBytes: Int

    /// The last event ID of a Server-Sent Events stream (`nil` for JSON lines or before any `id:`).
    public var lastEventID: String? { events.lastEventID }
    /// The reconnection time a Server-Sent Events stream asked for, in milliseconds.
    public var reconnectionTime: Int? { events.reconnectionTime }

    /// Makes a decoder for `format`; a line longer than `maximumLineBytes` is an error. `lastEventID`
    /// carries a Server-Sent Events stream's last event ID over from the connection before this one.
    public init(format: StreamFormat, maximumLineBytes: Int = 8 << 20, lastEventID: String? = nil) {
        self.format = format
        self.maximumLineBytes = maximumLineBytes
        events = ServerSentEventParser(maximumLineBytes: maximumLineBytes, lastEventID: lastEventID)
    }

    /// Decodes `bytes` and returns the items they complete.
    public mutating func decode(_ bytes: some Sequence<UInt8>) throws(StreamDecodingError) -> [StreamedItem] {
        switch format {
        case .serverSentEvents:
            return try events.parse(bytes).map(StreamedItem.event)
        case .jsonLines:
            var items: [StreamedItem] = []
            for byte in bytes {
                if byte == 0x0A {
                    if let item = takeLine() { items.append(item) }
                } else {
                    guard line.count < maximumLineBytes else {
                        throw StreamDecodingError("a streamed line is longer than \(maximumLineBytes) bytes")
                    }
                    line.append(byte)
                }
            }
            return items
        }
    }

    /// Ends the stream and returns what the end completes (a last line without its line feed).
    public mutating func finish() -> [StreamedItem] {
        switch format {
        case .serverSentEvents:
            return events.finish().map(StreamedItem.event)
        case .jsonLines:
            return takeLine().map { [$0] } ?? []
        }
    }

    /// The line so far as an item (a trailing CR and the JSON text sequence's RS dropped), `nil` when blank.
    private mutating func takeLine() -> StreamedItem? {
        defer { line.removeAll(keepingCapacity: true) }
        var slice = line[...]
        if slice.last == 0x0D { slice = slice.dropLast() }
        if slice.first == 0x1E { slice = slice.dropFirst() }
        let text = String(decoding: slice, as: UTF8.self)
        return text.allSatisfy(\.isWhitespace) ? nil : .line(text)
    }

    /// Every item of a whole body: what a stored stream replays as.
    public static func items(of body: some Sequence<UInt8>, format: StreamFormat) throws(StreamDecodingError)
        -> [StreamedItem]
    {
        var decoder = StreamDecoder(format: format)
        return try decoder.decode(body) + decoder.finish()
    }
}
