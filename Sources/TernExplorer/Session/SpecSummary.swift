/// A spec as `ls` and `tern list --json` show it.
package struct SpecSummary: Sendable, Hashable, Codable {
    package var id: String
    package var name: String
    package var method: String
    package var path: String
    package var target: String?
    /// Why the spec file cannot be used (`file:line:column: message`), when it could not be loaded.
    package var error: String? = nil

    /// Makes a summary.
    package init(id: String, name: String, method: String, path: String, target: String?, error: String? = nil) {
        self.id = id
        self.name = name
        self.method = method
        self.path = path
        self.target = target
        self.error = error
    }
}
