import Foundation

/// An introspection result (`{"data": {"__schema": …}}`, or `{"__schema": …}`) written as SDL: the schema a
/// client knows from the server's answer, in the text `buildASTSchema` reads and a person can diff. Every
/// type, field, argument, default, description, deprecation and custom directive is carried; the standard
/// scalars and directives are left to the SDL reader, which knows them.
enum IntrospectionSDL {
    /// The deepest type reference (`[[String!]!]!` is 5) read before the answer is refused.
    static let maximumTypeDepth = 32
    /// The most types an answer may hold (GitHub's schema has about 1,700).
    static let maximumTypes = 100_000

    private static let builtInScalars: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]
    private static let builtInDirectives: Set<String> = ["skip", "include", "deprecated", "specifiedBy", "oneOf"]

    /// The SDL of `data`, or an error saying what in the answer is not an introspection result.
    static func sdl(from data: Data) throws(GraphQLSchemaError) -> String {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw GraphQLSchemaError("the introspection answer is not JSON: \(error.localizedDescription)")
        }
        guard let object = root as? [String: Any] else {
            throw GraphQLSchemaError("the introspection answer is not a JSON object")
        }
        let schemaObject = (object["data"] as? [String: Any])?["__schema"] ?? object["__schema"]
        guard let schema = schemaObject as? [String: Any] else {
            if let errors = object["errors"] as? [[String: Any]], let first = errors.first?["message"] as? String {
                throw GraphQLSchemaError("the server refused introspection: \(first)")
            }
            throw GraphQLSchemaError("the answer has no 'data.__schema': it is not an introspection result")
        }
        return try Writer(schema).text()
    }

    /// `text` as a GraphQL string literal.
    static func quoted(_ text: String) -> String { Writer.quotedLiteral(text) }

    private struct Writer {
        let schema: [String: Any]
        var lines: [String] = []

        init(_ schema: [String: Any]) {
            self.schema = schema
        }

        consuming func text() throws(GraphQLSchemaError) -> String {
            guard let types = schema["types"] as? [[String: Any]] else {
                throw GraphQLSchemaError("'__schema.types' is missing or not a list")
            }
            guard types.count <= maximumTypes else {
                throw GraphQLSchemaError("the schema has \(types.count) types, more than \(maximumTypes)")
            }
            guard let query = Self.rootName(schema["queryType"]) else {
                throw GraphQLSchemaError("'__schema.queryType' is missing: a schema needs a query type")
            }
            var roots = ["  query: \(query)"]
            if let mutation = Self.rootName(schema["mutationType"]) { roots.append("  mutation: \(mutation)") }
            if let subscription = Self.rootName(schema["subscriptionType"]) {
                roots.append("  subscription: \(subscription)")
            }
            lines.append("schema {\n" + roots.joined(separator: "\n") + "\n}")
            for directive in schema["directives"] as? [[String: Any]] ?? [] {
                guard let name = directive["name"] as? String, !builtInDirectives.contains(name) else { continue }
                try write(directive: directive, name: name)
            }
            for type in types {
                guard let name = type["name"] as? String, !name.hasPrefix("__"), !builtInScalars.contains(name)
                else { continue }
                try write(type: type, name: name)
            }
            return lines.joined(separator: "\n\n") + "\n"
        }

        private static func rootName(_ value: Any?) -> String? {
            (value as? [String: Any])?["name"] as? String
        }

        private mutating func write(directive: [String: Any], name: String) throws(GraphQLSchemaError) {
            let locations = (directive["locations"] as? [String] ?? []).joined(separator: " | ")
            let repeatable = directive["isRepeatable"] as? Bool == true ? " repeatable" : ""
            let arguments = try Self.arguments(directive["args"], indent: "")
            lines.append(
                Self.description(directive["description"], indent: "")
                    + "directive @\(name)\(arguments)\(repeatable) on \(locations)")
        }

        private mutating func write(type: [String: Any], name: String) throws(GraphQLSchemaError) {
            let head = Self.description(type["description"], indent: "")
            switch type["kind"] as? String {
            case "SCALAR":
                var line = "scalar \(name)"
                if let url = type["specifiedByURL"] as? String ?? type["specifiedByUrl"] as? String {
                    line += " @specifiedBy(url: \(Self.quotedLiteral(url)))"
                }
                lines.append(head + line)
            case "OBJECT":
                lines.append(head + "type \(name)\(try Self.implements(type))" + (try Self.fields(type)))
            case "INTERFACE":
                lines.append(head + "interface \(name)\(try Self.implements(type))" + (try Self.fields(type)))
            case "UNION":
                let members = try Self.names(type["possibleTypes"], of: name)
                lines.append(head + "union \(name)" + (members.isEmpty ? "" : " = " + members.joined(separator: " | ")))
            case "ENUM":
                var body: [String] = []
                for value in type["enumValues"] as? [[String: Any]] ?? [] {
                    guard let valueName = value["name"] as? String else { continue }
                    body.append(
                        Self.description(value["description"], indent: "  ") + "  \(valueName)"
                            + Self.deprecation(value))
                }
                lines.append(head + "enum \(name) {\n" + body.joined(separator: "\n") + "\n}")
            case "INPUT_OBJECT":
                var body: [String] = []
                for field in type["inputFields"] as? [[String: Any]] ?? [] {
                    body.append(try Self.inputValue(field, indent: "  "))
                }
                lines.append(head + "input \(name) {\n" + body.joined(separator: "\n") + "\n}")
            case let kind:
                throw GraphQLSchemaError("type '\(name)' has an unknown kind '\(kind ?? "none")'")
            }
        }

        private static func implements(_ type: [String: Any]) throws(GraphQLSchemaError) -> String {
            let names = try names(type["interfaces"], of: type["name"] as? String ?? "")
            return names.isEmpty ? "" : " implements " + names.joined(separator: " & ")
        }

        private static func names(_ value: Any?, of owner: String) throws(GraphQLSchemaError) -> [String] {
            var result: [String] = []
            for reference in value as? [[String: Any]] ?? [] {
                guard let name = reference["name"] as? String else {
                    throw GraphQLSchemaError("a type reference of '\(owner)' has no name")
                }
                result.append(name)
            }
            return result
        }

        private static func fields(_ type: [String: Any]) throws(GraphQLSchemaError) -> String {
            var body: [String] = []
            for field in type["fields"] as? [[String: Any]] ?? [] {
                guard let name = field["name"] as? String else { continue }
                body.append(
                    description(field["description"], indent: "  ") + "  \(name)"
                        + (try arguments(field["args"], indent: "  ")) + ": " + (try reference(field["type"], depth: 0))
                        + deprecation(field))
            }
            return " {\n" + body.joined(separator: "\n") + "\n}"
        }

        private static func arguments(_ value: Any?, indent: String) throws(GraphQLSchemaError) -> String {
            let arguments = value as? [[String: Any]] ?? []
            guard !arguments.isEmpty else { return "" }
            var written: [String] = []
            for argument in arguments { written.append(try inputValue(argument, indent: indent + "  ")) }
            return "(\n" + written.joined(separator: "\n") + "\n\(indent))"
        }

        private static func inputValue(_ value: [String: Any], indent: String) throws(GraphQLSchemaError) -> String {
            guard let name = value["name"] as? String else {
                throw GraphQLSchemaError("an argument or input field has no name")
            }
            var line = description(value["description"], indent: indent) + indent + name + ": "
            line += try reference(value["type"], depth: 0)
            if let defaultValue = value["defaultValue"] as? String { line += " = " + defaultValue }
            return line + deprecation(value)
        }

        private static func reference(_ value: Any?, depth: Int) throws(GraphQLSchemaError) -> String {
            guard depth < maximumTypeDepth, let reference = value as? [String: Any] else {
                throw GraphQLSchemaError(
                    depth < maximumTypeDepth
                        ? "a type reference is missing" : "a type reference nests deeper than \(maximumTypeDepth)")
            }
            switch reference["kind"] as? String {
            case "NON_NULL": return try Self.reference(reference["ofType"], depth: depth + 1) + "!"
            case "LIST": return "[" + (try Self.reference(reference["ofType"], depth: depth + 1)) + "]"
            default:
                guard let name = reference["name"] as? String else {
                    throw GraphQLSchemaError("a type reference has no name")
                }
                return name
            }
        }

        private static func deprecation(_ value: [String: Any]) -> String {
            guard value["isDeprecated"] as? Bool == true else { return "" }
            guard let reason = value["deprecationReason"] as? String, reason != "No longer supported" else {
                return " @deprecated"
            }
            return " @deprecated(reason: \(quotedLiteral(reason)))"
        }

        /// A description as SDL writes it: a block string (`"""…"""`) when the text reads back the same
        /// from one (a block string's indentation and blank edges are not its text), else a quoted string.
        private static func description(_ value: Any?, indent: String) -> String {
            guard let text = value as? String, !text.isEmpty else { return "" }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let edges = text.first?.isWhitespace == true || text.last?.isWhitespace == true
            let laterLines = lines.dropFirst().filter { !$0.allSatisfy(\.isWhitespace) }
            let indented = !laterLines.isEmpty && laterLines.allSatisfy { $0.first == " " || $0.first == "\t" }
            guard !edges, !indented, !text.contains("\r"), !text.hasSuffix("\"") else {
                return indent + quotedLiteral(text) + "\n"
            }
            let escaped = text.replacingOccurrences(of: "\"\"\"", with: "\\\"\"\"")
            guard lines.count > 1 else { return indent + "\"\"\"" + escaped + "\"\"\"\n" }
            let body = escaped.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.isEmpty ? "" : indent + $0
            }
            return indent + "\"\"\"\n" + body.joined(separator: "\n") + "\n" + indent + "\"\"\"\n"
        }

        /// `text` as a GraphQL string literal.
        static func quotedLiteral(_ text: String) -> String {
            var result = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\t": result += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result + "\""
        }
    }
}

/// Why a schema could not be read: an introspection answer that is not one, or SDL that does not build.
public struct GraphQLSchemaError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, in a sentence.
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
