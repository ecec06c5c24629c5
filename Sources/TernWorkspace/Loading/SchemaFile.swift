package import Foundation
package import Tern

/// The JSON Schema files a spec's `expect: schema:` names with `$ref` (`schemas/user.json`, relative to
/// the workspace folder): JSON or YAML, inside the workspace, at most `WorkspaceLimits.maximumFileSize`.
package enum SchemaFile {
    /// The base URI of the workspace at `root`, against which a schema's relative `$ref`s resolve.
    package static func baseURI(root: URL) -> String {
        root.standardizedFileURL.absoluteString.hasSuffix("/")
            ? root.standardizedFileURL.absoluteString : root.standardizedFileURL.absoluteString + "/"
    }

    /// The document at `uri` (a `file:` URI inside `root`), read as YAML (JSON is YAML too).
    package static func document(at uri: String, root: URL) throws(WorkspaceError) -> JSONValue {
        guard let url = URL(string: uri), url.isFileURL else {
            throw WorkspaceError(
                .io, "'\(uri)' is not a file of the workspace (only files are read, never the network)")
        }
        let file = url.standardizedFileURL
        // Symbolic links resolved: a link inside the folder to a file outside is outside.
        guard WorkspaceConfinement.isInside(file, root: root), file.path != root.standardizedFileURL.path else {
            throw WorkspaceError(.io, "'\(file.path)' is outside the workspace folder; a schema $ref stays inside it")
        }
        guard let node = try YAMLSource.compose(file: file) else {
            throw WorkspaceError(.syntax, "the schema file is empty", file: file)
        }
        var layout = SpecLayout()
        let reader = NodeReader(file: file)
        return try reader.json(node, path: "", layout: &layout)
    }
}
