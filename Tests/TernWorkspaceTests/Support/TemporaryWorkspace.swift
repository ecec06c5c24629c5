import Foundation

@testable import TernWorkspace

/// A workspace folder under the temporary directory, removed when the value goes away.
final class TemporaryWorkspace {
    let root: URL

    /// Makes the folder and writes `files` (path relative to the root → text).
    init(_ files: [String: String] = [:]) throws {
        root =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("tern-workspace-tests-\(UUID().uuidString)", isDirectory: true)
            .standardizedFileURL
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// The URL of `path` under the root.
    func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// Writes `text` to `path`, creating folders.
    func write(_ path: String, _ text: String) throws {
        let file = url(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// The text of `path`.
    func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: url(path)), as: UTF8.self)
    }

    /// Loads the workspace.
    func load(keepingBrokenSpecs: Bool = false, specsFor names: [String]? = nil) throws(WorkspaceError) -> Workspace {
        try Workspace.load(from: root, keepingBrokenSpecs: keepingBrokenSpecs, specsFor: names)
    }

    /// The names in a folder, hidden ones included.
    func contents(of folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(folder).path).sorted()
    }
}

/// A small workspace with one target, an environment and a spec, for tests that change one file.
enum Fixtures {
    static let manifest = """
        name: Demo
        defaultEnvironment: local
        targets:
          api:
            baseURL: "{{baseURL}}"
            headers: { Accept: application/json, X-Client: tern }
        """

    static let local = """
        baseURL: https://api.example.com/v1
        userId: 42
        traceId: abc
        """

    static let getUser = """
        name: Get user
        target: api
        method: GET
        path: /users/{{userId}}
        """

    /// `workspace.yaml`, `environments/local.yaml` and `specs/users/get-user.yaml`, plus `extra`.
    static func demo(_ extra: [String: String] = [:]) throws -> TemporaryWorkspace {
        var files = [
            "workspace.yaml": manifest,
            "environments/local.yaml": local,
            "specs/users/get-user.yaml": getUser,
        ]
        files.merge(extra) { _, new in new }
        return try TemporaryWorkspace(files)
    }
}
