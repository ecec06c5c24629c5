import Foundation
import Tern
import TernJSONPath

/// Reads a JSON source into a `JSONValue` within bounds: at most 64 MiB, nesting at most
/// `maximumDepth` levels, and every failure located as `name:line:column`.
enum JSONDocument {
    /// The largest source read.
    static let maximumBytes = 64 << 20
    /// The deepest nesting of objects and arrays.
    static let maximumDepth = 200

    /// The document's root value.
    static func parse(_ source: ImportSource) throws(ImportError) -> JSONValue {
        guard source.data.count <= maximumBytes else {
            throw ImportError("\(source.name) is larger than 64 MiB", at: source.name)
        }
        var data = source.data
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data.removeFirst(3) }
        try prescan(data, name: source.name)
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw syntaxError(in: data, name: source.name, fallback: context.debugDescription)
        } catch {
            throw ImportError("not valid JSON: \(error)", at: source.name)
        }
    }

    /// The parser's account of a syntax error, located by its byte offset or its message.
    private static func syntaxError(in data: Data, name: String, fallback: String) -> ImportError {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let info = (error as NSError).userInfo
            let reason = (info[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
            if let offset = info["NSJSONSerializationErrorIndex"] as? Int, offset >= 0, offset <= data.count {
                let (line, column) = position(of: offset, in: data)
                return ImportError("not valid JSON: \(reason)", at: "\(name):\(line):\(column)")
            }
            if let range = reason.range(of: #"character \d+"#, options: .regularExpression),
                let offset = Int(reason[range].dropFirst("character ".count)), offset >= 0, offset <= data.count
            {
                let (line, column) = position(of: offset, in: data)
                return ImportError("not valid JSON: \(reason)", at: "\(name):\(line):\(column)")
            }
            return ImportError("not valid JSON: \(reason)", at: location(in: reason, name: name))
        }
        return ImportError("not valid JSON: \(fallback)", at: name)
    }

    /// The 1-based line and column (in characters) of byte `offset`.
    static func position(of offset: Int, in data: Data) -> (Int, Int) {
        JSONTokenizer.lineAndColumn(of: offset, in: data)
    }

    /// `name:line:column` when the parser's message names a line and a column, else the name.
    private static func location(in message: String, name: String) -> String {
        guard let range = message.range(of: #"line (\d+), column (\d+)"#, options: .regularExpression) else {
            return name
        }
        let numbers = message[range].split(whereSeparator: { !$0.isNumber })
        guard numbers.count == 2 else { return name }
        return "\(name):\(numbers[0]):\(numbers[1])"
    }

    /// Checks brackets and strings in one pass of `JSONTokenizer` (lenient: other syntax is left to
    /// the parser): too deep, mismatched or unclosed (a truncated file) are reported at their line and
    /// column before the decoder recurses.
    private static func prescan(_ data: Data, name: String) throws(ImportError) {
        func at(_ offset: Int) -> String {
            let (line, column) = JSONTokenizer.lineAndColumn(of: offset, in: data)
            return "\(name):\(line):\(column)"
        }
        let failure = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> ImportError? in
            var tokens = JSONTokenizer(raw.bindMemory(to: UInt8.self), strict: false)
            var stack: [JSONTokenizer.Token] = []
            do throws(JSONTokenizer.Failure) {
                while let token = try tokens.next() {
                    switch token {
                    case .beginObject, .beginArray:
                        stack.append(token == .beginObject ? .endObject : .endArray)
                        if stack.count > maximumDepth {
                            return ImportError("nesting deeper than \(maximumDepth) levels", at: at(tokens.tokenStart))
                        }
                    case .endObject, .endArray:
                        guard stack.last == token else {
                            let found = token == .endObject ? "}" : "]"
                            return ImportError("unexpected '\(found)'", at: at(tokens.tokenStart))
                        }
                        stack.removeLast()
                    default:
                        break
                    }
                }
            } catch {
                // Other syntax errors are the parser's to report, with its own account of them.
                guard case .unterminatedString(let start) = error else { return nil }
                return ImportError("unterminated string (the file looks truncated)", at: at(start))
            }
            guard stack.isEmpty else {
                return ImportError(
                    "unexpected end of the document: \(stack.count) unclosed object(s) or list(s) "
                        + "(the file looks truncated)", at: at(data.count))
            }
            return nil
        }
        if let failure { throw failure }
    }
}

extension JSONDocument {
    /// The JSON value of `text` when it is valid JSON within the same bounds, else nil.
    static func value(ofText text: String) -> JSONValue? {
        let source = ImportSource(
            data: Data(text.utf8), name: "body", baseDirectory: URL(fileURLWithPath: "/"),
            workspaceRoot: URL(fileURLWithPath: "/"))
        return try? parse(source)
    }
}
