import Foundation
import Tern
import Testing

@testable import TernWorkspace

/// Body files outside the workspace folder: allowed, never silent.
@Suite struct OutsideFilesTests {
    static func spec(_ body: String) -> String {
        "target: api\nmethod: POST\npath: /upload\nbody:\n" + body
    }

    @Test func literalPathsOutsideTheWorkspaceWarnOnLoadWithTheirPosition() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tern-outside-\(UUID().uuidString).bin")
        try Data("secret".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        let folder = try Fixtures.demo([
            "specs/up.yaml": Self.spec("  file: ../\(outside.lastPathComponent)\n"),
            "specs/abs.yaml": Self.spec("  file: \(outside.path)\n"),
            "specs/parts.yaml": Self.spec(
                "  multipart:\n    - { name: a, value: x }\n    - { name: f, file: \(outside.path) }\n"),
            "specs/inside.yaml": Self.spec("  file: data/in.bin\n"),
            "specs/dotted.yaml": Self.spec("  file: data/../data/in.bin\n"),
            "specs/variable.yaml": Self.spec("  file: \"{{env:HOME}}/x.bin\"\n"),
            "data/in.bin": "in",
        ])
        let warnings = try folder.load().warnings.filter { $0.message.contains("outside the workspace") }
        let byFile = Dictionary(grouping: warnings) { $0.file.lastPathComponent }
        #expect(byFile.keys.sorted() == ["abs.yaml", "parts.yaml", "up.yaml"])
        #expect(warnings.count == 3)
        let up = try #require(byFile["up.yaml"]?.first)
        #expect(up.line == 5 && up.column == 9)
        #expect(up.message.contains("'../\(outside.lastPathComponent)'"))
        #expect(up.message.contains("read and uploaded"))
        let part = try #require(byFile["parts.yaml"]?.first)
        #expect(part.line == 7)
        #expect(part.message.contains(outside.path))
    }

    @Test func aLinkInsideTheWorkspaceToAFileOutsideIsOutside() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tern-outside-\(UUID().uuidString).bin")
        try Data("secret".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        let folder = try Fixtures.demo(["specs/up.yaml": Self.spec("  file: data/linked.bin\n"), "data/in.bin": "in"])
        try FileManager.default.createSymbolicLink(
            atPath: folder.url("data/linked.bin").path, withDestinationPath: outside.path)
        let workspace = try folder.load()
        #expect(workspace.warnings.contains { $0.message.contains("'data/linked.bin' is outside the workspace") })
        #expect(!workspace.isOutside(folder.url("data/in.bin")))
        #expect(!workspace.isOutside(folder.root))
        #expect(workspace.isOutside(folder.root.deletingLastPathComponent()))
        #expect(workspace.isOutside(URL(fileURLWithPath: folder.root.path + "-sibling/x")))
    }

    @Test func atSendTimeTheResolvedPathIsAbsoluteAndCheckedAfterTemplating() throws {
        let outsideFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tern-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outsideFolder, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: outsideFolder.appendingPathComponent("x.bin"))
        defer { try? FileManager.default.removeItem(at: outsideFolder) }
        let folder = try Fixtures.demo([
            "specs/variable.yaml": Self.spec("  file: \"{{env:HOME}}/x.bin\"\n"),
            "specs/inside.yaml": Self.spec("  file: data/../data/in.bin\n"),
            "data/in.bin": "in",
        ])
        let workspace = try folder.load()
        #expect(!workspace.warnings.contains { $0.message.contains("outside") })
        let context = TemplateContext(processEnvironment: ["HOME": outsideFolder.path])
        let request = try workspace.request(for: workspace.spec(named: "variable"), context: context)
        #expect(request.body.files.map(\.path) == [outsideFolder.appendingPathComponent("x.bin").path])
        #expect(workspace.outsideFiles(of: request) == request.body.files)
        let inside = try workspace.request(for: workspace.spec(named: "inside"), context: context)
        #expect(inside.body.files.map(\.path) == [folder.url("data/in.bin").path])
        #expect(workspace.outsideFiles(of: inside).isEmpty)
    }
}
