/// The order `tern run` sends a workspace's specs in (`order: {FOLDER: [FILE, ...]}` in
/// `workspace.yaml`): by id, except that in a folder the order names, the specs it lists come first, in
/// its order (what an imported `.http` file wrote first runs first), and the rest follow by id.
public struct RunOrder: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// A folder under `specs/` (`""` for `specs/` itself) to the file names, without `.yaml`, of its
    /// specs in the order they run.
    public var folders: [String: [String]]

    /// An order from folders and their files.
    public init(folders: [String: [String]] = [:]) {
        self.folders = folders
    }

    public init(dictionaryLiteral elements: (String, [String])...) {
        folders = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    /// The files `folder` lists, in order; nil when it lists none.
    public subscript(folder: String) -> [String]? {
        get { folders[folder] }
        set { folders[folder] = newValue }
    }

    /// Whether the spec `first` runs before `second`.
    public func runsBefore(_ first: String, _ second: String) -> Bool {
        let left = key(first)
        let right = key(second)
        return left == right ? first < second : left < right
    }

    /// The id with its file name replaced by its place in its folder's list (before every name).
    private func key(_ id: String) -> String {
        let slash = id.lastIndex(of: "/")
        let folder = slash.map { String(id[..<$0]) } ?? ""
        let name = slash.map { String(id[id.index(after: $0)...]) } ?? id
        guard let names = folders[folder], let place = names.firstIndex(of: name) else { return id }
        let digits = String(place)
        let rank = "\u{0}" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
        return folder.isEmpty ? rank : folder + "/" + rank
    }
}
