import Foundation

/// A temporary folder for one test, removed afterwards.
struct ScratchFolder {
    let url: URL

    /// Writes `data` to `name` in the folder with `mode`; returns its URL.
    func file(_ name: String, _ data: Data, mode: Int = 0o644) throws -> URL {
        let file = url.appendingPathComponent(name)
        try data.write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
        return file
    }

    /// The names in the folder, sorted (hidden ones included).
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}

/// Runs `body` with a fresh scratch folder, removed whatever happens.
func withFolder<T>(_ body: (ScratchFolder) throws -> T) throws -> T {
    let folder = try makeScratchFolder()
    defer { try? FileManager.default.removeItem(at: folder.url) }
    return try body(folder)
}

/// Runs `body` with a fresh scratch folder, removed whatever happens.
func withFolder<T>(_ body: (ScratchFolder) async throws -> T) async throws -> T {
    let folder = try makeScratchFolder()
    defer { try? FileManager.default.removeItem(at: folder.url) }
    return try await body(folder)
}

private func makeScratchFolder() throws -> ScratchFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tern-explorer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return ScratchFolder(url: url)
}
