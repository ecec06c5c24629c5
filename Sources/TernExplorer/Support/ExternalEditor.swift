package import Foundation
import Tern

/// Edits text in the user's editor (`$VISUAL`, else `$EDITOR`, else `vi`): writes it to a private
/// temporary file, runs the editor on the controlling terminal and reads the file back. The REPL
/// passes it as the session's `editor`; the TUI wraps it so ncurses lets go of the terminal first.
package enum ExternalEditor {
    /// Why an edit did not happen.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// The extension of the file the editor opens when the caller does not name one (`graphql` while a GraphQL
    /// query is edited, so the editor highlights it); the TUI carries it into its `EditorJob`.
    @TaskLocal package static var fileExtension: String = "txt"
    /// The SDL file of the schema a GraphQL query being edited is checked against, when one is kept: the
    /// edit's folder then holds a `.graphqlrc.yml` naming it, so an editor's GraphQL language server
    /// completes fields, arguments and types against it (graphql-config, which those servers read).
    @TaskLocal package static var graphQLSchema: URL? = nil

    /// The editor command in force for `environment`.
    package static func command(in environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name]?.trimmingWhitespace(), !value.isEmpty { return value }
        }
        return "vi"
    }

    /// Opens `text` (as a `.txt` or `.graphql` file) in the editor and returns what was saved.
    /// Throws when the editor cannot start or exits with a failure; the text is then unchanged.
    package static func edit(
        _ text: String, fileExtension: String = ExternalEditor.fileExtension,
        schema: URL? = ExternalEditor.graphQLSchema,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tern-edit-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
        )
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("body.\(fileExtension)")
        try Data(text.utf8).write(to: file)
        if fileExtension == "graphql", let schema {
            try Data(Self.graphQLConfig(schema: schema, document: file.lastPathComponent).utf8)
                .write(to: directory.appendingPathComponent(".graphqlrc.yml"))
        }

        // The editor command may carry arguments (`code --wait`); the file is passed as "$1". It runs
        // in our process group so that it owns the terminal (see `ForegroundProcess`).
        let status: Int32
        do {
            status = try await ForegroundProcess.run(
                shell: command(in: environment) + " \"$1\"", arguments: [file.path], environment: environment)
        } catch {
            throw Failure(description: "cannot start the editor: \(error)")
        }
        guard status == 0 else {
            throw Failure(
                description:
                    "the editor '\(command(in: environment))' exited with status \(status); the body is unchanged")
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw Failure(description: "the edited file could not be read back; the body is unchanged")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The same, blocking the calling thread until the editor exits: for the TUI's own thread,
    /// which has let go of the terminal meanwhile. (The wait itself happens on a plain thread, so
    /// blocking here cannot starve the task that runs the edit.)
    package static func editBlocking(
        _ text: String, fileExtension: String = ExternalEditor.fileExtension, schema: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> String {
        let done = DispatchSemaphore(value: 0)
        let result = ResultBox()
        Task.detached {
            do {
                result.value = .success(
                    try await edit(text, fileExtension: fileExtension, schema: schema, environment: environment))
            } catch {
                result.value = .failure(error)
            }
            done.signal()
        }
        done.wait()
        return try result.value.get()
    }

    /// The graphql-config file that points a GraphQL language server at `schema` for `document`.
    static func graphQLConfig(schema: URL, document: String) -> String {
        func quoted(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        }
        return "# Written by Tern for this edit: the schema the query is checked against, for completion.\n"
            + "schema: \(quoted(schema.path))\ndocuments: \(quoted(document))\n"
    }

    /// Hands the edit's result from its task to the blocked thread (the semaphore orders the accesses).
    private final class ResultBox: @unchecked Sendable {
        var value: Result<String, any Error> = .failure(Failure(description: "the editor did not run"))
    }
}
