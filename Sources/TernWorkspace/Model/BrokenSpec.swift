public import Foundation

/// A spec file that could not be read (malformed YAML, a wrong type, a missing field, an unknown target),
/// kept by `Workspace.load(from:keepingBrokenSpecs:)` so the rest of the workspace still loads.
public struct BrokenSpec: Sendable, CustomStringConvertible {
    /// The path under `specs/` without `.yaml` (`users/get-user`).
    public var id: String
    /// The spec file.
    public var file: URL
    /// Why it cannot be used, positioned at `file:line:column`.
    public var error: WorkspaceError

    /// Makes an entry for a broken file.
    public init(id: String, file: URL, error: WorkspaceError) {
        self.id = id
        self.file = file
        self.error = error
    }

    /// The file name without `.yaml` (`get-user`).
    public var fileName: String {
        id.split(separator: "/").last.map(String.init) ?? id
    }

    /// The error as `path:line:column: message`.
    public var description: String { error.description }
}
