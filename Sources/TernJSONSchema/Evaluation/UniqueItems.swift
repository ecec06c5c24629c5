import TernJSONPath

/// Finds equal items of an array in linear time by hashing consistently with JSON equality (`1 == 1.0`).
enum UniqueItems {
    /// The indices of the first pair of equal items, or nil when all items differ.
    static func firstDuplicate(in items: [JSONPathValue]) -> (Int, Int)? {
        var seen: [Int: [Int]] = [:]
        for (index, item) in items.enumerated() {
            let key = hash(item)
            if let earlier = seen[key]?.first(where: { items[$0] == item }) { return (earlier, index) }
            seen[key, default: []].append(index)
        }
        return nil
    }

    /// A hash equal for equal values: numbers by `Double` value, strings by scalars, objects regardless of order.
    private static func hash(_ value: JSONPathValue) -> Int {
        var hasher = Hasher()
        switch value {
        case .null: hasher.combine(0)
        case .bool(let flag): hasher.combine(flag)
        case .int(let int): hasher.combine(Double(int))
        case .double(let double): hasher.combine(double)
        case .string(let text): hasher.combine(Array(text.utf8))
        case .array(let elements):
            hasher.combine(elements.count)
            for element in elements { hasher.combine(hash(element)) }
        case .object(let object):
            hasher.combine(object.count)
            var members = 0
            for (key, member) in object.members {
                var pair = Hasher()
                pair.combine(Array(key.utf8))
                pair.combine(hash(member))
                members ^= pair.finalize()
            }
            hasher.combine(members)
        }
        return hasher.finalize()
    }
}
