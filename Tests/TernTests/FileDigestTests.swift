import Foundation
import Tern
import Testing

/// A file body is digested once while it stays as it was, and the digest is the one its bytes sent
/// in memory give: keys stored before this memo still match.
@Suite("Cache identity: file bodies")
struct FileDigestTests {
    @Test("a file body keys as its bytes do, and a changed file keys anew")
    func fileKeysAsItsBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-digest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("upload.bin")
        let bytes = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: file)
        let identity = CacheIdentity(digestKey: Data(repeating: 7, count: 32))
        let url = URL(string: "http://127.0.0.1:1/upload")!
        let fromFile = Request(method: .put, url: url, body: .file(file))
        let inMemory = Request(method: .put, url: url, body: .data(bytes))
        let key = identity.key(for: fromFile, redactor: Redactor())
        #expect(key == identity.key(for: inMemory, redactor: Redactor()))
        // Asked again (the stored record, the history row): the same key.
        #expect(identity.key(for: fromFile, redactor: Redactor()) == key)
        #expect(
            identity.record(of: fromFile, redactor: Redactor()) == identity.record(of: inMemory, redactor: Redactor()))

        // Same size, another byte, another modification time: another key.
        var changed = bytes
        changed[1_000] ^= 0xFF
        try changed.write(to: file)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: file.path)
        let changedKey = identity.key(for: fromFile, redactor: Redactor())
        #expect(changedKey != key)
        #expect(
            changedKey == identity.key(for: Request(method: .put, url: url, body: .data(changed)), redactor: Redactor())
        )
    }
}
