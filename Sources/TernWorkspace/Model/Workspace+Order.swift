extension Workspace {
    /// Whether the spec `first` runs before `second` in a collection run: by id, except that in a folder
    /// `order:` names, the specs it lists come first, in its order (what an imported `.http` file wrote
    /// first runs first), and the rest follow by id.
    public func runsBefore(_ first: String, _ second: String) -> Bool {
        let left = runKey(first)
        let right = runKey(second)
        return left == right ? first < second : left < right
    }

    /// The id with its file name replaced by its place in its folder's `order:` (before every name).
    private func runKey(_ id: String) -> String {
        let slash = id.lastIndex(of: "/")
        let folder = slash.map { String(id[..<$0]) } ?? ""
        let name = slash.map { String(id[id.index(after: $0)...]) } ?? id
        guard let names = order[folder], let place = names.firstIndex(of: name) else { return id }
        let digits = String(place)
        let rank = "\u{0}" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
        return folder.isEmpty ? rank : folder + "/" + rank
    }
}
