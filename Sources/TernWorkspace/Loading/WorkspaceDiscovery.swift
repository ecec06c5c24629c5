public import Foundation

/// Finds the workspace a command works on, as git finds a repository.
///
/// In order: `--workspace DIR`, then `$TERN_WORKSPACE`, then the current folder and its parents
/// (the first holding a `workspace.yaml`), then the bundled demo (`workspaces/demo`) when the current
/// folder is inside Tern's own repository. `note` says which one was chosen when that is not obvious.
public enum WorkspaceDiscovery {
    /// Why a folder was chosen.
    public enum Origin: Sendable, Hashable {
        /// `--workspace DIR`.
        case option
        /// `$TERN_WORKSPACE`.
        case environment
        /// The current folder holds `workspace.yaml`.
        case currentFolder
        /// A parent of the current folder holds `workspace.yaml`.
        case parentFolder
        /// The demo workspace of the repository the current folder is in.
        case demo
    }

    /// The folder chosen and why.
    public struct Found: Sendable, Hashable {
        /// The workspace folder (standardized).
        public var root: URL
        /// How it was found.
        public var origin: Origin

        /// One line saying which workspace is used, when the choice is not obvious (a parent folder or the
        /// demo); `nil` for `--workspace`, `$TERN_WORKSPACE` and the current folder.
        public var note: String? {
            switch origin {
            case .option, .environment, .currentFolder: nil
            case .parentFolder: "using the workspace in \(SourceLocation.displayPath(root))"
            case .demo:
                "no workspace.yaml here or in a parent folder: using the demo workspace "
                    + "\(SourceLocation.displayPath(root)) (create your own with 'tern init')"
            }
        }
    }

    /// The name of the variable that names a workspace.
    public static let variable = "TERN_WORKSPACE"

    /// Finds the workspace: `option` (`--workspace`), else `environment[TERN_WORKSPACE]`, else the first of
    /// `directory` and its parents with a `workspace.yaml`, else the demo when `directory` is inside Tern's
    /// repository. `--workspace` and the variable are taken as given (relative to `directory`), not checked.
    public static func find(
        option: String?, environment: [String: String], directory: URL
    ) throws(WorkspaceError) -> Found {
        let directory = directory.standardizedFileURL
        if let option, !option.isEmpty {
            return Found(root: resolve(option, in: directory), origin: .option)
        }
        if let path = environment[variable], !path.isEmpty {
            return Found(root: resolve(path, in: directory), origin: .environment)
        }
        var folder = directory
        var depth = 0
        while depth < 256 {
            if hasManifest(folder) { return Found(root: folder, origin: depth == 0 ? .currentFolder : .parentFolder) }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { break }
            folder = parent
            depth += 1
        }
        if let demo = repositoryDemo(above: directory) { return Found(root: demo, origin: .demo) }
        throw WorkspaceError(
            .notAWorkspace,
            "no workspace here: neither \(SourceLocation.displayPath(directory)) nor a parent folder has a "
                + "workspace.yaml; pass --workspace DIR, set \(variable)=DIR, or create one with 'tern init'"
        )
    }

    /// Whether `folder` holds a `workspace.yaml` file.
    static func hasManifest(_ folder: URL) -> Bool {
        var isDirectory: ObjCBool = false
        let path = folder.appendingPathComponent("workspace.yaml").path
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// `workspaces/demo` of the first of `directory` and its parents that is Tern's repository: a
    /// `Package.swift` declaring the package `Tern` next to a `workspaces/demo/workspace.yaml`.
    static func repositoryDemo(above directory: URL) -> URL? {
        var folder = directory
        for _ in 0..<256 {
            let demo = folder.appendingPathComponent("workspaces/demo", isDirectory: true)
            if hasManifest(demo), isTernPackage(folder.appendingPathComponent("Package.swift")) {
                return demo.standardizedFileURL
            }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { return nil }
            folder = parent
        }
        return nil
    }

    /// Whether `file` is a Swift package manifest naming the package `Tern` (read up to 64 KiB).
    private static func isTernPackage(_ file: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 64 * 1024) else { return false }
        let text = String(decoding: data, as: UTF8.self)
        return text.contains("import PackageDescription") && text.contains("name: \"Tern\"")
    }

    private static func resolve(_ path: String, in directory: URL) -> URL {
        URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL
    }
}
