import Foundation
import Tern
import TernHTTPClient
import TernInterchange
import TernWorkspace
import Testing

@testable import TernExplorer

/// `import … --into GROUP` from the REPL and the TUI goes through the same check as `tern import`: a
/// group that is not one folder name is refused with the CLI's message, and nothing is written.
@Suite struct ImportIntoEscapeTests {
    @Test func aGroupThatLeavesTheWorkspaceIsRefusedAsTheCLIRefusesIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-into-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("a/b/ws")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("name: ws\n".utf8).write(to: root.appendingPathComponent("workspace.yaml"))
        let source = folder.appendingPathComponent("cmd.sh")
        try Data("curl https://h.test/x".utf8).write(to: source)
        let session = ExplorerSession(
            workspace: try Workspace.load(from: root), transport: HTTPClientTransport.shared, storage: nil,
            options: ExplorerSession.Options(processEnvironment: [:]))

        let command = try CommandParser.parse("import curl \(source.path) --into ../../../X --copy-files")
        guard case .importCollection(let request, let dryRun) = command else {
            Issue.record("\(command)")
            return
        }
        #expect(request.group == "../../../X")
        #expect(request.copyFiles)
        let message = "--into takes one folder name (no '/', not starting with '.'), not '../../../X'"
        do {
            _ = try await session.importCollection(request, dryRun: dryRun)
            Issue.record("the import was not refused")
        } catch {
            #expect(error.message == message)
        }
        #expect(throws: ImportError(message)) {
            try CollectionImport.plan(request, root: root, directory: folder)
        }
        let outside = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        #expect(!outside.contains { $0.contains("X") }, "\(outside)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("specs").path))
    }
}
