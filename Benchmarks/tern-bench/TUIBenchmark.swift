import Foundation
import HTTPTypes
import Tern
import TernExplorer
import TernScreen
import TernTUI
import TernWorkspace

#if canImport(Glibc)
    import Glibc
#endif

/// `tern-bench tui`: issue 5's numbers.
///
/// - time per keystroke while scrolling a 50 MB JSON response (update + view + frame diff, the
///   work the runtime does per key; ncurses then writes the few changed cells);
/// - time from process start to the first complete frame of `tern` on the demo workspace, in a
///   pseudo-terminal (`script`), as `tern` reports it and as the whole run takes from outside;
/// - the idle memory of `tern` once its first frame is up.
enum TUIBenchmark {
    static func run() async throws {
        try await keystrokes()
        try firstFrame()
        try idleMemory()
    }

    // MARK: Keystrokes

    static func keystrokes() async throws {
        let body = makeJSON(bytes: 50_000_000)
        let root = demoWorkspace()
        let workspace = try TernWorkspace.Workspace.load(from: root)
        let session = ExplorerSession(workspace: workspace, transport: NoNetwork(), storage: nil)
        _ = try await session.run(Command.use("users/get-user"))
        let snapshot = await session.snapshot()

        let formatStart = ContinuousClock.now
        let response = Response(
            status: .ok, headers: [.contentType: "application/json"], body: body,
            request: Request(url: URL(string: "http://127.0.0.1/big.json") ?? root)
        )
        let view = ResponseView.make(response, title: "big.json")
        let formatSeconds = (ContinuousClock.now - formatStart).seconds
        print(
            String(
                format: "formatting a %.1f MB JSON body (off the UI task): %.2f s, %d lines", Double(body.count) / 1e6,
                formatSeconds, view.body.lineCount))

        var state = AppState(size: Size(width: 120, height: 40))
        _ = App.update(&state, .snapshot(snapshot))
        _ = App.update(&state, .responseReady(view))
        _ = App.update(&state, .key(.character("3")))
        let terminal = MemoryTerminal(size: state.size)
        terminal.present(App.view(state))
        var keys: [Key] = Array(repeating: .character("j"), count: 1_000)
        keys +=
            Array(repeating: .pageDown, count: 500) + [.character("G")] + Array(repeating: .character("k"), count: 500)
        keys += Array(repeating: .pageUp, count: 500) + [.character("g"), .character("]"), .character("[")]
        var samples: [Double] = []
        samples.reserveCapacity(keys.count)
        var cells = 0
        for key in keys {
            let start = ContinuousClock.now
            _ = App.update(&state, .key(key))
            cells += terminal.present(App.view(state))
            samples.append((ContinuousClock.now - start).seconds)
        }
        samples.sort()
        func percentile(_ p: Double) -> Double {
            samples[min(samples.count - 1, Int(Double(samples.count) * p))] * 1000
        }
        print(
            String(
                format:
                    "keystrokes scrolling it (%d keys, 120x40): p50 %.2f ms, p99 %.2f ms, max %.2f ms; %.0f cells "
                    + "written per key",
                keys.count, percentile(0.5), percentile(0.99), (samples.last ?? 0) * 1000,
                Double(cells) / Double(keys.count)
            ))
    }

    /// A JSON array of user-like objects, about `bytes` long, compact (as APIs send it).
    static func makeJSON(bytes: Int) -> Data {
        var text = "["
        text.reserveCapacity(bytes + 200)
        var index = 0
        while text.utf8.count < bytes {
            if index > 0 { text += "," }
            text += #"{"id":\#(index),"name":"User \#(index)","email":"user\#(index)@example.com","#
            text += #""tags":["a","b","c"],"active":\#(index % 2 == 0),"score":\#(Double(index) / 7)}"#
            index += 1
        }
        text += "]"
        return Data(text.utf8)
    }

    // MARK: The real binary

    static func demoWorkspace() -> URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("workspaces/demo")
    }

    /// `tern` next to this executable (`make bench` builds both).
    static func ternBinary() throws -> URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
            .appendingPathComponent("tern")
        guard FileManager.default.isExecutableFile(atPath: beside.path) else {
            throw BenchError.usage("build tern next to tern-bench first: swift build -c release --product tern")
        }
        return beside
    }

    /// A copy of the demo workspace (so the benchmark never touches the real one's cache).
    static func copyOfDemo() throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("tern-bench-tui-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: demoWorkspace(), to: copy)
        try? FileManager.default.removeItem(at: copy.appendingPathComponent(".tern"))
        return copy
    }

    /// Runs `command` in a pseudo-terminal through `script`.
    static func pty(_ command: String) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        environment["COLUMNS"] = "120"
        environment["LINES"] = "40"
        process.environment = environment
        process.standardInput = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return process
    }

    static func firstFrame() throws {
        let tern = try ternBinary()
        let workspace = try copyOfDemo()
        defer { try? FileManager.default.removeItem(at: workspace) }
        let report = workspace.appendingPathComponent("first-frame.txt")
        var inside: [Double] = []
        var outside: [Double] = []
        for run in 0..<11 {
            let process = pty(
                "stty rows 40 cols 120; '\(tern.path)' --workspace '\(workspace.path)' --exit-after-first-frame "
                    + "2>'\(report.path)'"
            )
            let start = ContinuousClock.now
            try process.run()
            process.waitUntilExit()
            let wall = (ContinuousClock.now - start).seconds * 1000
            let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("first-frame-ms ") }),
                let value = Double(line.dropFirst("first-frame-ms ".count))
            else {
                throw BenchError.usage("tern did not report its first frame: \(text)")
            }
            if run == 0 { continue }  // the first run warms the file cache
            inside.append(value)
            outside.append(wall)
        }
        inside.sort()
        outside.sort()
        print(
            String(
                format:
                    "first complete frame on the demo workspace (10 runs): median %.1f ms from main() (best "
                    + "%.1f); whole run in a pty, start to exit: median %.0f ms",
                inside[inside.count / 2], inside[0], outside[outside.count / 2]
            ))
    }

    static func idleMemory() throws {
        let tern = try ternBinary()
        let workspace = try copyOfDemo()
        defer { try? FileManager.default.removeItem(at: workspace) }
        let process = pty("stty rows 40 cols 120; exec '\(tern.path)' --workspace '\(workspace.path)'")
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
        }
        var pid: Int32?
        let deadline = Date().addingTimeInterval(20)
        while pid == nil, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            pid = findProcess(commandContaining: workspace.path)
        }
        guard let pid else { throw BenchError.usage("tern did not start") }
        Thread.sleep(forTimeInterval: 2)  // past the first frame and the first cache listing
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Double {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 / 1024 } ?? 0
        }
        print(
            String(
                format:
                    "idle memory after the first frame: RSS %.1f MiB (anonymous %.1f MiB, file-backed %.1f MiB), "
                    + "peak %.1f MiB",
                field("VmRSS"), field("RssAnon"), field("RssFile"), field("VmHWM")
            ))
        kill(pid, SIGTERM)
        process.waitUntilExit()
    }

    /// The pid of the `tern` process whose command line mentions `text`.
    static func findProcess(commandContaining text: String) -> Int32? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = Int32(entry),
                let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { continue }
            let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if words.first?.hasSuffix("/tern") == true, words.contains(where: { $0.contains(text) }) { return pid }
        }
        return nil
    }
}
