public import Foundation

/// A spec in a workspace: its id, its file, its group and its definition.
public struct SpecEntry: Sendable, Equatable {
    /// The path under `specs/` without `.yaml` (`users/get-user`).
    public var id: String
    /// The spec file.
    public var file: URL
    /// The folders between `specs/` and the file (`["users"]`), the spec's place in the tree.
    public var group: [String]
    /// What the file declares.
    public var spec: SpecDefinition

    /// Makes an entry.
    public init(id: String, file: URL, group: [String], spec: SpecDefinition) {
        self.id = id
        self.file = file
        self.group = group
        self.spec = spec
    }

    /// The file name without `.yaml` (`get-user`), by which a spec can also be named.
    public var fileName: String {
        id.split(separator: "/").last.map(String.init) ?? id
    }
}
