/// A JSON value whose integers stay exact and whose object members keep their order.
public enum JSONPathValue: Sendable {
    /// The JSON `null` literal.
    case null
    /// A JSON `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits in 64 bits.
    case int(Int64)
    /// Any other JSON number; one beyond `Double`'s range (`1e400`) is ±infinity.
    case double(Double)
    /// A JSON string.
    case string(String)
    /// A JSON array.
    case array([JSONPathValue])
    /// A JSON object, members in document order.
    case object(JSONPathObject)
}

extension JSONPathValue: Equatable {
    /// RFC 9535 equality: numbers by value (`1 == 1.0`), strings by Unicode scalars,
    /// arrays element-wise, objects by member set regardless of order.
    public static func == (lhs: JSONPathValue, rhs: JSONPathValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
        case (.object(let a), .object(let b)): return a == b
        default:
            if let order = JSONPathValue.compareNumbers(lhs, rhs) { return order == 0 }
            return false
        }
    }

    /// Compares two numeric values exactly; nil when either is not a number.
    package static func compareNumbers(_ lhs: JSONPathValue, _ rhs: JSONPathValue) -> Int? {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): return a < b ? -1 : (a == b ? 0 : 1)
        case (.double(let a), .double(let b)): return a < b ? -1 : (a == b ? 0 : 1)
        case (.int(let a), .double(let b)): return compare(a, b)
        case (.double(let a), .int(let b)): return -compare(b, a)
        default: return nil
        }
    }

    /// Exact comparison of an integer with a finite double (no rounding of either side).
    private static func compare(_ int: Int64, _ double: Double) -> Int {
        if double >= 9_223_372_036_854_775_808.0 { return -1 }
        if double < -9_223_372_036_854_775_808.0 { return 1 }
        guard double.isFinite else { return double.isNaN ? 1 : (double > 0 ? -1 : 1) }
        let floor = double.rounded(.down)
        guard let whole = Int64(exactly: floor) else { return 1 }
        if int < whole { return -1 }
        if int > whole { return 1 }
        return double == floor ? 0 : -1
    }
}

extension JSONPathValue {
    /// The JSON type name, for messages ("object", "array", "string", "number", "boolean", "null").
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int, .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
