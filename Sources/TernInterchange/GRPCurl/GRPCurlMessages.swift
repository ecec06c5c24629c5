import Foundation
import Tern
import TernJSONPath

/// grpcurl's `-d`: a stream of JSON documents, one request message each (`{"a": 1} {"a": 2}`).
enum GRPCurlMessages {
    /// The most messages one `-d` imports.
    static let maximumMessages = 10_000

    /// The messages of `text`, in order; an error says which one is not JSON.
    static func parse(_ text: String, at place: String) throws(ImportError) -> [JSONValue] {
        let bytes = Array(text.utf8)
        var ranges: [Range<Int>] = []
        let failure = bytes.withUnsafeBufferPointer { buffer -> ImportError? in
            var tokens = JSONTokenizer(buffer, strict: false)
            var depth = 0
            var start = 0
            do throws(JSONTokenizer.Failure) {
                while let token = try tokens.next() {
                    if depth == 0 { start = tokens.tokenStart }
                    switch token {
                    case .beginObject, .beginArray: depth += 1
                    case .endObject, .endArray: depth -= 1
                    default: break
                    }
                    guard depth <= 0 else { continue }
                    if depth < 0 {
                        return ImportError("-d: unexpected '\(token == .endObject ? "}" : "]")'", at: place)
                    }
                    ranges.append(start..<tokens.offset)
                    if ranges.count > maximumMessages {
                        return ImportError("-d holds more than \(maximumMessages) messages", at: place)
                    }
                }
            } catch {
                return ImportError("-d is not JSON: \(error)", at: place)
            }
            return depth == 0 ? nil : ImportError("-d: a message is not closed", at: place)
        }
        if let failure { throw failure }
        var messages: [JSONValue] = []
        for (index, range) in ranges.enumerated() {
            let piece = String(decoding: bytes[range], as: UTF8.self)
            guard let value = JSONDocument.value(ofText: piece) else {
                throw ImportError("-d: message \(index + 1) is not JSON: \(piece.prefix(60))", at: place)
            }
            messages.append(value)
        }
        return messages
    }
}
