import Foundation

/// A workspace written to a fresh temporary folder for runtime tests: `files` maps paths under the
/// root (`workspace.yaml`, `specs/a.yaml`, ...) to their text. The caller removes the folder.
func temporaryWorkspace(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-tui-\(UUID().uuidString)")
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
}
