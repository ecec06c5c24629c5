import Foundation

/// Re-indents JSON text without reordering keys or re-encoding numbers: one pass over the bytes,
/// so it is linear in the body's size. Invalid JSON comes back unchanged.
public enum JSONFormatter {
    /// `data` pretty-printed with `indent` spaces, or `nil` when it is not JSON.
    public static func prettyPrinted(_ data: Data, indent: Int = 2) -> String? {
        guard looksLikeJSON(data), (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil else {
            return nil
        }
        var output = [UInt8]()
        output.reserveCapacity(data.count + data.count / 4)
        var depth = 0
        var inString = false
        var escaped = false
        var pendingOpen: UInt8?  // an opener waiting to see whether its container is empty
        func newline() {
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * indent))
        }
        func flushOpen() {
            guard let open = pendingOpen else { return }
            output.append(open)
            depth += 1
            newline()
            pendingOpen = nil
        }
        for byte in data {
            if inString {
                output.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                flushOpen()
                pendingOpen = byte
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let open = pendingOpen {
                    output.append(open)
                    output.append(byte)
                    pendingOpen = nil
                } else {
                    depth = max(0, depth - 1)
                    newline()
                    output.append(byte)
                }
            case UInt8(ascii: ","):
                output.append(byte)
                newline()
            case UInt8(ascii: ":"):
                output.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
            case UInt8(ascii: "\""):
                flushOpen()
                inString = true
                output.append(byte)
            default:
                flushOpen()
                output.append(byte)
            }
        }
        flushOpen()
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether the first non-space byte can start a JSON document.
    static func looksLikeJSON(_ data: Data) -> Bool {
        guard let first = data.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "\"")
    }
}
