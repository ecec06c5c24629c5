import Foundation
public import Tern

/// Writes a `GraphQLSelection` back as an operation against a schema: the ticked fields in the schema's order
/// (inline fragments after them), every argument as a variable declared with its type, and `__typename`
/// under a ticked field whose fields are not ticked yet, so the operation stays one the server takes.
public struct GraphQLOperationWriter: Sendable {
    let outline: GraphQLOutline

    /// A writer for the schema `outline` reads.
    public init(_ outline: GraphQLOutline) {
        self.outline = outline
    }

    /// The operation `selection` stands for, and its variables' values (`nil`: none).
    public func write(_ selection: GraphQLSelection) -> (query: String, variables: JSONValue?) {
        let root = outline.rootField(selection.operation, selection.root)
        var declared: [(name: String, type: String)] = []
        var values: [String: JSONValue] = [:]
        var taken: Set<String> = []

        /// The arguments of the field at `path` (defined by `field`, when the schema knows it) as `(a: $a)`.
        func call(_ name: String, path: [String], field: GraphQLRootField?) -> String {
            guard let given = selection.arguments[path], !given.isEmpty else { return name }
            let known = field?.arguments ?? []
            let order =
                known.map(\.name).filter { given[$0] != nil }
                + given.keys.sorted().filter { name in
                    !known.contains { $0.name == name }
                }
            let parts = order.map { argument -> String in
                let value = given[argument] ?? .null
                guard let type = known.first(where: { $0.name == argument })?.type else {
                    return "\(argument): " + Self.literal(value)
                }
                let fields = path.filter { !$0.hasPrefix("... on ") }
                var variable = (fields + [argument]).joined(separator: "_")
                if path.isEmpty { variable = argument }
                var number = 2
                let base = variable
                while taken.contains(variable) {
                    variable = base + String(number)
                    number += 1
                }
                taken.insert(variable)
                declared.append((variable, type))
                values[variable] = value
                return "\(argument): $\(variable)"
            }
            return name + "(" + parts.joined(separator: ", ") + ")"
        }

        /// The lines selecting, under the field at `path` whose type is the named type `type`, what is ticked.
        func lines(under path: [String], type: String?, indent: String) -> [String] {
            let below = selection.fields.filter { $0.count == path.count + 1 && $0.starts(with: path) }
            guard !below.isEmpty else { return [indent + "__typename"] }
            let known = type.map { outline.fields(of: $0) } ?? []
            let fragments = type.map { outline.possibleTypes(of: $0) } ?? []
            func rank(_ child: [String]) -> Int {
                let last = child[child.count - 1]
                if last == "__typename" { return -1 }
                if let index = known.firstIndex(where: { $0.name == last }) { return index }
                if let index = fragments.firstIndex(where: { "... on " + $0 == last }) { return known.count + index }
                return Int.max
            }
            var result: [String] = []
            for child in below.enumerated().sorted(by: { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
            )
            .map(\.element) {
                let last = child[child.count - 1]
                if last.hasPrefix("... on ") {
                    let named = String(last.dropFirst("... on ".count))
                    result.append(indent + last + " {")
                    result += lines(under: child, type: named, indent: indent + "  ")
                    result.append(indent + "}")
                    continue
                }
                let field = known.first { $0.name == last }
                let named = field.map { GraphQLOutline.namedType($0.type) }
                let text = indent + call(last, path: child, field: field)
                let composite =
                    named.map(outline.isComposite)
                    ?? selection.fields.contains { $0.starts(with: child) && $0 != child }
                guard composite else {
                    result.append(text)
                    continue
                }
                result.append(text + " {")
                result += lines(under: child, type: named, indent: indent + "  ")
                result.append(indent + "}")
            }
            return result
        }

        let rootType = root.map { GraphQLOutline.namedType($0.type) }
        let rootCall = call(selection.root, path: [], field: root)
        var body: [String]
        if let rootType, !outline.isComposite(rootType) {
            body = ["  " + rootCall]
        } else {
            body = ["  " + rootCall + " {"] + lines(under: [], type: rootType, indent: "    ") + ["  }"]
        }
        var header = "\(selection.operation.rawValue) \(selection.writtenName)"
        if !declared.isEmpty {
            header += "(" + declared.map { "$\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
        }
        body = [header + " {"] + body + ["}"]
        return (selection.comments + body.joined(separator: "\n") + "\n", values.isEmpty ? nil : .object(values))
    }

    /// `value` written as a GraphQL literal (for an argument the schema does not know: no type to declare).
    static func literal(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .string(let text):
            let encoder = JSONEncoder()
            encoder.outputFormatting = .withoutEscapingSlashes
            let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
            return String(decoding: data, as: UTF8.self)
        case .array(let values): return "[" + values.map(literal).joined(separator: ", ") + "]"
        case .object(let fields):
            return "{" + fields.keys.sorted().map { "\($0): " + literal(fields[$0] ?? .null) }.joined(separator: ", ")
                + "}"
        }
    }
}
