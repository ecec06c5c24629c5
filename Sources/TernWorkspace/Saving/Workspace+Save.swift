import Foundation

extension Workspace {
    /// Writes `entry` to `specs/<id>.yaml`, atomically (a temporary file in the same folder, then a rename).
    ///
    /// Keys keep the order they were read in; fields that gained a value are appended in the
    /// documented order. When the file's current text already reads as the same definition it is
    /// left untouched, comments and all. Otherwise the file is rewritten, and — because Yams
    /// cannot carry them — its comments, flow style (`{ a: 1 }`) and quoting choices are not kept.
    /// A failure leaves the old file as it was.
    public func save(_ entry: SpecEntry) throws(WorkspaceError) {
        let components = try Self.validatedComponents(of: entry.id)
        let file = specFile(for: components)
        let defaultName = components.last ?? entry.id
        if FileManager.default.fileExists(atPath: file.path), let text = try? YAMLSource.read(file) {
            var reader = SpecReader(file: file)
            if let existing = try? reader.read(text: text, defaultName: defaultName), existing == entry.spec {
                return
            }
        }
        let text = try SpecWriter(spec: entry.spec, defaultName: defaultName).yaml()
        try AtomicFile.write(Data(text.utf8), to: file)
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
