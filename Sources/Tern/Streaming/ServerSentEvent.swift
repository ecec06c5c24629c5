/// One Server-Sent Event as the WHATWG HTML standard dispatches it (`text/event-stream`).
public struct ServerSentEvent: Sendable, Hashable {
    /// The `event:` field, `"message"` when the event named none.
    public var event: String
    /// The `data:` lines joined with line feeds.
    public var data: String
    /// The last event ID in force when the event was dispatched (`id:` persists across events).
    public var id: String?
    /// The reconnection time the stream asked for (`retry:`, milliseconds), when this event set one.
    public var retry: Int?

    /// Makes an event.
    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}

/// Turns `text/event-stream` bytes into events as they arrive, in chunks of any size.
///
/// It follows the standard's parsing rules: a leading BOM is skipped, lines end with CRLF, LF or CR
/// (also across chunks), `:` starts a comment, a blank line dispatches the event, an event without
/// data is dropped, and an unfinished event at the end of the stream is discarded. A line longer
/// than `maximumLineBytes` fails instead of growing without bound.
public struct ServerSentEventParser: Sendable {
    /// The longest line kept while waiting for its end.
    public let maximumLineBytes: Int
    private var line: [UInt8] = []
    private var afterCR = false
    private var bomChecked = false
    private var bomSeen: [UInt8] = []
    private var eventType = ""
    private var data: [UInt8] = []
    private var hasData = false
    /// The last event ID the stream set (`id:`): what a reconnection sends as `Last-Event-ID`.
    public private(set) var lastEventID: String?
    /// The reconnection time the stream asked for (`retry:`, milliseconds), with or without an event.
    public private(set) var reconnectionTime: Int?
    private var retry: Int?

    /// Makes a parser. `lastEventID` is the last event ID of the connection before this one: it
    /// persists across reconnections (the standard's "last event ID string") until an `id:` changes it.
    public init(maximumLineBytes: Int = 8 << 20, lastEventID: String? = nil) {
        self.maximumLineBytes = maximumLineBytes
        self.lastEventID = lastEventID
    }

    /// Parses `bytes` and returns the events they complete.
    public mutating func parse(_ bytes: some Sequence<UInt8>) throws(StreamDecodingError) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if bomChecked {
                try consume(byte, into: &events)
                continue
            }
            // The stream may open with a BOM (EF BB BF), which is not part of the first line.
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            if byte == bom[bomSeen.count] {
                bomSeen.append(byte)
                if bomSeen.count == bom.count {
                    bomChecked = true
                    bomSeen = []
                }
                continue
            }
            bomChecked = true
            let held = bomSeen
            bomSeen = []
            for heldByte in held { try consume(heldByte, into: &events) }
            try consume(byte, into: &events)
        }
        return events
    }

    private mutating func consume(_ byte: UInt8, into events: inout [ServerSentEvent]) throws(StreamDecodingError) {
        switch byte {
        case 0x0A where afterCR:
            afterCR = false
        case 0x0A, 0x0D:
            afterCR = byte == 0x0D
            if let event = endLine() { events.append(event) }
        default:
            afterCR = false
            guard line.count < maximumLineBytes else {
                throw StreamDecodingError("an event-stream line is longer than \(maximumLineBytes) bytes")
            }
            line.append(byte)
        }
    }

    /// Ends the stream: an event without its blank line is discarded, as the standard says.
    public mutating func finish() -> [ServerSentEvent] {
        line.removeAll()
        data.removeAll()
        hasData = false
        eventType = ""
        return []
    }

    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty { return dispatch() }
        if line.first == UInt8(ascii: ":") { return nil }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let field = String(decoding: line[..<(colon ?? line.endIndex)], as: UTF8.self)
        var valueStart = colon.map { line.index(after: $0) } ?? line.endIndex
        if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = line[valueStart...]
        switch field {
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "data":
            data.append(contentsOf: value)
            data.append(0x0A)
            hasData = true
        case "id":
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }), value.count <= 18 {
                retry = Int(String(decoding: value, as: UTF8.self))
                reconnectionTime = retry
            }
        default:
            break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            data.removeAll(keepingCapacity: true)
            hasData = false
            eventType = ""
            retry = nil
        }
        guard hasData else { return nil }
        if data.last == 0x0A { data.removeLast() }
        return ServerSentEvent(
            event: eventType.isEmpty ? "message" : eventType, data: String(decoding: data, as: UTF8.self),
            id: lastEventID, retry: retry)
    }
}

/// A streamed body that cannot be decoded (a line past its limit).
public struct StreamDecodingError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    init(_ description: String) { self.description = description }
}
