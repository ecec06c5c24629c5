package import TernJSONPath

/// HTTPie's nested JSON: data items whose keys are paths build one JSON document, in the order given.
///
/// `user[name]=Ada` sets a member of an object, `tags[]=a` appends to an array, `items[0][id]:=1`
/// sets an index (the array grows with `null`s), and a key starting with `[` is the top level itself
/// (`[]:=1 []:=2` is `[1,2]`). A backslash makes a bracket literal (`a\[b]=1` is the member `a[b]`).
/// A later item with the same path replaces the earlier one.
package struct NestedJSON: Sendable {
    /// Why a key cannot be a path, or two items disagree about what is at one (an object and an array).
    package struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        package var key: String
        package var reason: String
        package var description: String { "'\(key)': \(reason)" }
    }

    /// One step of a path.
    enum Step: Hashable {
        case member(String)
        case index(Int)
        case append
    }

    /// The document so far (`nil` before the first item).
    package private(set) var document: JSONPathValue?

    package init() {}

    /// The largest index a path may name: `x[1000000000]` would otherwise fill memory with nulls.
    static let largestIndex = 10_000

    /// Sets `value` at the path `key`.
    package mutating func set(_ key: String, to value: JSONPathValue) throws(Failure) {
        let steps = try Self.steps(of: key)
        guard let first = steps.first else { throw Failure(key: key, reason: "the path is empty") }
        var root = document ?? (first == .append || Self.isIndex(first) ? .array([]) : .object(JSONPathObject()))
        try Self.set(value, at: steps[...], in: &root, key: key)
        document = root
    }

    private static func isIndex(_ step: Step) -> Bool {
        if case .index = step { return true }
        return false
    }

    private static func set(
        _ value: JSONPathValue, at steps: ArraySlice<Step>, in node: inout JSONPathValue, key: String
    ) throws(Failure) {
        guard let step = steps.first else {
            node = value
            return
        }
        let rest = steps.dropFirst()
        // What an absent child starts as: an array when the next step indexes or appends.
        let fresh: JSONPathValue =
            rest.first.map { $0 == .append || isIndex($0) ? .array([]) : .object(JSONPathObject()) } ?? .null
        switch (step, node) {
        case (.member(let name), .object(var object)):
            var child = object[name] ?? fresh
            try set(value, at: rest, in: &child, key: key)
            object[name] = child
            node = .object(object)
        case (.append, .array(var array)):
            var child = fresh
            try set(value, at: rest, in: &child, key: key)
            array.append(child)
            node = .array(array)
        case (.index(let position), .array(var array)):
            guard position <= largestIndex else {
                throw Failure(key: key, reason: "an index over \(largestIndex) is not allowed")
            }
            while array.count <= position { array.append(.null) }
            var child = array[position] == .null ? fresh : array[position]
            try set(value, at: rest, in: &child, key: key)
            array[position] = child
            node = .array(array)
        case (.member, _):
            throw Failure(key: key, reason: "it names a member of something that is not an object")
        case (.append, _), (.index, _):
            throw Failure(key: key, reason: "it indexes something that is not an array")
        }
    }

    /// The steps of `key`: the text before the first `[`, then each bracket.
    static func steps(of key: String) throws(Failure) -> [Step] {
        var steps: [Step] = []
        var text = ""
        var characters = Array(key)[...]
        var inBracket = false
        var sawBracket = false
        while let character = characters.popFirst() {
            switch character {
            case "\\":
                guard let next = characters.popFirst() else {
                    text.append("\\")
                    continue
                }
                if next != "[" && next != "]" && next != "\\" { text.append("\\") }
                text.append(next)
            case "[" where !inBracket:
                if !sawBracket, !text.isEmpty { steps.append(.member(text)) }
                sawBracket = true
                inBracket = true
                text = ""
            case "]" where inBracket:
                inBracket = false
                if text.isEmpty {
                    steps.append(.append)
                } else if let position = Int(text), position >= 0, text.allSatisfy(\.isASCII) {
                    steps.append(.index(position))
                } else {
                    steps.append(.member(text))
                }
                text = ""
            default:
                if sawBracket && !inBracket {
                    throw Failure(key: key, reason: "text after ']' must start another '[…]'")
                }
                text.append(character)
            }
        }
        if inBracket { throw Failure(key: key, reason: "a '[' is not closed") }
        if !sawBracket { steps.append(.member(text)) }
        return steps
    }
}
