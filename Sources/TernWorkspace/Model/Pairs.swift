/// Comparison of ordered `(name, value)` lists, which tuples cannot synthesize.
enum Pairs {
    static func equal(_ lhs: [(name: String, value: String)], _ rhs: [(name: String, value: String)]) -> Bool {
        lhs.elementsEqual(rhs, by: { $0.name == $1.name && $0.value == $1.value })
    }
}
