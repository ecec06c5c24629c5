import Yams

/// The recognised fields of a mapping, in file order.
struct Fields {
    /// The mapping itself (for the position of missing-field errors).
    let node: Node
    /// Recognised keys in file order (a handful, so lists beat a dictionary).
    private(set) var keys: [String] = []
    /// The value of each key in `keys`.
    private var values: [Node] = []

    init(node: Node) {
        self.node = node
    }

    /// Adds a recognised field.
    mutating func append(_ key: String, _ value: Node) {
        keys.append(key)
        values.append(value)
    }

    subscript(key: String) -> Node? {
        guard let index = keys.firstIndex(of: key) else { return nil }
        return values[index]
    }
}
