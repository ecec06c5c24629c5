import Foundation
import HTTPTypes
import Tern
import Yams

/// Typed, positioned reads of YAML nodes for one file: every error and warning carries `file:line:column`.
struct NodeReader {
    /// The file being read.
    let file: URL
    /// Unknown fields and similar findings, in the order they were met.
    var warnings: [WorkspaceDiagnostic] = []

    init(file: URL) {
        self.file = file
    }

    /// An error at `node`.
    func error(_ kind: WorkspaceError.Kind, _ message: String, at node: Node) -> WorkspaceError {
        WorkspaceError(kind, message, file: file, at: SourceLocation(node))
    }

    /// An `invalidValue` error at `node`.
    func error(_ message: String, at node: Node) -> WorkspaceError {
        error(.invalidValue, message, at: node)
    }

    /// Calls `body` with each key, key node and value of a mapping in file order; anything else
    /// is an error naming `what`.
    func forEachEntry(
        _ node: Node, of what: @autoclosure () -> String,
        _ body: (_ key: String, _ keyNode: Node, _ value: Node) throws(WorkspaceError) -> Void
    ) throws(WorkspaceError) {
        guard case .mapping(let mapping) = node else {
            throw error("\(what()) must be a mapping of 'name: value' pairs, not \(Self.describe(node))", at: node)
        }
        // Indices rather than `for (key, value) in mapping`: Yams' iterator copies every pair first.
        var index = mapping.startIndex
        while index < mapping.endIndex {
            let (key, value) = mapping[index]
            guard case .scalar(let scalar) = key else {
                throw error("a key in \(what()) must be a plain name, not \(Self.describe(key))", at: key)
            }
            try body(scalar.string, key, value)
            index = mapping.index(after: index)
        }
    }

    /// The key/value pairs of a mapping in file order; anything else is an error naming `what`.
    func entries(
        _ node: Node, of what: @autoclosure () -> String
    ) throws(WorkspaceError) -> [(key: String, keyNode: Node, value: Node)] {
        var result: [(key: String, keyNode: Node, value: Node)] = []
        try forEachEntry(node, of: what()) { key, keyNode, value in result.append((key, keyNode, value)) }
        return result
    }

    /// The fields of a mapping, warning about keys outside `allowed` (with a suggestion when one is close).
    mutating func fields(
        _ node: Node, of what: @autoclosure () -> String, allowed: [String]
    ) throws(WorkspaceError) -> Fields {
        var fields = Fields(node: node)
        var unknown: [(key: String, keyNode: Node)] = []
        try forEachEntry(node, of: what()) { key, keyNode, value in
            if allowed.contains(key) {
                fields.append(key, value)
            } else {
                unknown.append((key, keyNode))
            }
        }
        fields.unknown = unknown.map { (key: $0.key, node: $0.keyNode) }
        for (key, keyNode) in unknown {
            let hint = Suggestions.hint(for: key, in: allowed)
            warnings.append(
                WorkspaceDiagnostic(file: file, at: SourceLocation(keyNode), message: "unknown field '\(key)'\(hint)")
            )
        }
        return fields
    }

    /// A scalar's text as written; `nil` for a plain null (`~`, `null`, nothing).
    func optionalString(_ node: Node, field: String) throws(WorkspaceError) -> String? {
        guard case .scalar(let scalar) = node else {
            throw error("'\(field)' must be a string, not \(Self.describe(node))", at: node)
        }
        return ScalarValue.isNull(scalar) ? nil : scalar.string
    }

    /// A scalar's text as written; a null is a missing value.
    func string(_ node: Node, field: String) throws(WorkspaceError) -> String {
        guard let text = try optionalString(node, field: field) else {
            throw error(.missingField, "'\(field)' has no value", at: node)
        }
        return text
    }

    /// `verify: { ignore: [$.path, ...] }`: the JSON paths `tern verify` ignores, each checked.
    mutating func verifyIgnore(_ node: Node) throws(WorkspaceError) -> [String] {
        if case .scalar(let scalar) = node, ScalarValue.isNull(scalar) { return [] }
        let fields = try fields(node, of: "'verify'", allowed: ["ignore"])
        guard let ignore = fields["ignore"] else { return [] }
        let paths = try strings(ignore, field: "ignore")
        for path in paths where !path.hasPrefix("$") {
            throw error(
                "'\(path)' in 'ignore' is not a JSON path: write it as $.field, $.items[*].id or $..name", at: ignore)
        }
        return paths
    }

    /// A list of strings (a single string is a list of one).
    func strings(_ node: Node, field: String) throws(WorkspaceError) -> [String] {
        if case .scalar = node { return [try string(node, field: field)] }
        guard case .sequence(let items) = node else {
            throw error("'\(field)' must be a list of strings, not \(Self.describe(node))", at: node)
        }
        var result: [String] = []
        for item in items { result.append(try string(item, field: field)) }
        return result
    }

