public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The secret commands the user allowed to run, per workspace, as `direnv allow` allows an `.envrc`.
///
/// A `.tern/secrets.yaml` may come with a clone (committed by someone else), so a `command:` in it
/// runs only when this user approved that exact command text for that workspace folder: with
/// `tern secrets allow NAME`, or by writing it (`tern secrets set NAME --command …`, `tern secrets
/// edit`). The approvals live outside every workspace, in `$XDG_STATE_HOME/tern/secret-commands.json`
/// (`~/.local/state/tern/` by default), owner-only, so a repository cannot approve its own commands.
/// An approval is keyed by the workspace's real path and the exact command text: a changed command,
/// or the same folder moved, needs approving again.
public struct SecretApprovals: Sendable, Equatable {
    /// One approved command.
    public struct Approval: Sendable, Equatable, Codable {
        /// The workspace folder's real path (symbolic links resolved).
        public var workspace: String
        /// The secret's name when it was approved (for listing; the key is the command text).
        public var name: String
        /// The exact command text.
        public var command: String
    }

    /// The approvals, oldest first.
    public private(set) var approvals: [Approval]
    /// The file's name under `$XDG_STATE_HOME/tern/`.
    public static let fileName = "secret-commands.json"
    /// The largest approvals file read.
    static let maximumFileSize = 4 * 1024 * 1024

    /// No approvals.
    public init(approvals: [Approval] = []) {
        self.approvals = approvals
    }

    /// Where the approvals are kept: `$XDG_STATE_HOME/tern/secret-commands.json` when that is an
    /// absolute path, else `$HOME/.local/state/tern/secret-commands.json`.
    public static func file(environment: [String: String]) -> URL {
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home(environment).appendingPathComponent(".local/state", isDirectory: true)
        return state.appendingPathComponent("tern", isDirectory: true).appendingPathComponent(fileName)
    }

    /// `$HOME` as the shell has it, else the account's home folder.
    private static func home(_ environment: [String: String]) -> URL {
        if let home = environment["HOME"], home.hasPrefix("/") { return URL(fileURLWithPath: home) }
        return FileManager.default.homeDirectoryForCurrentUser
    }

    /// The key of the workspace at `root`: its real path.
    public static func key(ofWorkspace root: URL) -> String {
        root.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Whether `command` may run for the workspace at `root`.
    public func allows(_ command: String, inWorkspace root: URL) -> Bool {
        let workspace = Self.key(ofWorkspace: root)
        return approvals.contains { $0.workspace == workspace && $0.command == command }
    }

    /// The approvals of the workspace at `root`.
    public func approvals(inWorkspace root: URL) -> [Approval] {
        let workspace = Self.key(ofWorkspace: root)
        return approvals.filter { $0.workspace == workspace }
    }

    /// Allows `command` (secret `name`'s) to run for the workspace at `root`; whether it was new.
    @discardableResult
    public mutating func allow(_ command: String, name: String, inWorkspace root: URL) -> Bool {
        guard !allows(command, inWorkspace: root) else { return false }
        approvals.append(Approval(workspace: Self.key(ofWorkspace: root), name: name, command: command))
        return true
    }

    /// Withdraws the approvals of secret `name` in the workspace at `root`; how many there were.
    @discardableResult
    public mutating func revoke(name: String, inWorkspace root: URL) -> Int {
        let workspace = Self.key(ofWorkspace: root)
        let before = approvals.count
        approvals.removeAll { $0.workspace == workspace && $0.name == name }
        return before - approvals.count
    }

    // MARK: - The file

    /// The approvals kept for `environment`'s user; no file is none. A file that is not what
    /// `save` writes is an error naming it.
    public static func load(environment: [String: String]) throws(WorkspaceError) -> SecretApprovals {
        let file = file(environment: environment)
        var info = stat()
        guard stat(file.path, &info) == 0 else { return SecretApprovals() }
        guard info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= maximumFileSize else {
            throw WorkspaceError(
                .invalidValue,
                "the approved secret commands file is not a regular file of at most "
                    + "\(maximumFileSize / 1024 / 1024) MiB",
                file: file)
        }
        do {
            let data = try Data(contentsOf: file)
            return SecretApprovals(approvals: try JSONDecoder().decode([Approval].self, from: data))
        } catch {
            throw WorkspaceError(
                .invalidValue, "the approved secret commands cannot be read: \(error.localizedDescription)",
                file: file, underlying: error)
        }
    }

    /// Writes the approvals for `environment`'s user, owner-only, atomically.
    public func save(environment: [String: String]) throws(WorkspaceError) {
        let file = Self.file(environment: environment)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(approvals)
        } catch {
            throw WorkspaceError(.io, "cannot write the approved secret commands: \(error)", underlying: error)
        }
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try AtomicFile.write(data, to: file, mode: 0o600)
    }
}
