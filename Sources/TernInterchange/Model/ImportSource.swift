package import Foundation

/// The bytes to import and what an importer needs to resolve what they refer to.
package struct ImportSource: Sendable {
    /// The source's contents.
    package var data: Data
    /// The name used in error locations: the file's path as given, or `<stdin>`.
    package var name: String
    /// Where relative paths in the source resolve (`curl -d @body.json`): the current directory.
    package var baseDirectory: URL
    /// The workspace the import writes to: file references are made relative to it.
    package var workspaceRoot: URL
    /// The group the user chose (`--into GROUP`), or nil for a name derived from the source.
    package var group: String?
    /// Whether files outside the workspace that the source names are read and copied in
    /// (`--copy-files`); without it they are only named (`LocalFiles`).
    package var copiesFiles: Bool
    /// Where a `.graphql` file's operations go (`--url`): a target named after the group, with this address.
    package var url: String?

    /// Makes a source.
    package init(
        data: Data, name: String, baseDirectory: URL, workspaceRoot: URL, group: String? = nil,
        copiesFiles: Bool = false
    ) {
        self.data = data
        self.name = name
        self.baseDirectory = baseDirectory
        self.workspaceRoot = workspaceRoot
        self.group = group
        self.copiesFiles = copiesFiles
    }

    /// The group the specs go into: `--into`, else a slug of the source's `title`.
    /// Importers name the target and the environment they create after it, so two imported
    /// APIs in one workspace keep apart (`targets: {petstore: ...}`, `environments/petstore.yaml`).
    package func groupName(title: String) -> String {
        group ?? Slug.file(title, fallback: "imported")
    }

    /// Refuses a source of more than `limit` bytes, saying how big it is and how much is read.
    package func checkSize(atMost limit: Int) throws(ImportError) {
        guard data.count <= limit else {
            throw ImportError("\(name) is \(data.count) bytes; at most \(limit) are read", at: name)
        }
    }

    /// The contents as text (a UTF-8 byte order mark dropped), or an error naming the source.
    package func text() throws(ImportError) -> String {
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let text = String(data: bytes, encoding: .utf8) else {
            throw ImportError("\(name) is not UTF-8 text", at: name)
        }
        return text
    }
}