    /// A whole number.
    func int(_ node: Node, field: String) throws(WorkspaceError) -> Int {
        guard case .scalar(let scalar) = node, case .int(let value) = ScalarValue.json(scalar) else {
            throw error("'\(field)' must be a whole number, not \(Self.describe(node))", at: node)
        }
        return value
    }

    /// A number (whole or not).
    func double(_ node: Node, field: String) throws(WorkspaceError) -> Double {
        if case .scalar(let scalar) = node {
            switch ScalarValue.json(scalar) {
            case .int(let value): return Double(value)
            case .double(let value): return value
            default: break
            }
        }
        throw error("'\(field)' must be a number, not \(Self.describe(node))", at: node)
    }

    /// A number that is not negative.
    func nonNegative(_ node: Node, field: String) throws(WorkspaceError) -> Double {
        let value = try double(node, field: field)
        guard value >= 0 else { throw error("'\(field)' must not be negative", at: node) }
        return value
    }

    /// A number of seconds in `0...maximum` (more than 0 with `positive`); NaN cannot reach here
    /// (`ScalarValue` types only finite numbers), and anything out of range is an error naming the bound.
    func seconds(
        _ node: Node, field: String, maximum: Double, positive: Bool = false
    ) throws(WorkspaceError) -> Double {
        let value = try nonNegative(node, field: field)
        guard !positive || value > 0 else { throw error("'\(field)' must be more than 0 seconds", at: node) }
        guard value <= maximum else {
            let written = if case .scalar(let scalar) = node { scalar.string } else { "\(value)" }
            throw error(
                "'\(field)' must be at most \(WorkspaceLimits.describe(seconds: maximum)), not \(written)", at: node
            )
        }
        return value
    }

    /// `redirects: {follow: true|false, max: N}` (0 to `RedirectPolicy.maximumHops`); fields left out
    /// keep `base`'s values.
    mutating func redirectPolicy(_ node: Node, base: RedirectPolicy) throws(WorkspaceError) -> RedirectPolicy {
        var policy = base
        if case .scalar(let scalar) = node, ScalarValue.isNull(scalar) { return policy }
        let fields = try fields(node, of: "'redirects'", allowed: ["follow", "max"])
        if let follow = fields["follow"] { policy.follow = try bool(follow, field: "follow") }
        if let maximum = fields["max"] {
            let hops = try int(maximum, field: "max")
            guard (0...RedirectPolicy.maximumHops).contains(hops) else {
                throw error("'max' must be from 0 to \(RedirectPolicy.maximumHops) redirects", at: maximum)
            }
            policy.maximum = hops
        }
        return policy
    }

    /// `stream: {reconnect: true|false, max: N}` (0 to `StreamReconnection.maximumReconnections`).
    mutating func streamReconnection(_ node: Node) throws(WorkspaceError) -> StreamReconnection {
        var policy = StreamReconnection.default
        if case .scalar(let scalar) = node, ScalarValue.isNull(scalar) { return policy }
        let fields = try fields(node, of: "'stream'", allowed: ["reconnect", "max"])
        if let reconnect = fields["reconnect"] { policy.enabled = try bool(reconnect, field: "reconnect") }
        if let maximum = fields["max"] {
            let count = try int(maximum, field: "max")
            guard (0...StreamReconnection.maximumReconnections).contains(count) else {
                throw error(
                    "'max' must be from 0 to \(StreamReconnection.maximumReconnections) reconnections", at: maximum)
            }
            policy.maximum = count
        }
        return policy
    }

    /// `true` or `false`.
    func bool(_ node: Node, field: String) throws(WorkspaceError) -> Bool {
        guard case .scalar(let scalar) = node, case .bool(let value) = ScalarValue.json(scalar) else {
            throw error("'\(field)' must be true or false, not \(Self.describe(node))", at: node)
        }
        return value
    }

    /// One of a fixed set of words; anything else is an error listing them.
    func choice<Value: RawRepresentable & CaseIterable>(
        _ node: Node, field: String, as type: Value.Type = Value.self
    ) throws(WorkspaceError) -> Value where Value.RawValue == String {
        let allowed = Value.allCases.map(\.rawValue)
        let text = try oneOf(node, field: field, allowed: allowed)
        guard let value = Value(rawValue: text) else { throw error("'\(field)' is invalid", at: node) }
        return value
    }

    /// One of `allowed`; anything else is an error listing them.
    func oneOf(_ node: Node, field: String, allowed: [String]) throws(WorkspaceError) -> String {
        let text = try string(node, field: field)
        guard allowed.contains(text) else {
            let hint = Suggestions.hint(for: text, in: allowed)
            throw error("'\(field)' must be one of \(allowed.joined(separator: " | ")), not '\(text)'\(hint)", at: node)
        }
        return text
    }

