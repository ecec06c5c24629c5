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
