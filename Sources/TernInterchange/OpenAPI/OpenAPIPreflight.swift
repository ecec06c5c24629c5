import Foundation
import TernJSONPath
import TernWorkspace

/// What a quick pass over an OpenAPI source tells before the full decode: its syntax, claimed version,
/// the order of its paths (JSON decoding forgets key order) and whether its nesting is within bounds. The
/// project's one reader of what an OpenAPI source is: the importer and the contract checks both start here.
package struct OpenAPIPreflight {
    /// Which OpenAPI a source is, which decides where responses keep their schemas and their dialect.
    package enum Kind: Sendable, Equatable {
        /// Swagger 2.0: `responses.N.schema`, content types from `produces`.
        case swagger2
        /// OpenAPI 3.0: `content.TYPE.schema` in the 3.0 Schema Object dialect (`nullable`).
        case openAPI30
        /// OpenAPI 3.1 and later: JSON Schema 2020-12.
        case openAPI31
    }

    /// Whether the source is JSON (else YAML).
    package var isJSON: Bool
    /// `openapi:` or `swagger:` and its value, when found at the top level.
    var version: (key: String, value: String)?
    /// The keys of the top-level `paths` object in source order (JSON only).
    var pathOrder: [String]?

    /// The deepest nesting a source may have: OpenAPIKit decodes schemas recursively.
    static let maxDepth = 100

    /// Which OpenAPI the source claims to be (`nil`: neither `openapi` nor `swagger` at the top level).
    package var kind: Kind? {
        switch version?.key {
        case "swagger": return version?.value.hasPrefix("2") == true ? .swagger2 : nil
        case "openapi": return version?.value.hasPrefix("3.0") == true ? .openAPI30 : .openAPI31
        default: return nil
        }
    }

    /// Reads `text`, or throws when its nesting is too deep (or, as YAML, its aliases expand too far).
    package init(text: String, name: String) throws(ImportError) {
        let trimmed = text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        isJSON = trimmed.hasPrefix("{") || trimmed.hasPrefix("[")
        if isJSON {
            var scanner = JSONSkimmer(bytes: Array(text.utf8))
            try scanner.run(name: name)
            version = scanner.version
            pathOrder = scanner.pathKeys
        } else {
            try Self.checkYAMLDepth(text, name: name)
            // The workspace loader's budget: an alias bomb of a few hundred bytes must not expand to
            // millions of nodes in Yams.
            do {
                try YAMLBudget.check(text, file: URL(fileURLWithPath: name))
            } catch {
                throw ImportError(error.message, at: "\(name):\(error.line ?? 1):\(error.column ?? 1)")
            }
            version = Self.yamlVersion(text)
        }
    }

    private static func yamlVersion(_ text: String) -> (key: String, value: String)? {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let first = line.first, !first.isWhitespace, first != "#" else { continue }
            for key in ["openapi", "swagger"] where line.hasPrefix(key + ":") {
                var value = line.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
                if let hash = value.range(of: " #") { value = String(value[..<hash.lowerBound]) }
                return (key, value.trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")))
            }
        }
        return nil
    }

    /// Estimates YAML nesting from block indentation and flow brackets, line by line (linear).
    private static func checkYAMLDepth(_ text: String, name: String) throws(ImportError) {
        var indents: [Int] = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var column = 0
            var index = line.startIndex
            while index < line.endIndex, line[index] == " " || line[index] == "-" {
                column += 1
                index = line.index(after: index)
            }
            guard index < line.endIndex, line[index] != "#", line[index] != "\r" else { continue }
            while let last = indents.last, last >= column { indents.removeLast() }
            indents.append(column)
            var flow = 0
            var maxFlow = 0
            var quote: Character?
            for character in line[index...] {
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "\"" || character == "'" {
                    quote = character
                } else if character == "[" || character == "{" {
                    flow += 1
                    maxFlow = max(maxFlow, flow)
                } else if character == "]" || character == "}" {
                    flow -= 1
                }
            }
            if indents.count + maxFlow > maxDepth {
                throw ImportError(
                    "the document nests deeper than \(maxDepth) levels", at: "\(name):\(lineNumber):\(column + 1)")
            }
        }
    }
}

/// A linear pass over `JSONTokenizer`'s tokens (lenient) that measures nesting and notes the
/// top-level version and path keys. It does not validate: the decoder that follows reports syntax
/// errors (the pass stops at an unterminated string).
struct JSONSkimmer {
    let bytes: [UInt8]
    var version: (key: String, value: String)?
    var pathKeys: [String]?

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func run(name: String) throws(ImportError) {
        let tooDeep: Int? = bytes.withUnsafeBufferPointer { buffer in
            var tokens = JSONTokenizer(buffer, strict: false)
            // Containers open, true for objects.
            var stack: [Bool] = []
            var expectingKey = false
            var lastTopKey: String?
            var inPaths = false
            while let token = try? tokens.next() {
                switch token {
                case .beginObject, .beginArray:
                    stack.append(token == .beginObject)
                    if stack.count > OpenAPIPreflight.maxDepth { return tokens.tokenStart }
                    if stack.count == 2 {
                        inPaths = token == .beginObject && lastTopKey == "paths"
                        if inPaths { pathKeys = [] }
                    }
                    expectingKey = token == .beginObject
                case .endObject, .endArray:
                    if !stack.isEmpty { stack.removeLast() }
                    if stack.count < 2 { inPaths = false }
                    expectingKey = false
                case .comma:
                    expectingKey = stack.last == true
                case .string(let range):
                    let text = Self.text(of: buffer[range])
                    if expectingKey {
                        expectingKey = false
                        if stack.count == 1 { lastTopKey = text }
                        if inPaths, stack.count == 2 { pathKeys?.append(text) }
                    } else if stack.count == 1, let key = lastTopKey, key == "openapi" || key == "swagger" {
                        version = (key, text)
                    }
                case .colon, .scalar:
                    break
                }
            }
            return nil
        }
        if let tooDeep {
            let (line, column) = JSONTokenizer.lineAndColumn(of: tooDeep, in: bytes)
            throw ImportError(
                "the document nests deeper than \(OpenAPIPreflight.maxDepth) levels", at: "\(name):\(line):\(column)")
        }
    }

    /// A string token's text without its quotes; escapes other than `\"`, `\\` and `\/` are kept raw
    /// (path keys and versions rarely hold them).
    private static func text(of token: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        var out: [UInt8] = []
        var index = token.startIndex + 1
        let end = token.endIndex - 1
        while index < end {
            let byte = token[index]
            if byte == UInt8(ascii: "\\"), index + 1 < end {
                let next = token[index + 1]
                if next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\") || next == UInt8(ascii: "/") {
                    out.append(next)
                } else {
                    out.append(byte)
                    out.append(next)
                }
                index += 2
                continue
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
