package import Foundation
import TernExplorer
import TernJSONPath
package import TernScreen

/// A response body prepared for the response pane: its text as bytes with the offset of every
/// line, so the view asks for only the lines it shows (virtual scrolling) and colours them as
/// it draws. Built off the UI task; a 50 MB body costs the formatting once and nothing per frame.
package struct BodyDocument: Sendable {
    package enum Kind: String, Sendable {
        case json, text, binary, empty, file
        /// A stored stream (Server-Sent Events, JSON lines), shown item by item as it was live.
        case events
    }

    package let kind: Kind
    private let bytes: [UInt8]
    /// Where each line starts in `bytes`; the line ends before the next start's newline.
    private let starts: [Int]

    package var lineCount: Int { starts.count }

    /// The text as shown (pretty JSON for a JSON body), for the filter line to parse.
    var text: [UInt8] { bytes }

    /// The bytes of line `index` without its newline.
    package func lineBytes(_ index: Int) -> ArraySlice<UInt8> {
        guard index >= 0, index < starts.count else { return [] }
        let start = starts[index]
        var end = index + 1 < starts.count ? starts[index + 1] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return bytes[start..<max(start, end)]
    }

    /// Line `index` as text (invalid UTF-8 repaired; tabs as spaces).
    package func line(_ index: Int) -> String {
        let text = String(decoding: lineBytes(index), as: UTF8.self)
        return text.contains("\t") ? text.replacingOccurrences(of: "\t", with: "    ") : text
    }

    init(kind: Kind, text: [UInt8]) {
        self.kind = kind
        bytes = text
        var starts = [0]
        starts.reserveCapacity(text.count / 24 + 1)
        for (offset, byte) in text.enumerated() where byte == UInt8(ascii: "\n") && offset + 1 < text.count {
            starts.append(offset + 1)
        }
        self.starts = starts
    }

    /// Prepares `body`: pretty JSON, text as it is, binary as a hex summary (never dumped raw).
    package static func make(_ body: Data, contentType: String?, file: URL? = nil) -> BodyDocument {
        if body.isEmpty {
            if let file {
                return BodyDocument(kind: .file, text: Array("The body was streamed to \(file.path)".utf8))
            }
            return BodyDocument(kind: .empty, text: Array("(no body)".utf8))
        }
        if let lines = StreamItemLines.lines(ofStoredBody: body, contentType: contentType) {
            return BodyDocument(kind: .events, text: Array(lines.joined(separator: "\n").utf8))
        }
        if let pretty = JSONFormatter.prettyPrintedBytes(body) {
            return BodyDocument(kind: .json, text: pretty)
        }
        if BodyPreview.isText(body) {
            return BodyDocument(kind: .text, text: Array(body))
        }
        return BodyDocument(kind: .binary, text: Array(hexSummary(body, contentType: contentType).utf8))
    }

    /// The size, type and the first 512 bytes as a hex dump.
    static func hexSummary(_ data: Data, contentType: String?) -> String {
        var lines = [
            "Binary body: \(Format.bytes(Int64(data.count))) (\(contentType ?? "no content type")); first bytes:", "",
        ]
        lines += BodyPreview.hexRows(data, limit: 512)
        if data.count > 512 { lines.append("… \(Format.bytes(Int64(data.count - 512))) more") }
        return lines.joined(separator: "\n")
    }

    /// The line coloured for display: JSON keys, strings, numbers and literals in their own colours.
    package func spans(_ index: Int, highlight: String? = nil) -> [Span] {
        let text = line(index)
        var spans =
            kind == .json
            ? Self.jsonSpans(text) : [Span(text, kind == .binary || kind == .empty || kind == .file ? .dim : .plain)]
        if let highlight, !highlight.isEmpty, text.range(of: highlight, options: .caseInsensitive) != nil {
            spans = spans.map { Span($0.text, $0.style.adding(.underline)) }
        }
        return spans
    }

    /// Splits one pretty-printed JSON line into coloured spans, reading `JSONTokenizer`'s lenient
    /// tokens: a key (a string before the line's first `:`) blue, other strings green, numbers cyan,
    /// `true`/`false`/`null` magenta, the rest (white space, brackets, `:` and `,`) plain. A string
    /// the line does not close is green to the end.
    static func jsonSpans(_ line: String) -> [Span] {
        let bytes = Array(line.utf8)
        var spans: [Span] = []
        func span(_ range: Range<Int>, _ style: Style) {
            if !range.isEmpty { spans.append(Span(String(decoding: bytes[range], as: UTF8.self), style)) }
        }
        bytes.withUnsafeBufferPointer { buffer in
            var tokens = JSONTokenizer(buffer, strict: false)
            var plainStart = 0
            var sawColon = false
            /// The plain text before `start`, then `range` in `style`.
            func styled(_ range: Range<Int>, _ style: Style) {
                span(plainStart..<range.lowerBound, .plain)
                span(range, style)
                plainStart = range.upperBound
            }
            var pendingString: Range<Int>?
            do throws(JSONTokenizer.Failure) {
                while let token = try tokens.next() {
                    if let string = pendingString {
                        let isKey = token == .colon && !sawColon
                        styled(string, isKey ? Style(foreground: .blue, attributes: .bold) : Style(foreground: .green))
                        pendingString = nil
                    }
                    switch token {
                    case .string(let range): pendingString = range
                    case .scalar(let range):
                        let first = bytes[range.lowerBound]
                        let isNumber = first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39)
                        styled(range, Style(foreground: isNumber ? .cyan : .magenta))
                    case .colon: sawColon = true
                    default: break
                    }
                }
                if let string = pendingString { styled(string, Style(foreground: .green)) }
            } catch {
                if let string = pendingString { styled(string, Style(foreground: .green)) }
                if case .unterminatedString(let start) = error {
                    styled(start..<bytes.count, Style(foreground: .green))
                }
            }
            span(plainStart..<bytes.count, .plain)
        }
        return spans
    }

    /// The lines that contain `query` (case-insensitive), in order.
    package func search(_ query: String) -> [Int] {
        let needle = Array(query.lowercased().utf8)
        guard !needle.isEmpty else { return [] }
        var matches: [Int] = []
        for index in 0..<lineCount {
            let line = lineBytes(index)
            guard line.count >= needle.count else { continue }
            if Self.contains(line, needle) { matches.append(index) }
        }
        return matches
    }

    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        let first = needle[0]
        var index = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while index <= last {
            if lower(haystack[index]) == first {
                var offset = 1
                while offset < needle.count, lower(haystack[index + offset]) == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            index += 1
        }
        return false
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte + 32 : byte
    }
}