    /// A mapping of names to scalar values, in file order (headers, form fields, variables).
    /// With `headerNames`, every name must be a valid HTTP field name.
    func stringPairs(
        _ node: Node, field: @autoclosure () -> String, headerNames: Bool = false,
        locations: ((String, SourceLocation) -> Void)? = nil
    ) throws(WorkspaceError) -> [(name: String, value: String)] {
        if case .scalar(let scalar) = node, ScalarValue.isNull(scalar) { return [] }
        var pairs: [(name: String, value: String)] = []
        if headerNames, case .mapping(let mapping) = node, mapping.count > WorkspaceLimits.maximumHeaders {
            throw error(
                "'\(field())' lists \(mapping.count) headers, more than the \(WorkspaceLimits.maximumHeaders) "
                    + "a request may have", at: node)
        }
        try forEachEntry(node, of: "'\(field())'") { key, keyNode, valueNode throws(WorkspaceError) in
            guard case .scalar(let scalar) = valueNode else {
                throw error(
                    "'\(field()).\(key)' must be a single value, not \(Self.describe(valueNode))", at: valueNode
                )
            }
            if headerNames, HTTPField.Name(key) == nil {
                throw error("'\(key)' is not a valid header name", at: keyNode)
            }
            let value = ScalarValue.isNull(scalar) ? "" : scalar.string
            if let locations, value.contains("{{") { locations(key, SourceLocation(valueNode)) }
            pairs.append((key, value))
        }
        return pairs
    }

    /// Any YAML value as JSON; records mapping key orders and templated string positions under `path`.
    func json(_ node: Node, path: String, layout: inout SpecLayout) throws(WorkspaceError) -> JSONValue {
        switch node {
        case .scalar(let scalar):
            let value = ScalarValue.json(scalar)
            if case .string(let text) = value, text.contains("{{") { layout[location: path] = SourceLocation(node) }
            return value
        case .sequence(let sequence):
            var elements: [JSONValue] = []
            elements.reserveCapacity(sequence.count)
            for (index, element) in sequence.enumerated() {
                elements.append(try json(element, path: SpecLayout.join(path, String(index)), layout: &layout))
            }
            return .array(elements)
        case .mapping:
            var object: [String: JSONValue] = [:]
            var order: [String] = []
            try forEachEntry(node, of: "a JSON object") { key, _, value throws(WorkspaceError) in
                order.append(key)
                object[key] = try json(value, path: SpecLayout.join(path, key), layout: &layout)
            }
            layout[order: path] = order
            return .object(object)
        case .alias:
            throw error("aliases are not supported here", at: node)
        }
    }

    /// Any YAML value packed as JSON, each mapping's keys in file order (so none is kept in `layout`);
    /// records templated string positions under `path`.
    func packedJSON(_ node: Node, path: String, layout: inout SpecLayout) throws(WorkspaceError) -> PackedJSON {
        var builder = PackedJSON.Builder()
        try pack(node, path: path, layout: &layout, into: &builder)
        return builder.packed
    }

    private func pack(
        _ node: Node, path: String, layout: inout SpecLayout, into builder: inout PackedJSON.Builder
    ) throws(WorkspaceError) {
        switch node {
        case .scalar(let scalar):
            let value = ScalarValue.json(scalar)
            if case .string(let text) = value, text.contains("{{") { layout[location: path] = SourceLocation(node) }
            builder.scalar(value)
        case .sequence(let sequence):
            builder.array(count: sequence.count)
            for (index, element) in sequence.enumerated() {
                try pack(element, path: SpecLayout.join(path, String(index)), layout: &layout, into: &builder)
            }
        case .mapping:
            var entries: [(key: String, value: Node)] = []
            try forEachEntry(node, of: "a JSON object") { key, _, value in entries.append((key, value)) }
            builder.object(count: entries.count)
            for (key, value) in entries {
                builder.key(key)
                try pack(value, path: SpecLayout.join(path, key), layout: &layout, into: &builder)
            }
        case .alias:
            throw error("aliases are not supported here", at: node)
        }
    }

    /// `a mapping`, `a list`, `'text'`, for messages.
    static func describe(_ node: Node) -> String {
        if let template = unquotedTemplate(node) {
            return "a mapping (YAML reads an unquoted \(template) as one: quote it, \"\(template)\")"
        }
        return switch node {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        case .scalar(let scalar): ScalarValue.isNull(scalar) ? "nothing" : "'\(scalar.string)'"
        }
    }

    /// `{{name}}` when `node` is what YAML makes of an unquoted `{{name}}`: a mapping whose first key is a
    /// mapping of a plain name (a mapping as a key is written no other way in a workspace).
    static func unquotedTemplate(_ node: Node) -> String? {
        guard case .mapping(let outer) = node, let pair = outer.first, case .mapping(let inner) = pair.key,
            let innerPair = inner.first, case .scalar(let scalar) = innerPair.key
        else { return nil }
        return "{{" + scalar.string + "}}"
    }
}
