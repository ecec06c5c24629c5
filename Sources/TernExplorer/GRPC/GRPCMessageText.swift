import Foundation
import Tern
import TernProtobuf

/// A gRPC request's messages as the editor shows them: JSON documents, one a message, which may carry
/// `//` and `/* */` comments (the template writes each field's type as one) and trailing commas. The
/// comments are the editor's only: the spec keeps, and the call sends, the JSON without them.
enum GRPCMessageText {
    /// The messages `text` holds (none for blank text), comments and trailing commas dropped.
    static func messages(_ text: String) throws(ExplorerError) -> [JSONValue] {
        let documents: [[UInt8]]
        do {
            documents = try jsonDocuments(Array(text.utf8))
        } catch {
            throw ExplorerError(.usage, "the request message is not JSON: \(error)")
        }
        var messages: [JSONValue] = []
        for (index, document) in documents.enumerated() {
            let plain = stripped(String(decoding: document, as: UTF8.self))
            guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(plain.utf8)),
                case .object = value
            else {
                let which = documents.count == 1 ? "the request message" : "request message \(index + 1)"
                throw ExplorerError(.usage, "\(which) is not a JSON object ({...})")
            }
            messages.append(value)
        }
        return messages
    }

    /// The messages as the editor shows them: each pretty-printed, one after the other.
    static func text(of messages: [JSONValue]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return messages.compactMap { message in
            (try? encoder.encode(message)).map { String(decoding: $0, as: UTF8.self) }
        }.joined(separator: "\n")
    }

    /// `text` without its comments and with no comma before a closing `}` or `]` (strings kept as written).
    static func stripped(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        var inString = false
        // Where the last comma outside strings is in `out`, while only blanks followed it.
        var pendingComma: Int?
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                out.append(byte)
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    out.append(bytes[index + 1])
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                index += 1
                continue
            }
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            }
            if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count
                        && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index += 2
                continue
            }
            switch byte {
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let comma = pendingComma { out[comma] = UInt8(ascii: " ") }
                pendingComma = nil
            case UInt8(ascii: ","):
                pendingComma = out.count
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            default:
                pendingComma = nil
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
