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

    /// Sets `value` at the path `key`; a path the document cannot take is refused and changes nothing.
    /// The document is changed in place: each container on the path is taken out of its parent while it
    /// changes, so a set costs its path, not a copy of the document (copies made 20,000 items take time
    /// quadratic in their number).
    package mutating func set(_ key: String, to value: JSONPathValue) throws(Failure) {
        let steps = try Self.steps(of: key)
        guard let first = steps.first else { throw Failure(key: key, reason: "the path is empty") }
        var root = document ?? (first == .append || Self.isIndex(first) ? .array([]) : .object(JSONPathObject()))
        try Self.check(steps[...], in: root, key: key)
        document = nil
        Self.set(value, at: steps[...], in: &root)
        document = root
    }

    private static func isIndex(_ step: Step) -> Bool {
        if case .index = step { return true }
        return false
    }

    /// What an absent child starts as before `rest`: an array when it indexes or appends, else an object.
    private static func fresh(before rest: ArraySlice<Step>) -> JSONPathValue {
        rest.first.map { $0 == .append || isIndex($0) ? .array([]) : .object(JSONPathObject()) } ?? .null
    }

    /// Refuses what `set` cannot do at `steps` in `node`, without changing anything.
    private static func check(_ steps: ArraySlice<Step>, in node: JSONPathValue, key: String) throws(Failure) {
        guard let step = steps.first else { return }
        let rest = steps.dropFirst()
        switch (step, node) {
        case (.member(let name), .object(let object)):
            try check(rest, in: object[name] ?? fresh(before: rest), key: key)
        case (.append, .array):
            try check(rest, in: fresh(before: rest), key: key)
        case (.index(let position), .array(let array)):
            guard position <= largestIndex else {
                throw Failure(key: key, reason: "an index over \(largestIndex) is not allowed")
            }
            let child = position < array.count && array[position] != .null ? array[position] : fresh(before: rest)
            try check(rest, in: child, key: key)
        case (.member, _):
            throw Failure(key: key, reason: "it names a member of something that is not an object")
        case (.append, _), (.index, _):
            throw Failure(key: key, reason: "it indexes something that is not an array")
        }
    }

    /// Sets `value` at `steps` in `node`, which `check` accepted.
    private static func set(_ value: JSONPathValue, at steps: ArraySlice<Step>, in node: inout JSONPathValue) {
        guard let step = steps.first else {
            node = value
            return
        }
        let rest = steps.dropFirst()
        switch step {
        case .member(let name):
            guard case .object(var object) = node else { return }
            node = .null  // `object` is now the only holder of its storage: it changes in place
            var child = object[name] ?? fresh(before: rest)
            object[name] = .null
            set(value, at: rest, in: &child)
            object[name] = child
            node = .object(object)
        case .append:
            guard case .array(var array) = node else { return }
            node = .null
            var child = fresh(before: rest)
            set(value, at: rest, in: &child)
            array.append(child)
            node = .array(array)
        case .index(let position):
            guard case .array(var array) = node else { return }
            node = .null
            while array.count <= position { array.append(.null) }
            var child = array[position] == .null ? fresh(before: rest) : array[position]
            array[position] = .null
            set(value, at: rest, in: &child)
            array[position] = child
            node = .array(array)
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
