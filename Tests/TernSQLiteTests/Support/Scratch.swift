import Foundation
import HTTPTypes
import Tern

/// A temporary folder for one test, removed when the test ends.
struct Scratch {
    /// The folder (exists until `remove()`).
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tern-sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// `<scratch>/.tern/cache.sqlite`, the path a workspace uses.
    var cachePath: URL {
        directory.appendingPathComponent(".tern/cache.sqlite")
    }

    /// The file names in `.tern`, sorted.
    func ternFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cachePath.deletingLastPathComponent().path).sorted()
    }

    /// The POSIX permission bits of `path`.
    static func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Runs `body` with a fresh scratch folder and removes it afterwards, whatever happens.
func withScratch<T>(_ body: (Scratch) async throws -> T) async throws -> T {
    let scratch = try Scratch()
    defer { scratch.remove() }
    return try await body(scratch)
}

extension StoredResponse {
    /// A small JSON entry for `key`, stored at `storedAt`.
    static func fixture(
        key: String, body: String = #"{"ok":true}"#, storedAt: Date = Date(timeIntervalSince1970: 1_700_000_000)
    ) -> StoredResponse {
        StoredResponse(
            key: key, status: 200, headers: [.contentType: "application/json"], body: Data(body.utf8),
            source: .live, storedAt: storedAt, validUntil: storedAt.addingTimeInterval(300), method: "GET",
            url: "http://127.0.0.1:1/\(key)"
        )
    }
}

/// The header fields as ordered `(name, value)` pairs, the way they went over the wire.
func pairs(_ fields: HTTPFields) -> [[String]] {
    fields.map { [$0.name.rawName, $0.value] }
}
