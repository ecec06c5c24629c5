import Foundation

extension Workspace {
    /// Writes `entry` to `specs/<id>.yaml`, atomically (a temporary file in the same folder, then a rename).
    ///
    /// Only what changed is written (`SpecTextPatch`): untouched fields keep their text, comments,
    /// blank lines, flow style and quoting; an edited header or query entry changes its own line; a
    /// new field goes where the documented order puts it (`query` and `headers` before `body` and
    /// `expect`). When the file's current text already reads as the same definition it is left
    /// untouched. A file that is not a block mapping of fields is rewritten whole (keys in the order
    /// they were read). The patched text is read back and must give the edited definition, else the
    /// whole-file writer is used. A failure leaves the old file as it was.
    public func save(_ entry: SpecEntry) throws(WorkspaceError) {
        let components = try Self.validatedComponents(of: entry.id)
        let file = specFile(for: components)
        let defaultName = components.last ?? entry.id
        if FileManager.default.fileExists(atPath: file.path), let text = try? YAMLSource.read(file) {
            var reader = SpecReader(file: file)
            if let existing = try? reader.read(text: text, defaultName: defaultName) {
                if existing == entry.spec { return }
                // The edit alone, checked: the patched text must read as the edited definition.
                var edited = entry.spec
                edited.layout = existing.layout
                if let was = try? SpecWriter(spec: existing, defaultName: defaultName).yaml(),
                    let now = try? SpecWriter(spec: edited, defaultName: defaultName).yaml(),
                    let patched = SpecTextPatch.patch(original: text, old: was, new: now),
                    var check = Optional(SpecReader(file: file)),
                    (try? check.read(text: patched, defaultName: defaultName)) == entry.spec
                {
                    try AtomicFile.write(Data(patched.utf8), to: file)
                    return
                }
            }
        }
        let written = try SpecWriter(spec: entry.spec, defaultName: defaultName).yaml()
        try AtomicFile.write(Data(written.utf8), to: file)
    }
}

extension Workspace {
    /// Checks that `spec`, saved as `specs/<id>.yaml`, would load back: the text `save(_:)` writes is
    /// read as loading reads it (size, YAML, fields, method, header names and count) and its target is
    /// checked against this workspace's targets. Throws the error loading would report, at the line
    /// and column of the text. Nothing is written. Importers call it for every spec they write, so an
    /// import never reports as created a spec that `tern list` would not show.
    public func checkLoadsBack(_ spec: SpecDefinition, id: String) throws(WorkspaceError) {
        let components = try Self.validatedComponents(of: id)
        let file = specFile(for: components)
        let defaultName = components.last ?? id
        let text = try SpecWriter(spec: spec, defaultName: defaultName).yaml()
        guard text.utf8.count <= WorkspaceLimits.maximumFileSize else {
            throw WorkspaceError(
                .io, "cannot read the file: it is larger than the limit of \(WorkspaceLimits.maximumFileSize) bytes",
                file: file)
        }
        var reader = SpecReader(file: file)
        let read = try reader.read(text: text, defaultName: defaultName)
        try checkTarget(of: read, file: file)
    }
}
