public import Foundation
import Tern
import Yams

/// `tern init`: a new workspace that works at once, offline: a commented `workspace.yaml`, the `local`
/// environment (its `baseURL` is `{{mock}}`, the mock server tern starts in-process), one example spec and a
/// `.gitignore` holding `.tern/` (the cache keeps response bodies there).
///
/// Existing files are never replaced: when `workspace.yaml`, the environment or the spec exists, nothing is
/// written and the error names the file. An existing `.gitignore` is kept; `.tern/` is appended to it when
/// it does not mention it. Every write is atomic.
public enum WorkspaceTemplate {
    /// The example spec's id.
    public static let exampleSpec = "example/get-user"

    /// The files `write(at:name:)` creates, relative to the workspace folder (`.gitignore` aside).
    public static let files = ["workspace.yaml", "environments/local.yaml", "specs/\(exampleSpec).yaml"]

    /// Writes the workspace at `root` (created when missing), named `name` (default: the folder's name);
    /// returns the files written or changed, in order.
    @discardableResult
    public static func write(at root: URL, name: String? = nil) throws(WorkspaceError) -> [URL] {
        let root = root.standardizedFileURL
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw WorkspaceError(.io, "\(SourceLocation.displayPath(root)) exists and is not a folder", file: root)
        }
        for relative in files {
            let file = root.appendingPathComponent(relative)
            if FileManager.default.fileExists(atPath: file.path) {
                throw WorkspaceError(
                    .invalidValue,
                    "\(SourceLocation.displayPath(file)) already exists; tern init never replaces a file "
                        + "(use 'tern import' to add specs to a workspace)",
                    file: file)
            }
        }
        let texts = [manifest(name: name ?? root.lastPathComponent), environment, spec]
        var written: [URL] = []
        for (relative, text) in zip(files, texts) {
            let file = root.appendingPathComponent(relative)
            try AtomicFile.write(Data(text.utf8), to: file)
            written.append(file)
        }
        if let ignore = try ignoreTern(in: root) { written.append(ignore) }
        return written
    }

    /// Makes sure `root/.gitignore` ignores `.tern/`: writes the file when missing, appends the rule when the
    /// file does not mention `.tern`; returns the file when it was written.
    static func ignoreTern(in root: URL) throws(WorkspaceError) -> URL? {
        let file = root.appendingPathComponent(".gitignore")
        let rule = "# Tern's local state: the response cache (bodies included), history and captured values.\n.tern/\n"
        guard FileManager.default.fileExists(atPath: file.path) else {
            try AtomicFile.write(Data(rule.utf8), to: file)
            return file
        }
        let text = try YAMLSource.read(file)
        let lines = text.split(separator: "\n").map { $0.trimmingWhitespace() }
        if lines.contains(where: { [".tern", ".tern/", "/.tern", "/.tern/"].contains($0) }) { return nil }
        let separator = text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
        try AtomicFile.write(Data((text + separator + rule).utf8), to: file)
        return file
    }

    /// `workspace.yaml`, commented, naming the workspace `name`.
    static func manifest(name: String) -> String {
        let quotedName =
            (try? Yams.serialize(node: SpecWriter.string(name)))?
            .trimmingWhitespaceAndNewlines() ?? "workspace"
        return """
            # A Tern workspace: this file, one request per file under specs/ (folders are groups) and one file
            # of variables per environment under environments/. Tern finds it from this folder and the folders
            # below it; elsewhere pass --workspace DIR or set TERN_WORKSPACE. The whole format is in
            # `man tern` (FILES) and Tern's docs/workspace-format.md.
            name: \(quotedName)

            # The environment used unless another is chosen (--env NAME, or :env NAME in the TUI and REPL).
            defaultEnvironment: local

            # Where requests go: a spec's path is appended to its target's baseURL. With one target, specs
            # need not name it. A value that starts with {{ must be quoted.
            targets:
              api:
                baseURL: "{{baseURL}}"
                headers:
                  Accept: application/json

            # How requests are sent: retries with backoff, the timeout of one attempt (seconds), and how long
            # responses stay fresh in the cache (seconds). Modes: normal, live, cache, sample.
            handler:
              mode: normal
              maxRetries: 2
              timeout: 30
              cacheTTL: 300

            """
    }

    /// `environments/local.yaml`.
    static let environment = """
        # The local environment: its variables fill {{name}} in the specs and workspace.yaml.
        # {{mock}} is the mock server tern starts on 127.0.0.1 when an environment uses it, so the
        # example works offline. Point baseURL at your API when you are ready, e.g.
        #   baseURL: https://api.example.com/v1
        # and keep secrets out of these files: write {{secret:API_TOKEN}} and keep the value with
        # `tern secrets set API_TOKEN` (.tern/secrets.yaml, never committed), or {{env:API_TOKEN}} to read
        # a process variable.
        baseURL: "{{mock}}"
        userId: 1

        """

    /// `specs/example/get-user.yaml`.
    static let spec = """
        # One request per file. Send it with `tern send get-user`, or open the TUI (`tern`), select it
        # and press s. `expect` checks the response; `tern run` runs every spec and reports the checks.
        name: Get user
        method: GET
        path: /users/{{userId}}
        headers:
          X-Client: tern
        expect:
          status: 200
          json:
            $.id: {type: integer}

        """
}
