import Foundation
import GraphQL

/// The operations of a `.graphql` file (a client's queries, mutations and subscriptions, with fragments),
/// each as a document of its own: the operation's text as written, then the fragments it spreads (those
/// they spread too), in the file's order.
public struct GraphQLOperationFile: Sendable {
    /// One operation.
    public struct Operation: Sendable, Equatable {
        /// Its name, `nil` for an anonymous one.
        public var name: String?
        public var kind: GraphQLOperationKind
        /// The document that runs it alone.
        public var query: String
        /// The line of the file it starts on.
        public var line: Int
    }

    /// The operations, in the file's order.
    public let operations: [Operation]
    /// Whether the file also (or only) defines types: a schema, not a client's operations.
    public let definesTypes: Bool

    /// The operations of `text`, or an error naming the line and column that does not parse.
    public init(_ text: String) throws(GraphQLSchemaError) {
        let document: Document
        do {
            document = try parse(source: text)
        } catch let error as GraphQLError {
            throw GraphQLSchemaError(GraphQLSchemaDocument.describe(error))
        } catch {
            throw GraphQLSchemaError("the file does not parse: \(error)")
        }
        let bytes = Array(text.utf8)
        // A definition's text: from where it starts to the brace that closes its selection set (the parser's
        // locations end at its first token).
        func source(_ location: Location?) -> String {
            guard let start = location?.start, start >= 0, start < bytes.count else { return "" }
            let end = Self.closingBrace(in: bytes, from: start) ?? bytes.count
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        var fragments: [(name: String, text: String, spreads: Set<String>)] = []
        for definition in document.definitions {
            if let fragment = definition as? FragmentDefinition {
                fragments.append((fragment.name.value, source(fragment.loc), Self.spreads(in: source(fragment.loc))))
            }
        }
        var operations: [Operation] = []
        var definesTypes = false
        for definition in document.definitions {
            guard let operation = definition as? OperationDefinition else {
                if !(definition is FragmentDefinition) { definesTypes = true }
                continue
            }
            let text = source(operation.loc)
            // The fragments it needs, and theirs, in the file's order.
            var needed = Self.spreads(in: text)
            var grew = true
            while grew {
                grew = false
                for fragment in fragments where needed.contains(fragment.name) {
                    let more = fragment.spreads.subtracting(needed)
                    if !more.isEmpty {
                        needed.formUnion(more)
                        grew = true
                    }
                }
            }
            let used = fragments.filter { needed.contains($0.name) }.map(\.text)
            let kind = GraphQLOperationKind(rawValue: operation.operation.rawValue) ?? .query
            let line = operation.loc?.startToken.line ?? 1
            operations.append(
                Operation(
                    name: operation.name?.value, kind: kind, query: ([text] + used).joined(separator: "\n\n") + "\n",
                    line: line))
        }
        self.operations = operations
        self.definesTypes = definesTypes
    }

    /// The offset just past the `}` that closes the first `{` from `start`, skipping strings, block strings and
    /// comments; `nil` when it is not closed.
    static func closingBrace(in bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "\""):
                let quote = UInt8(ascii: "\"")
                if index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote {
                    index += 3
                    while index + 2 < bytes.count,
                        !(bytes[index] == quote && bytes[index + 1] == quote && bytes[index + 2] == quote)
                    {
                        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                    }
                    index += 2
                } else {
                    index += 1
                    while index < bytes.count, bytes[index] != quote, bytes[index] != UInt8(ascii: "\n") {
                        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                    }
                }
            case UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index + 1 }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The fragment names `...Name` spreads in `text` (not `... on Type`).
    static func spreads(in text: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(text)
        while let range = rest.range(of: "...") {
            rest = rest[range.upperBound...]
            let name = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "," }
                .prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty, name != "on" { names.insert(String(name)) }
        }
        return names
    }
}
