import Foundation
import Testing

@testable import TernWorkspace

/// `WorkspaceDiscovery`: `--workspace`, `$TERN_WORKSPACE`, the current folder and its parents, then the demo
/// of Tern's repository; each rule tried in nested temporary folders.
@Suite struct WorkspaceDiscoveryTests {
    /// A temporary tree: `files` written under a fresh folder (a path ending in `/` is a folder).
    private func tree(_ files: [String]) throws -> TemporaryWorkspace {
        let folder = try TemporaryWorkspace()
        for path in files {
            if path.hasSuffix("/") {
                try FileManager.default.createDirectory(at: folder.url(path), withIntermediateDirectories: true)
            } else {
                try folder.write(path, path.hasSuffix("Package.swift") ? Self.ternPackage : "name: W\n")
            }
        }
        return folder
    }

    private static let ternPackage = """
        // swift-tools-version:6.1
        import PackageDescription

        let package = Package(
            name: "Tern",
            products: []
        )
        """

    private func find(
        option: String? = nil, environment: [String: String] = [:], in directory: URL
    ) throws -> WorkspaceDiscovery.Found {
        try WorkspaceDiscovery.find(option: option, environment: environment, directory: directory)
    }

    @Test func theOptionWinsOverTheVariableAndTheFolders() throws {
        let folder = try tree(["here/workspace.yaml", "there/workspace.yaml", "chosen/"])
        let found = try find(
            option: "../chosen", environment: ["TERN_WORKSPACE": folder.url("there").path], in: folder.url("here"))
        #expect(found.root == folder.url("chosen").standardizedFileURL)
        #expect(found.origin == .option)
        #expect(found.note == nil)
    }

    @Test func theVariableWinsOverTheFolders() throws {
        let folder = try tree(["here/workspace.yaml", "there/workspace.yaml"])
        let found = try find(environment: ["TERN_WORKSPACE": "../there"], in: folder.url("here"))
        #expect(found.root == folder.url("there").standardizedFileURL)
        #expect(found.origin == .environment)
        #expect(found.note == nil)
        let empty = try find(environment: ["TERN_WORKSPACE": ""], in: folder.url("here"))
        #expect(empty.origin == .currentFolder, "an empty variable is no variable")
    }

    @Test func theCurrentFolderIsUsedWithoutANote() throws {
        let folder = try tree(["api/workspace.yaml"])
        let found = try find(in: folder.url("api"))
        #expect(found.root == folder.url("api").standardizedFileURL)
        #expect(found.origin == .currentFolder)
        #expect(found.note == nil)
    }

    @Test func theNearestParentWithAManifestIsUsedAndNamed() throws {
        let folder = try tree(["workspace.yaml", "api/workspace.yaml", "api/specs/users/deep/"])
        let found = try find(in: folder.url("api/specs/users/deep"))
        #expect(found.root == folder.url("api").standardizedFileURL, "the nearest one, not the outer one")
        #expect(found.origin == .parentFolder)
        #expect(found.note == "using the workspace in \(folder.url("api").standardizedFileURL.path)")
    }

    @Test func aFolderNamedWorkspaceYAMLIsNotAManifest() throws {
        let folder = try tree(["outer/workspace.yaml", "outer/inner/workspace.yaml/"])
        let found = try find(in: folder.url("outer/inner"))
        #expect(found.root == folder.url("outer").standardizedFileURL)
    }

    @Test func theDemoIsUsedOnlyInsideTernsRepository() throws {
        let folder = try tree(["repo/Package.swift", "repo/workspaces/demo/workspace.yaml", "repo/Sources/Tern/"])
        let found = try find(in: folder.url("repo/Sources/Tern"))
        #expect(found.root == folder.url("repo/workspaces/demo").standardizedFileURL)
        #expect(found.origin == .demo)
        #expect(found.note?.contains("using the demo workspace") == true)
        #expect(found.note?.contains("tern init") == true)
    }

    @Test func anotherPackageWithADemoFolderIsNotTernsRepository() throws {
        let folder = try tree(["other/workspaces/demo/workspace.yaml", "other/src/"])
        try folder.write("other/Package.swift", "import PackageDescription\nlet package = Package(name: \"Other\")\n")
        #expect(throws: WorkspaceError.self) { try find(in: folder.url("other/src")) }
    }

    @Test func noWorkspaceNamesEveryWayToGiveOne() throws {
        let folder = try tree(["empty/nested/"])
        do {
            _ = try find(in: folder.url("empty/nested"))
            Issue.record("a workspace was found")
        } catch let error as WorkspaceError {
            #expect(error.kind == .notAWorkspace)
            #expect(error.message.contains("--workspace"))
            #expect(error.message.contains("TERN_WORKSPACE"))
            #expect(error.message.contains("tern init"))
        }
    }
}
