import Foundation
import Tern

/// The real `tern` TUI on a copy of the demo workspace, in a pseudo-terminal: its first complete
/// frame and its idle memory.
enum TUIProcess {
    /// How long `tern --exit-after-first-frame` took, over several runs.
    struct FirstFrame: Sendable {
        /// From `main()` to the first frame that shows the loaded workspace, as `tern` reports it, in ms.
        var fromMain: Distribution
        /// The whole run in the pty (`script`, `sh`, `tern`), spawn to exit, in ms.
        var wholeRun: Distribution
    }

    /// `runs` runs of `tern --exit-after-first-frame` after one that warms the file cache.
    static func firstFrame(tern: URL, scratch: Workspace, runs: Int = 10, workspace given: URL? = nil) throws
        -> FirstFrame
    {
        let workspace = try given ?? DemoWorkspace.copy(into: scratch.directory)
        defer { if given == nil { try? FileManager.default.removeItem(at: workspace) } }
        let report = scratch.file("first-frame.txt")
        defer { try? FileManager.default.removeItem(at: report) }
        var fromMain: [Double] = []
        var wholeRun: [Double] = []
        for run in 0...runs {
            let start = ContinuousClock.now
            let terminal = try PseudoTerminal(
                "\(PseudoTerminal.quoted(tern.path)) --workspace \(PseudoTerminal.quoted(workspace.path)) "
                    + "--exit-after-first-frame 2>\(PseudoTerminal.quoted(report.path))")
            let exit = terminal.wait(timeout: .seconds(30))
            let wall = (ContinuousClock.now - start).seconds * 1000
            guard exit.ending == .exited(0) else { throw BenchError.scenario("tern in a pty ended: \(exit.ending)") }
            let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("first-frame-ms ") }),
                let value = Double(line.dropFirst("first-frame-ms ".count))
            else {
                throw BenchError.scenario("tern did not report its first frame: \(text.prefix(300))")
            }
            if run == 0 { continue }  // the first run warms the file cache
            fromMain.append(value)
            wholeRun.append(wall)
        }
        return FirstFrame(fromMain: Distribution(fromMain), wholeRun: Distribution(wholeRun))
    }

    /// `/proc/PID/status` of `tern` two seconds after it started (past its first frame and the first
    /// cache listing), sitting idle in a pty.
    static func idleMemory(tern: URL, scratch: Workspace, workspace given: URL? = nil) throws -> PeakMemory.Status {
        let workspace = try given ?? DemoWorkspace.copy(into: scratch.directory)
        defer { if given == nil { try? FileManager.default.removeItem(at: workspace) } }
        let terminal = try PseudoTerminal(
            "exec \(PseudoTerminal.quoted(tern.path)) --workspace \(PseudoTerminal.quoted(workspace.path))")
        var found: pid_t?
        defer {
            if let found { kill(found, SIGTERM) }
            _ = terminal.wait(timeout: .seconds(10))
        }
        let deadline = ContinuousClock.now + .seconds(20)
        while found == nil, ContinuousClock.now < deadline {
            usleep(100_000)
            found = findProcess(tern, commandContaining: workspace.path)
        }
        guard let pid = found else { throw BenchError.scenario("tern did not start in the pty") }
        usleep(2_000_000)
        guard let status = PeakMemory.status(of: pid) else {
            throw BenchError.scenario("tern ended before its idle memory was read")
        }
        return status
    }

    /// The pid of the process running `tern` whose command line mentions `text`.
    private static func findProcess(_ tern: URL, commandContaining text: String) -> pid_t? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry),
                let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { continue }
            let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if words.first == tern.path, words.contains(where: { $0.contains(text) }) { return pid }
        }
        return nil
    }
}
