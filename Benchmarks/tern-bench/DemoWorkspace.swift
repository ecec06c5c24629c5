import Foundation

/// The repository's `workspaces/demo`, which the TUI benchmarks open (run them from the package root).
enum DemoWorkspace {
    /// `workspaces/demo` under the current directory.
    static var root: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("workspaces/demo")
    }

    /// Throws unless the demo workspace is where `root` says.
    static func check() throws {
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("workspace.yaml").path) else {
            throw BenchError.usage("run tern-bench from the package root: it opens workspaces/demo")
        }
    }

    /// A copy of the demo workspace in `directory` without its `.tern` state, so a benchmark never
    /// touches the real one's cache.
    static func copy(into directory: URL) throws -> URL {
        try check()
        let copy = directory.appendingPathComponent("demo-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: root, to: copy)
        try? FileManager.default.removeItem(at: copy.appendingPathComponent(".tern"))
        return copy
    }
}
