import Foundation
import HTTPTypes
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

/// The digests of uploaded files are kept between runs beside the cache, for that cache's key only.
@Suite("Cache identity: file digests kept between runs")
struct KeptFileDigestTests {
    @Test("a second identity with the same key finds the digest without the file's bytes; another key does not")
    func keptBetweenRuns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-digests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("upload.bin")
        try Data(repeating: 42, count: 200_000).write(to: file)
        let memo = folder.appendingPathComponent("file-digests")
        let key = Data(repeating: 9, count: 32)
        let url = URL(string: "http://127.0.0.1:1/upload")!
        let request = Request(method: .put, url: url, body: .file(file))
        let first = CacheIdentity(digestKey: key, fileDigestsFile: memo).key(for: request, redactor: Redactor())
        let kept = try String(contentsOf: memo, encoding: .utf8)
        #expect(kept.split(separator: "\n").count == 2)
        let mode = try FileManager.default.attributesOfItem(atPath: memo.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // A digest written in the file (as a changed file's would be, had it kept its stamp) is what a new
        // identity uses: proof that it reads the file instead of the bytes.
        let lines = kept.split(separator: "\n")
        let forged = String(lines[1].split(separator: " ")[0]) + " " + String(repeating: "ab", count: 32)
        try (String(lines[0]) + "\n" + forged + "\n").write(to: memo, atomically: true, encoding: .utf8)
        let fromMemo = CacheIdentity(digestKey: key, fileDigestsFile: memo).key(for: request, redactor: Redactor())
        #expect(fromMemo != first)
        // Another key ignores the file and reads the bytes.
        let other = CacheIdentity(digestKey: Data(repeating: 1, count: 32), fileDigestsFile: memo)
        #expect(
            other.key(for: request, redactor: Redactor())
                == CacheIdentity(digestKey: Data(repeating: 1, count: 32))
                .key(
                    for: Request(method: .put, url: url, body: .data(Data(repeating: 42, count: 200_000))),
                    redactor: Redactor()))
        // A damaged file is ignored.
        try "garbage\n\u{0}\u{1}".write(to: memo, atomically: true, encoding: .utf8)
        #expect(CacheIdentity(digestKey: key, fileDigestsFile: memo).key(for: request, redactor: Redactor()) == first)
    }
}
