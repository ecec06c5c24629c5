import Foundation
import Tern

/// `tern-bench` with no subcommand: starts the server, runs every scenario in a child of its
/// own (curl included) and prints the table. It builds nothing and measures only the children.
struct Orchestrator {
    let options: BenchOptions

    init(_ options: BenchOptions) {
        self.options = options
    }

    func run() throws -> Int32 {
        let executable = try Executables.bench()
        let workspace = try Workspace()
        defer { workspace.remove() }
        let interruptions = Interruption.install(removing: workspace.directory)
        defer { for interruption in interruptions { interruption.cancel() } }
        let server = try ServerProcess(executable: executable)
        defer { server.stop() }
        note(
            "server: \(server.base.absoluteString) (pid \(server.child.pid)); size \(ByteSize.format(options.size)); "
                + "\(options.gets) GETs per client; best of \(options.repeats); time limit "
                + "\(Int(options.timeout.seconds)) s; "
                + "load average \(LoadAverage.now())")
        if options.scenarios.contains(where: { $0.group == .upload }) {
            note("writing the \(ByteSize.format(options.size)) upload file")
            try writePatternFile(workspace.uploadFile, bytes: options.size)
        }
        let launcher = ScenarioLauncher(
            executable: executable, base: server.base, options: options, workspace: workspace
        )
        var rows: [ResultRow] = []
        for scenario in options.scenarios {
            let runs = (1...options.repeats).map { index in
                let outcome = launcher.run(scenario)
                note("\(scenario.rawValue) \(index)/\(options.repeats): \(outcome.summary)")
                return outcome
            }
            rows += ResultRow.best(of: runs, scenario: scenario)
        }
        note("load average now \(LoadAverage.now()) (other work on the machine skews the numbers)")
        let table = ResultTable(rows: rows, options: options)
        print(table.text)
        if options.markdown {
            print("")
            print(table.markdown)
        }
        return rows.contains { !$0.isSuccess } ? 1 : 0
    }
}

/// Progress for the person watching, on standard error (standard output is the table).
func note(_ text: String) {
    FileHandle.standardError.write(Data("tern-bench: \(text)\n".utf8))
}

/// The temporary directory of one orchestrator run: the upload file, downloads, child output.
struct Workspace: Sendable {
    let directory: URL

    init() throws {
        var template = Array(
            FileManager.default.temporaryDirectory.appendingPathComponent("tern-bench-XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else { throw BenchError.spawn("cannot make a temporary directory") }
        directory = URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }

    /// The file every upload scenario sends.
    var uploadFile: URL { directory.appendingPathComponent("upload.bin") }

    /// A path inside the workspace.
    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// Deletes the directory and everything in it.
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
