import Foundation

/// Edits text in the user's editor (`$VISUAL`, else `$EDITOR`, else `vi`): writes it to a private
/// temporary file, runs the editor on the controlling terminal and reads the file back. The REPL
/// passes it as the session's `editor`; the TUI wraps it so ncurses lets go of the terminal first.
public enum ExternalEditor {
    /// Why an edit did not happen.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// The editor command in force for `environment`.
    public static func command(in environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return value }
        }
        return "vi"
    }

    /// Opens `text` (as a `.json` or `.txt` file) in the editor and returns what was saved.
    /// Throws when the editor cannot start or exits with a failure; the text is then unchanged.
    public static func edit(
        _ text: String, fileExtension: String = "txt",
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws -> String {
        let file = try EditedFile(text, fileExtension: fileExtension)
        defer { file.remove() }
        let process = file.process(environment: environment)
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: Failure(description: "cannot start the editor: \(error)"))
            }
        }
        return try file.result(status: status, environment: environment)
    }

    /// The same, blocking the calling thread until the editor exits: for the TUI's own thread,
    /// which has let go of the terminal meanwhile.
    public static func editBlocking(
        _ text: String, fileExtension: String = "txt",
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> String {
        let file = try EditedFile(text, fileExtension: fileExtension)
        defer { file.remove() }
        let process = file.process(environment: environment)
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot start the editor: \(error)")
        }
        process.waitUntilExit()
        return try file.result(status: process.terminationStatus, environment: environment)
    }

    /// The private temporary file an edit goes through.
    private struct EditedFile {
        let directory: URL
        let file: URL

        init(_ text: String, fileExtension: String) throws {
            directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("tern-edit-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
            file = directory.appendingPathComponent("body.\(fileExtension)")
            try Data(text.utf8).write(to: file)
        }

        /// The editor command may carry arguments (`code --wait`); the file is passed as "$1".
        func process(environment: [String: String]) -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command(in: environment) + " \"$1\"", "tern-editor", file.path]
            process.environment = environment
            return process
        }

        func result(status: Int32, environment: [String: String]) throws -> String {
            guard status == 0 else {
                throw Failure(description: "the editor '\(command(in: environment))' exited with status \(status); the body is unchanged")
            }
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw Failure(description: "the edited file could not be read back; the body is unchanged")
            }
            return String(decoding: data, as: UTF8.self)
        }

        func remove() {
            try? FileManager.default.removeItem(at: directory)
        }
    }
}
