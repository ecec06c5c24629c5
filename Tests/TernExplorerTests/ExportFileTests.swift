import Foundation
import Testing

@testable import TernExplorer

/// Where an export is written: a missing folder is made, a file in the way is said in a sentence, and an
/// existing file is kept unless replacing.
@Suite("Export files")
struct ExportFileTests {
    @Test("a folder that does not exist is made; a file where the folder should be is an error in words")
    func folders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("export-file-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let deep = root.appendingPathComponent("a/b/out.http")
        try ExportFile.write(Data("GET https://h\n".utf8), to: deep, replacing: false)
        #expect(try String(contentsOf: deep, encoding: .utf8) == "GET https://h\n")
        #expect(throws: ExplorerError.self) { try ExportFile.write(Data("x".utf8), to: deep, replacing: false) }

        let secrets = root.appendingPathComponent("a/secrets.json")
        try ExportFile.write(Data("{}".utf8), to: secrets, replacing: false, ownerOnly: true)
        let mode = try FileManager.default.attributesOfItem(atPath: secrets.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        do {
            try ExportFile.write(Data("x".utf8), to: deep.appendingPathComponent("inside.http"), replacing: false)
            Issue.record("wrote inside a file")
        } catch {
            #expect(error.message.hasSuffix("out.http is a file, not a folder"), "\(error.message)")
        }
    }
}
