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
    /// All three, on `tern` (`--tern PATH`, else the one next to tern-bench).
    static func run(tern given: String?) async throws {
        try DemoWorkspace.check()
        let tern = try Executables.tern(given)
        let scratch = try Workspace()
        defer { scratch.remove() }
        let interruptions = Interruption.install(removing: scratch.directory)
        defer { for interruption in interruptions { interruption.cancel() } }
        try await keystrokes()
        try firstFrame(tern: tern, scratch: scratch)
        try idleMemory(tern: tern, scratch: scratch)
    }

    // MARK: Keystrokes

    static func keystrokes() async throws {
        let body = makeJSON(bytes: 50_000_000)
        let root = DemoWorkspace.root
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
        let milliseconds = Distribution(samples.map { $0 * 1000 })
        print(
            String(
                format:
                    "keystrokes scrolling it (%d keys, 120x40): p50 %.2f ms, p99 %.2f ms, max %.2f ms; %.0f cells "
                    + "written per key",
                keys.count, milliseconds.percentile(0.5), milliseconds.percentile(0.99), milliseconds.worst,
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

    static func firstFrame(tern: URL, scratch: Workspace) throws {
        let frame = try TUIProcess.firstFrame(tern: tern, scratch: scratch)
        print(
            String(
                format:
                    "first complete frame on the demo workspace (10 runs): median %.1f ms from main() (best "
                    + "%.1f); whole run in a pty, start to exit: median %.0f ms",
                frame.fromMain.median, frame.fromMain.best, frame.wholeRun.median
            ))
    }

    static func idleMemory(tern: URL, scratch: Workspace) throws {
        let status = try TUIProcess.idleMemory(tern: tern, scratch: scratch)
        func mebibytes(_ kibibytes: Int) -> Double { Double(kibibytes) / 1024 }
        print(
            String(
                format:
                    "idle memory after the first frame: RSS %.1f MiB (anonymous %.1f MiB, file-backed %.1f MiB), "
                    + "peak %.1f MiB",
                mebibytes(status.resident), mebibytes(status.anonymous), mebibytes(status.file),
                mebibytes(status.highWater)
            ))
    }
}
