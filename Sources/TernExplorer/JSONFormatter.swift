package import Foundation
import TernJSONPath

/// Re-indents JSON text without reordering keys or re-encoding numbers: one pass over
/// `JSONTokenizer`'s tokens, so it is linear in the body's size. Invalid JSON comes back unchanged.
package enum JSONFormatter {
    /// `data` pretty-printed with `indent` spaces, or `nil` when it is not JSON.
    package static func prettyPrinted(_ data: Data, indent: Int = 2) -> String? {
        prettyPrintedBytes(data, indent: indent).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The same as UTF-8 bytes (what a viewer that indexes lines wants, without a String in between).
    package static func prettyPrintedBytes(_ data: Data, indent: Int = 2) -> [UInt8]? {
        guard looksLikeJSON(data), JSONValidator.isValid(data) else {
            return nil
        }
        var writer = Writer(indent: indent, capacity: data.count + data.count / 4)
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            // Validated just above: the lenient tokens (string ends and structure) are all the layout needs.
            var tokens = JSONTokenizer(bytes, strict: false)
            while let token = try? tokens.next() { writer.take(token, from: bytes) }
        }
        writer.flushOpen()
        return writer.output
    }

    /// The formatter's state: one token in, its pretty form out.
    private struct Writer {
        let indent: Int
        var output: [UInt8] = []
        var depth = 0
        /// An opener waiting to see whether its container is empty (`[]` and `{}` stay on one line).
        var pendingOpen: UInt8?

        init(indent: Int, capacity: Int) {
            self.indent = indent
            output.reserveCapacity(capacity)
        }

        mutating func take(_ token: JSONTokenizer.Token, from bytes: UnsafeBufferPointer<UInt8>) {
            switch token {
            case .beginObject, .beginArray:
                flushOpen()
                pendingOpen = token == .beginObject ? UInt8(ascii: "{") : UInt8(ascii: "[")
            case .endObject, .endArray:
                let byte = token == .endObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if let open = pendingOpen {
                    output.append(open)
                    output.append(byte)
                    pendingOpen = nil
                } else {
                    depth = max(0, depth - 1)
                    newline()
                    output.append(byte)
                }
            case .comma:
                output.append(UInt8(ascii: ","))
                newline()
            case .colon:
                output.append(UInt8(ascii: ":"))
                output.append(UInt8(ascii: " "))
            case .string(let range), .scalar(let range):
                flushOpen()
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
            }
        }

        @inline(__always)
        mutating func newline() {
            output.append(UInt8(ascii: "\n"))
            for _ in 0..<(depth * indent) { output.append(UInt8(ascii: " ")) }
        }

        @inline(__always)
        mutating func flushOpen() {
            guard let open = pendingOpen else { return }
            output.append(open)
            depth += 1
            newline()
            pendingOpen = nil
        }
    }

    /// Whether the first non-space byte can start a JSON document.
    static func looksLikeJSON(_ data: Data) -> Bool {
        guard let first = data.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "\"")
    }
}
