import Foundation
import TernWorkspace

/// What a quick pass over an OpenAPI source tells before the full decode: its syntax, claimed version,
/// the order of its paths (JSON decoding forgets key order) and whether its nesting is within bounds.
struct OpenAPIPreflight {
    /// Whether the source is JSON (else YAML).
    var isJSON: Bool
    /// `openapi:` or `swagger:` and its value, when found at the top level.
    var version: (key: String, value: String)?
    /// The keys of the top-level `paths` object in source order (JSON only).
    var pathOrder: [String]?

    /// The deepest nesting a source may have: OpenAPIKit decodes schemas recursively.
    static let maxDepth = 100

    /// Reads `text`, or throws when its nesting is too deep.
    init(text: String, name: String) throws(ImportError) {
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

/// A linear pass over JSON bytes that measures nesting and notes the top-level version and path keys.
/// It does not validate: the decoder that follows reports syntax errors.
struct JSONSkimmer {
    let bytes: [UInt8]
    var index = 0
    var version: (key: String, value: String)?
    var pathKeys: [String]?

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func run(name: String) throws(ImportError) {
        // Containers open, true for objects.
        var stack: [Bool] = []
        var expectingKey = false
        var lastTopKey: String?
        var inPaths = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                stack.append(byte == UInt8(ascii: "{"))
                if stack.count > OpenAPIPreflight.maxDepth {
                    throw ImportError(
                        "the document nests deeper than \(OpenAPIPreflight.maxDepth) levels",
                        at: location(name: name))
                }
                if stack.count == 2 {
                    inPaths = byte == UInt8(ascii: "{") && lastTopKey == "paths"
                    if inPaths { pathKeys = [] }
                }
                expectingKey = byte == UInt8(ascii: "{")
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
                if stack.count < 2 { inPaths = false }
                expectingKey = false
                index += 1
            case UInt8(ascii: ","):
                expectingKey = stack.last == true
                index += 1
            case UInt8(ascii: "\""):
                let text = readString()
                if expectingKey {
                    expectingKey = false
                    if stack.count == 1 { lastTopKey = text }
                    if inPaths, stack.count == 2 { pathKeys?.append(text) }
                } else if stack.count == 1, let key = lastTopKey, key == "openapi" || key == "swagger" {
                    version = (key, text)
                }
            default:
                index += 1
            }
        }
    }

    /// Reads a string starting at the opening quote; escapes other than `\"`, `\\` and `\/` are kept raw
    /// (path keys and versions rarely hold them).
    private mutating func readString() -> String {
        index += 1
        var out: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                let next = bytes[index + 1]
                if next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\") || next == UInt8(ascii: "/") {
                    out.append(next)
                } else {
                    out.append(byte)
                    out.append(next)
                }
                index += 2
                continue
            }
            index += 1
            if byte == UInt8(ascii: "\"") { break }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private func location(name: String) -> String {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return "\(name):\(line):\(column)"
    }
}
