public import Foundation
import Yams

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The values `{{secret:NAME}}` reads: `.tern/secrets.yaml` in the workspace, owner-only (0600) and
/// never committed (`.tern/` is git-ignored, and the folder ignores itself too).
///
/// ```yaml
/// apiToken: s3cr3t                # a value kept here
/// github:                         # a value a command prints at send time, never stored
///   command: gh auth token
///   timeout: 5                    # seconds, 10 by default
/// ```
///
/// It lives in the workspace, not in the user's config folder, because a secret belongs to the API
/// the workspace talks to: two clones of a project, or the scratch workspace, each have their own,
/// and removing a workspace removes its secrets.
public struct SecretStore: Sendable, Equatable {
    /// Where one secret's value comes from.
    public enum Source: Sendable, Equatable {
        /// A value written in the store.
        case value(String)
        /// A shell command that prints the value when a send needs it, within `timeout` seconds.
        case command(String, timeout: TimeInterval)

        /// Whether the value is printed by a command.
        public var isCommand: Bool {
            if case .command = self { return true }
            return false
        }
    }

    /// One named secret.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var source: Source
    }

    /// The secrets in file order.
    public private(set) var entries: [Entry]
    /// The file's name in `.tern/`.
    public static let fileName = "secrets.yaml"
    /// A command's deadline when the file names none.
    public static let defaultTimeout: TimeInterval = 10
    /// The longest deadline a command may have.
    public static let maximumTimeout: TimeInterval = 300
    /// The largest store read.
    static let maximumFileSize = 1024 * 1024

    /// A store holding `entries`.
    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The store's file in the workspace at `root`.
    public static func file(inWorkspace root: URL) -> URL {
        root.appendingPathComponent(".tern", isDirectory: true).appendingPathComponent(fileName)
    }

    /// Where `name`'s value comes from, when the store has it.
    public func source(of name: String) -> Source? {
        entries.last { $0.name == name }?.source
    }

    /// Sets `name` (in place when it is there, else at the end).
    public mutating func set(_ name: String, to source: Source) {
        if let index = entries.firstIndex(where: { $0.name == name }) {
            entries[index].source = source
        } else {
            entries.append(Entry(name: name, source: source))
        }
    }

    /// Removes `name`; whether it was there.
    @discardableResult
    public mutating func unset(_ name: String) -> Bool {
        let before = entries.count
        entries.removeAll { $0.name == name }
        return entries.count != before
    }

    /// Whether `name` can name a secret: a letter or `_`, then letters, digits, `_`, `-` and `.`.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic,
            first.isASCII
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0))
        }
    }

    // MARK: - The file

    /// The store of the workspace at `root`; no file is an empty store. A file that is not the
    /// YAML described above is an error at its line and column.
    public static func load(workspace root: URL) throws(WorkspaceError) -> SecretStore {
        let file = file(inWorkspace: root)
        try refuseLinks(workspace: root)
        var info = stat()
        guard stat(file.path, &info) == 0 else { return SecretStore() }
        guard Int(info.st_size) <= maximumFileSize else {
            throw WorkspaceError(
                .invalidValue, "the secret store is larger than \(maximumFileSize / 1024) KiB", file: file)
        }
        return try read(text: YAMLSource.read(file), file: file)
    }

    /// The store `text` declares, as the contents of `file`.
    public static func read(text: String, file: URL) throws(WorkspaceError) -> SecretStore {
        guard let root = try YAMLSource.compose(text: text, file: file) else { return SecretStore() }
        var reader = NodeReader(file: file)
        var store = SecretStore()
        for (name, keyNode, value) in try reader.entries(root, of: "the secret store") {
            guard isValidName(name) else {
                throw reader.error(
                    "'\(name)' is not a secret name: use letters, digits, '_', '-' and '.', starting with a letter",
                    at: keyNode)
            }
            if case .mapping = value {
                let fields = try reader.fields(value, of: "secret '\(name)'", allowed: ["command", "timeout"])
                guard let command = fields["command"] else {
                    throw reader.error(
                        .missingField, "secret '\(name)' needs a 'command:' (or write its value directly)",
                        at: value)
                }
                var timeout = defaultTimeout
                if let node = fields["timeout"] {
                    timeout = try reader.seconds(node, field: "timeout", maximum: maximumTimeout, positive: true)
                }
                store.set(name, to: .command(try reader.string(command, field: "command"), timeout: timeout))
            } else {
                store.set(name, to: .value(try reader.string(value, field: name)))
            }
        }
        return store
    }

    /// The YAML text of the store, under a comment that says what the file is.
    public func yamlText() throws(WorkspaceError) -> String {
        let header = """
            # Secrets for {{secret:NAME}} in this workspace. Owner-only, never committed (.tern/ is
            # git-ignored). A value is written here, or printed at send time by a command:
            #   NAME: {command: "pass show api/token", timeout: 10}

            """
        guard !entries.isEmpty else { return header }
        let pairs: [(String, Node)] = entries.map { entry in
            switch entry.source {
            case .value(let value):
                return (entry.name, SpecWriter.string(value))
            case .command(let command, let timeout):
                var fields = [("command", SpecWriter.string(command))]
                if timeout != Self.defaultTimeout {
                    fields.append(("timeout", SpecWriter.number(timeout, preferInteger: true)))
                }
                return (entry.name, SpecWriter.mapping(fields))
            }
        }
        do {
            return header
                + (try Yams.serialize(node: SpecWriter.mapping(pairs), indent: 2, width: -1, allowUnicode: true))
        } catch {
            throw WorkspaceError(.io, "cannot write the secret store as YAML: \(error)", underlying: error)
        }
    }

    /// Writes the store to the workspace at `root`, owner-only, atomically. `.tern/` gets a
    /// `.gitignore` of its own (`*`) the first time, so the store stays out of git even in a folder
    /// whose `.gitignore` does not name `.tern/`.
    public func save(workspace root: URL) throws(WorkspaceError) {
        let file = Self.file(inWorkspace: root)
        let text = try yamlText()
        guard (try? Self.read(text: text, file: file)) == self else {
            throw WorkspaceError(.io, "the secret store would not read back; nothing was written", file: file)
        }
        try Self.write(text: text, workspace: root)
    }

    /// Writes `text` (checked to be a valid store) as the store of the workspace at `root`, as it is,
    /// comments and all: what `tern secrets edit` saves.
    public static func save(text: String, workspace root: URL) throws(WorkspaceError) {
        _ = try read(text: text, file: file(inWorkspace: root))
        try write(text: text, workspace: root)
    }

    /// Refuses a store reached through a symbolic link (`.tern` or `.tern/secrets.yaml` a link): a
    /// repository could point it at a tracked file, which secrets would then be written to, or at a
    /// store of someone else's.
    static func refuseLinks(workspace root: URL) throws(WorkspaceError) {
        let folder = root.appendingPathComponent(".tern", isDirectory: true)
        for url in [folder, file(inWorkspace: root)] {
            var info = stat()
            guard lstat(url.path, &info) == 0 else { continue }
            guard info.st_mode & S_IFMT != S_IFLNK else {
                throw WorkspaceError(
                    .io,
                    "\(url.path) is a symbolic link: Tern reads and writes secrets only in a regular "
                        + ".tern/secrets.yaml of the workspace; remove the link",
                    file: url)
            }
        }
    }

    private static func write(text: String, workspace root: URL) throws(WorkspaceError) {
        let file = Self.file(inWorkspace: root)
        try refuseLinks(workspace: root)
        try AtomicFile.write(Data(text.utf8), to: file, mode: 0o600)
        chmod(file.path, 0o600)
        let ignore = file.deletingLastPathComponent().appendingPathComponent(".gitignore")
        if !FileManager.default.fileExists(atPath: ignore.path) {
            try AtomicFile.write(Data("# Tern's local state: never committed.\n*\n".utf8), to: ignore)
        }
    }
}
