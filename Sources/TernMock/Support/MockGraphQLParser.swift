import Foundation

/// Just enough GraphQL for the mock's `/graphql`: operations with variable definitions, fields with aliases,
/// arguments (variables, strings, numbers, booleans) and nested selections. No fragments, no directives.
struct MockGraphQLParser {
    /// An argument's value: a literal or a variable.
    enum Value: Sendable {
        case variable(String)
        case literal(String)
    }

    /// One field of a selection set.
    struct Field: Sendable {
        var alias: String?
        var name: String
        var arguments: [(String, Value)]
        var selections: [Field]
        /// The name the answer uses.
        var key: String { alias ?? name }
    }

    /// An operation: `query`, `mutation` or `subscription`, its name, and its root fields.
    struct Operation: Sendable {
        var kind: String
        var name: String?
        var selections: [Field]
    }

    struct SyntaxError: Error {
        let message: String
    }

    private static let maximumDepth = 16
    private var tokens: [String]
    private var position = 0

    /// Splits `document` into tokens; commas and comments are ignored, as GraphQL says.
    init(_ document: String) throws(SyntaxError) {
        var tokens: [String] = []
        var characters = Array(document.unicodeScalars)[...]
        while let first = characters.first {
            if first == "#" {
                characters = characters.drop { $0 != "\n" }
            } else if first == "," || CharacterSet.whitespacesAndNewlines.contains(first) {
                characters = characters.dropFirst()
            } else if "{}()[]:!$=@".unicodeScalars.contains(first) {
                tokens.append(String(first))
                characters = characters.dropFirst()
            } else if first == "\"" {
                var text = "\""
                characters = characters.dropFirst()
                while let next = characters.first, next != "\"" {
                    text.unicodeScalars.append(next)
                    characters = characters.dropFirst()
                }
                guard characters.first == "\"" else { throw SyntaxError(message: "a string is not closed") }
                characters = characters.dropFirst()
                tokens.append(text + "\"")
            } else if first == "_" || CharacterSet.alphanumerics.contains(first) || first == "-" || first == "." {
                let word = characters.prefix {
                    $0 == "_" || $0 == "-" || $0 == "." || CharacterSet.alphanumerics.contains($0)
                }
                tokens.append(String(String.UnicodeScalarView(word)))
                characters = characters.dropFirst(word.count)
            } else {
                throw SyntaxError(message: "unexpected character '\(first)'")
            }
        }
        self.tokens = tokens
    }

    /// The operations of the document, in order.
    mutating func operations() throws(SyntaxError) -> [Operation] {
        var operations: [Operation] = []
        while position < tokens.count {
            if peek == "{" {
                operations.append(Operation(kind: "query", name: nil, selections: try selectionSet(depth: 0)))
                continue
            }
            let kind = try word()
            guard ["query", "mutation", "subscription"].contains(kind) else {
                throw SyntaxError(message: "expected an operation ('query', 'mutation' or '{'), found '\(kind)'")
            }
            var name: String?
            if let next = peek, next != "(", next != "{" { name = try word() }
            if peek == "(" { try skipVariableDefinitions() }
            operations.append(Operation(kind: kind, name: name, selections: try selectionSet(depth: 0)))
        }
        guard !operations.isEmpty else { throw SyntaxError(message: "the document has no operation") }
        return operations
    }

    private var peek: String? { position < tokens.count ? tokens[position] : nil }

    private mutating func next() throws(SyntaxError) -> String {
        guard let token = peek else { throw SyntaxError(message: "the document ends too early") }
        position += 1
        return token
    }

    private mutating func expect(_ token: String) throws(SyntaxError) {
        let found = try next()
        guard found == token else { throw SyntaxError(message: "expected '\(token)', found '\(found)'") }
    }

    private mutating func word() throws(SyntaxError) -> String {
        let token = try next()
        guard let first = token.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else {
            throw SyntaxError(message: "expected a name, found '\(token)'")
        }
        return token
    }

    /// `($id: ID!, $n: Int = 3)`: checked for balance, the types are not used.
    private mutating func skipVariableDefinitions() throws(SyntaxError) {
        try expect("(")
        while peek != ")" {
            _ = try next()
        }
        try expect(")")
    }

    private mutating func selectionSet(depth: Int) throws(SyntaxError) -> [Field] {
        guard depth < Self.maximumDepth else { throw SyntaxError(message: "the selections nest too deep") }
        try expect("{")
        var fields: [Field] = []
        while peek != "}" {
            var name = try word()
            var alias: String?
            if peek == ":" {
                position += 1
                alias = name
                name = try word()
            }
            var arguments: [(String, Value)] = []
            if peek == "(" {
                position += 1
                while peek != ")" {
                    let argument = try word()
                    try expect(":")
                    arguments.append((argument, try value()))
                }
                try expect(")")
            }
            let selections = peek == "{" ? try selectionSet(depth: depth + 1) : []
            fields.append(Field(alias: alias, name: name, arguments: arguments, selections: selections))
        }
        try expect("}")
        guard !fields.isEmpty else { throw SyntaxError(message: "a selection set is empty") }
        return fields
    }

    private mutating func value() throws(SyntaxError) -> Value {
        let token = try next()
        if token == "$" { return .variable(try word()) }
        if token.hasPrefix("\"") { return .literal(String(token.dropFirst().dropLast())) }
        guard !"{}()[]:!=@".contains(token) else { throw SyntaxError(message: "expected a value, found '\(token)'") }
        return .literal(token)
    }
}
