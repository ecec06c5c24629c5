import Foundation

/// What `send`, `transfer` and `compare` share: the `tern` to measure, a scratch folder, the
/// benchmark server in a process of its own, and a workspace whose environment points at it.
struct BinaryFixture: Sendable {
    let tern: URL
    let scratch: Workspace
    let server: ServerProcess
    let workspace: BenchTernWorkspace
    let options: BinaryOptions

    /// The file the upload sends (written by the transfers that need it).
    var uploadFile: URL { scratch.uploadFile }

    /// Sets everything up, runs `body`, and takes it all down again (also on SIGINT and SIGTERM).
    static func with<Value>(_ options: BinaryOptions, _ body: (BinaryFixture) throws -> Value) throws -> Value {
        let tern = try Executables.tern(options.tern)
        let scratch = try Workspace()
        defer { scratch.remove() }
        let interruptions = Interruption.install(removing: scratch.directory)
        defer { for interruption in interruptions { interruption.cancel() } }
        let server = try ServerProcess(executable: try Executables.bench())
        defer { server.stop() }
        let workspace = try BenchTernWorkspace(
            in: scratch, base: server.base, downloadBytes: options.downloadSize, uploadFile: scratch.uploadFile)
        note("tern: \(tern.path); server: \(server.base.absoluteString); load average \(LoadAverage.now())")
        let fixture = BinaryFixture(
            tern: tern, scratch: scratch, server: server, workspace: workspace, options: options)
        let result = try body(fixture)
        note("load average now \(LoadAverage.now()) (other work on the machine skews the numbers)")
        return result
    }

    /// `tern` with `arguments`, as the tables name it.
    func ternCommand(
        _ label: String, _ arguments: [String], keepsOutput: Bool = false, environment: [String: String] = [:]
    ) -> TimedCommand {
        TimedCommand(
            label: label, program: tern.path, arguments: arguments, keepsOutput: keepsOutput, environment: environment)
    }

    /// A `HOME` (and XDG folders) in the scratch folder, for `tern get URL`, whose scratch workspace
    /// lives there: the person's own is never touched.
    var scratchHome: [String: String] {
        let home = scratch.directory.appendingPathComponent("home").path
        return [
            "HOME": home, "XDG_DATA_HOME": home + "/.local/share", "XDG_CONFIG_HOME": home + "/.config",
            "XDG_STATE_HOME": home + "/.local/state",
        ]
    }

    /// `curl` with `arguments`.
    func curlCommand(_ label: String, _ arguments: [String], keepsOutput: Bool = false) -> TimedCommand {
        TimedCommand(label: label, program: "curl", arguments: arguments, keepsOutput: keepsOutput)
    }

    /// `http://127.0.0.1:PORT/<path>`.
    func url(_ path: String) -> String {
        server.base.appendingPathComponent(path).absoluteString
    }
}
