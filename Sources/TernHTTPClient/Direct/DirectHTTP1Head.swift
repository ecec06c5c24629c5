import NIOCore
import NIOHTTP1

/// The syntax of an HTTP/1.1 answer's head (RFC 9112 §4, §5): the status line and the fields, from the
/// bytes `DirectHTTP1Parser` found before the blank line. Field names are tokens; values lose the spaces
/// around them and may not hold control bytes; an obsolete line folding becomes one space.
enum DirectHTTP1Head {
    /// The status line and fields of a head (its lines, without the blank one).
    static func parse(_ bytes: ByteBuffer) throws(HTTPParserError) -> HTTPResponseHead {
        var lines = Lines(bytes)
        guard let statusLine = lines.next() else { throw .invalidStatus }
        let (version, status) = try parseStatusLine(statusLine)
        var headers = HTTPHeaders()
        var last: (name: String, value: String)?
        while let line = lines.next() {
            if let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                // An obsolete line folding: one space in its place (RFC 9112 §5.2).
                guard var field = last else { throw .invalidHeaderToken }
                let more = trimmed(line[...])
                if !more.isEmpty {
                    field.value += (field.value.isEmpty ? "" : " ") + String(decoding: more, as: UTF8.self)
                }
                last = field
                continue
            }
            if let field = last { headers.add(name: field.name, value: field.value) }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
                throw .invalidHeaderToken
            }
            let name = line[line.startIndex..<colon]
            guard name.allSatisfy(isToken) else { throw .invalidHeaderToken }
            let value = trimmed(line[(colon + 1)...])
            guard !value.contains(where: { $0 == 0 || $0 == UInt8(ascii: "\r") || ($0 < 0x20 && $0 != 0x09) }) else {
                throw .invalidCharactersUsed
            }
            last = (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
        }
        if let field = last { headers.add(name: field.name, value: field.value) }
        return HTTPResponseHead(version: version, status: status, headers: headers)
    }

    /// `HTTP/1.x NNN reason`.
    private static func parseStatusLine(_ line: [UInt8]) throws(HTTPParserError) -> (HTTPVersion, HTTPResponseStatus) {
        let prefix: [UInt8] = Array("HTTP/1.".utf8)
        guard line.count >= 12, line.starts(with: prefix) else { throw .invalidVersion }
        let minor = line[7]
        guard minor == UInt8(ascii: "0") || minor == UInt8(ascii: "1") else { throw .invalidVersion }
        guard line[8] == UInt8(ascii: " ") else { throw .invalidStatus }
        var code = 0
        for byte in line[9..<12] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { throw .invalidStatus }
            code = code * 10 + Int(byte - UInt8(ascii: "0"))
        }
        guard code >= 100 else { throw .invalidStatus }
        var reason = ""
        if line.count > 12 {
            guard line[12] == UInt8(ascii: " ") else { throw .invalidStatus }
            let phrase = line[13...]
            // A bare CR (or another control byte) in the reason phrase could hide what follows it.
            guard !phrase.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else { throw .invalidStatus }
            reason = String(decoding: phrase, as: UTF8.self)
        }
        return (
            HTTPVersion(major: 1, minor: Int(minor - UInt8(ascii: "0"))),
            HTTPResponseStatus(statusCode: code, reasonPhrase: reason)
        )
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { slice.removeFirst() }
        while let last = slice.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { slice.removeLast() }
        return slice
    }

    /// A token character (RFC 9110 §5.6.2).
    private static func isToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// The lines of a head, without their LF and the CR before it.
    private struct Lines {
        private let bytes: [UInt8]
        private var index = 0

        init(_ buffer: ByteBuffer) {
            bytes = buffer.getBytes(at: buffer.readerIndex, length: buffer.readableBytes) ?? []
        }

        mutating func next() -> [UInt8]? {
            guard index < bytes.count else { return nil }
            var end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let next = end + 1
            if end > index && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let line = Array(bytes[index..<end])
            index = next
            return line
        }
    }
}
