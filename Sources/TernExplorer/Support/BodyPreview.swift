package import Foundation

/// How a front end may show a body it cannot pretty-print: as text, or — for binary data — as a
/// hex dump, never as raw bytes on a terminal.
package enum BodyPreview {
    /// Whether `data` is text a terminal can show: valid UTF-8 without control bytes other than
    /// tab, newline and carriage return.
    package static func isText(_ data: Data) -> Bool {
        let controlFree = data.withUnsafeBytes { buffer in
            !buffer.contains { byte in (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F }
        }
        return controlFree && String(validating: data, as: UTF8.self) != nil
    }

    /// The first `limit` bytes as `hexdump -C` rows: offset, sixteen bytes in hex, and `|ascii|`.
    package static func hexRows(_ data: Data, limit: Int) -> [String] {
        let shown = Array(data.prefix(limit))
        return stride(from: 0, to: shown.count, by: 16).map { start in
            let row = shown[start..<min(start + 16, shown.count)]
            let hex = row.map { String(format: "%02x", $0) }.joined(separator: " ")
            let ascii = String(row.map { (0x20..<0x7F).contains($0) ? Character(UnicodeScalar($0)) : "." })
            return String(format: "%08x  ", start) + hex.padding(toLength: 47, withPad: " ", startingAt: 0)
                + "  |\(ascii)|"
        }
    }
}
