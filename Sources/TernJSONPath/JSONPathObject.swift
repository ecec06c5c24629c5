/// The members of a JSON object in document order, looked up by exact Unicode scalar name.
public struct JSONPathObject: Sendable, Equatable {
    /// The members in insertion (document) order.
    public private(set) var members: [(key: String, value: JSONPathValue)]
    private var index: [MemberKey: Int]

    /// Creates an empty object.
    public init() {
        members = []
        index = [:]
    }

    /// Creates an object from ordered members; a repeated name keeps its first position and its last value.
    public init(_ members: [(String, JSONPathValue)]) {
        self.init()
        for (key, value) in members { self[key] = value }
    }

    /// The number of members.
    public var count: Int { members.count }

    /// The member names in order.
    public var keys: [String] { members.map(\.key) }

    /// The value of the member named `key` (compared by Unicode scalars); setting appends or replaces.
    public subscript(key: String) -> JSONPathValue? {
        get { index[MemberKey(key)].map { members[$0].value } }
        set {
            let memberKey = MemberKey(key)
            if let position = index[memberKey] {
                if let newValue {
                    members[position].value = newValue
                } else {
                    members.remove(at: position)
                    rebuildIndex()
                }
            } else if let newValue {
                index[memberKey] = members.count
                members.append((key, newValue))
            }
        }
    }

    /// Objects are equal when they have the same names with equal values, in any order.
    public static func == (lhs: JSONPathObject, rhs: JSONPathObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs.members {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }

    private mutating func rebuildIndex() {
        index = [:]
        for (position, member) in members.enumerated() { index[MemberKey(member.key)] = position }
    }
}

/// A dictionary key comparing strings by UTF-8 bytes, i.e. by Unicode scalars (no canonical equivalence).
struct MemberKey: Hashable, Sendable {
    let name: String

    init(_ name: String) { self.name = name }

    static func == (lhs: MemberKey, rhs: MemberKey) -> Bool {
        lhs.name.utf8.elementsEqual(rhs.name.utf8)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name.utf8.count)
        for byte in name.utf8 { hasher.combine(byte) }
    }
}
