import Foundation
import Tern
import Testing

@testable import TernWorkspace

#if canImport(Glibc)
    import Glibc
#endif

/// `save` through symbolic links, and the modes it leaves.
@Suite struct SavingLinksTests {
    @Test func savingASpecThatIsASymlinkWritesTheTargetKeepsItsModeAndTheLink() throws {
        let folder = try Fixtures.demo()
        let shared = folder.url("shared/get-user.yaml")
        try folder.write("shared/get-user.yaml", Fixtures.getUser)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: shared.path)
        let link = folder.url("specs/users/get-user.yaml")
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../../shared/get-user.yaml")

        var entry = try folder.load().spec(named: "get-user")
        entry.spec.path = "/changed"
        try folder.load().save(entry)

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "../../shared/get-user.yaml")
        #expect(try folder.read("shared/get-user.yaml").contains("path: /changed"))
        #expect(try Self.mode(shared.path) == 0o640)
        #expect(try folder.contents(of: "specs/users") == ["get-user.yaml"])
        #expect(try folder.contents(of: "shared") == ["get-user.yaml"])
        #expect(try folder.load().spec(named: "get-user").spec.path == "/changed")
    }

    @Test func aReplacedSpecKeepsItsModeAndANewOneIs0644UnderTheUmask() throws {
        let folder = try Fixtures.demo()
        let file = folder.url("specs/users/get-user.yaml")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let workspace = try folder.load()
        var entry = try workspace.spec(named: "get-user")
        entry.spec.path = "/changed"
        try workspace.save(entry)
        #expect(try Self.mode(file.path) == 0o600)

        let spec = SpecDefinition(name: "New", target: "api", method: "GET", path: "/new")
        try workspace.save(workspace.makeEntry(id: "fresh", spec: spec))
        #expect(try Self.mode(folder.url("specs/fresh.yaml").path) == 0o644 & ~Self.umask())
    }

    @Test func aSymlinkToNothingCreatesItsTargetAndStaysALink() throws {
        let folder = try Fixtures.demo()
        let link = folder.url("specs/users/get-user.yaml")
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "elsewhere.yaml")
        let data = Data(
            try SpecWriter(spec: SpecDefinition(name: "x", method: "GET", path: "/x"), defaultName: "x").yaml().utf8)
        try AtomicFile.write(data, to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "elsewhere.yaml")
        #expect(try folder.read("specs/users/elsewhere.yaml").contains("path: /x"))
    }

    @Test func aSymlinkToAFolderOrAFIFOIsRefusedAndLeftAlone() throws {
        let folder = try Fixtures.demo()
        try FileManager.default.createDirectory(at: folder.url("a-folder"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.url("a-fifo").path, 0o600) == 0)
        for target in ["a-folder", "a-fifo"] {
            let link = folder.url("specs/\(target).yaml")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../\(target)")
            let error = try #require(throws: WorkspaceError.self) {
                try AtomicFile.write(Data("x: 1\n".utf8), to: link)
            }
            #expect(error.message.contains("not a regular file"), "\(target)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "../\(target)")
        }
        #expect(try folder.contents(of: "specs") == ["a-fifo.yaml", "a-folder.yaml", "users"])
    }

    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
    }

    /// The process umask, read from a file created with 0666.
    static func umask() throws -> Int {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("tern-umask-\(UUID().uuidString)")
        let descriptor = open(probe.path, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        defer {
            close(descriptor)
            unlink(probe.path)
        }
        return 0o666 & ~(try mode(probe.path))
    }
}
