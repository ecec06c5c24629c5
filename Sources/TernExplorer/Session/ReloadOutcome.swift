/// What reading the workspace's files again found: the specs added, removed and changed on disk, the spec
/// files now broken, the unsaved edits whose file changed underneath them, and whether the environments or
/// `workspace.yaml` changed. Every face shows `lines`.
package struct ReloadOutcome: Sendable, Equatable {
    /// Specs whose file appeared, sorted.
    package var added: [String] = []
    /// Specs whose file is gone, sorted.
    package var removed: [String] = []
    /// Specs whose file changed, sorted.
    package var changed: [String] = []
    /// Added or changed spec files that cannot be used, with why (`file:line:column: message`), by id.
    package var broken: [String: String] = [:]
    /// Specs with unsaved edits whose file changed on disk: the edits are kept, and `save` will not overwrite
    /// the file unless forced.
    package var conflicts: [String] = []
    /// Whether a file under `environments/` changed.
    package var environmentsChanged = false
    /// Whether `workspace.yaml` changed.
    package var manifestChanged = false
    /// Whether `handler:` settings changed (they apply to sessions started after the change).
    package var handlerChanged = false
    /// The environment in use whose file is gone (the workspace's default is used instead).
    package var lostEnvironment: String? = nil
    /// Why the files could not be read (a broken `workspace.yaml` or environment): the workspace stays as it
    /// was before the change.
    package var failure: String? = nil

    /// Whether nothing changed.
    package var isEmpty: Bool {
        added.isEmpty && removed.isEmpty && changed.isEmpty && broken.isEmpty && conflicts.isEmpty
            && !environmentsChanged && !manifestChanged && failure == nil
    }

    /// What happened, a sentence a line: the first says what was read again.
    package var lines: [String] {
        if let failure {
            return ["reload failed, the workspace is unchanged: \(failure)"]
        }
        var parts: [String] = []
        func describe(_ ids: [String], _ verb: String) {
            guard !ids.isEmpty else { return }
            let shown = ids.prefix(3).joined(separator: ", ") + (ids.count > 3 ? ", …" : "")
            parts.append("\(ids.count) \(verb) (\(shown))")
        }
        describe(changed, "changed")
        describe(added, "added")
        describe(removed, "removed")
        if environmentsChanged { parts.append("environments") }
        if manifestChanged { parts.append("workspace.yaml") }
        var lines = [parts.isEmpty ? "reloaded: nothing changed on disk" : "reloaded: " + parts.joined(separator: ", ")]
        for id in broken.keys.sorted() {
            lines.append("\(id) is broken: \(broken[id] ?? "")")
        }
        for id in conflicts {
            lines.append(
                "\(id) changed on disk and has unsaved edits: your edits are kept; 'save --force' writes them over "
                    + "the file, 'revert' takes the file's version")
        }
        if let lostEnvironment {
            lines.append("environment '\(lostEnvironment)' is gone: using the workspace's default")
        }
        if handlerChanged {
            lines.append("workspace.yaml's handler settings apply when Tern starts again")
        }
        return lines
    }
}
