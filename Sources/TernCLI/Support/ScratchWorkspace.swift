import Foundation

/// The personal workspace typed requests go through outside a workspace: `tern/scratch` under the XDG
/// data directory (`$XDG_DATA_HOME`, else `$HOME/.local/share`), made on first use, owner-only.
enum ScratchWorkspace {
    static func root(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        let root = location(environment: environment)
        let manifest = root.appendingPathComponent("workspace.yaml")
        guard !FileManager.default.fileExists(atPath: manifest.path) else { return root }
        do {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("specs"), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try Data(
                """
                # Tern's scratch workspace: requests typed as 'tern get URL' outside a workspace go through it,
                # with their own cache and history. 'tern --scratch' opens it in the TUI.
                name: Scratch

                """.utf8
            ).write(to: manifest, options: .withoutOverwriting)
        } catch CocoaError.fileWriteFileExists {
            return root
        } catch {
            throw CommandFailure.usage(
                "the scratch workspace \(root.path) could not be made: \(error.localizedDescription)")
        }
        return root
    }

    /// Where the scratch workspace is (or would be made), without making it.
    static func location(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home(environment).appendingPathComponent(".local/share")
        return data.appendingPathComponent("tern/scratch", isDirectory: true)
    }

    /// `$HOME` as the shell has it (Foundation's home directory on Linux is the password file's, which a
    /// clean `HOME=/tmp/x` does not change), else Foundation's.
    private static func home(_ environment: [String: String]) -> URL {
        if let home = environment["HOME"], home.hasPrefix("/") { return URL(fileURLWithPath: home) }
        return FileManager.default.homeDirectoryForCurrentUser
    }
}
