import Yams

/// The recognised fields of a mapping, in file order.
struct Fields {
    /// The mapping itself (for the position of missing-field errors).
    let node: Node
    /// Recognised keys in file order (a handful, so lists beat a dictionary).
    private(set) var keys: [String] = []
    /// The value of each key in `keys`.
    private var values: [Node] = []
    /// Keys that are not fields of the mapping, with their nodes (each also a warning).
    var unknown: [(key: String, node: Node)] = []

    init(node: Node) {
        self.node = node
    }

    /// Adds a recognised field.
    mutating func append(_ key: String, _ value: Node) {
        keys.append(key)
        values.append(value)
    }

    /// The unknown key that is most likely a misspelling of `field` (`methd` for `method`), if any.
    func misspelling(of field: String) -> (key: String, node: Node)? {
        unknown.first { !Suggestions.closeMatches(to: $0.key, in: [field]).isEmpty }
    }

    subscript(key: String) -> Node? {
        guard let index = keys.firstIndex(of: key) else { return nil }
        return values[index]
    }
}
