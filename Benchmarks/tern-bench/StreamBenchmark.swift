import Foundation
import Tern
import TernExplorer
import TernHTTPClient
import TernMock
import TernScreen
import TernTUI
import TernWorkspace

/// `tern-bench stream`: Server-Sent Events through the library and through the TUI.
///
/// - the library alone: `Handler.stream` over the mock's `/sse` as fast as it writes (events/s);
/// - the TUI: the real runtime (inbox, `App.update`, `App.view`, frame diff into a `MemoryTerminal`)
///   showing a stream paced at 10,000 events/s: how far the pane lags behind the server, and how many
///   frames it draws meanwhile; then the same unpaced, as fast as everything goes.
enum StreamBenchmark {
    static func run(count: Int = 50_000, rate: Int = 10_000) async throws {
        let server = try await MockServer.start()
        defer { Task { try? await server.shutdown() } }
        try await library(server: server, count: count)
        try await tui(server: server, count: count, rate: rate)
        try await tui(server: server, count: count, rate: 0)
    }

    static func library(server: MockServer, count: Int) async throws {
        let handler = Handler(transport: HTTPClientTransport.shared, storage: nil)
        var request = Request(url: server.baseURL.appendingPathComponent("sse"))
        request.appendQuery(["count": .int(count)])
        let start = ContinuousClock.now
        let stream = handler.stream(request)
        var seen = 0
        for try await _ in stream.items { seen += 1 }
        let seconds = (ContinuousClock.now - start).seconds
        print(String(format: "library: %d events in %.2f s: %.0f events/s", seen, seconds, Double(seen) / seconds))
    }

    static func tui(server: MockServer, count: Int, rate: Int) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tern-bench-stream-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try Data("name: Stream bench\ntargets:\n  api:\n    baseURL: \"\(server.baseURL.absoluteString)\"\n".utf8)
            .write(to: root.appendingPathComponent("workspace.yaml"))
        try Data("method: GET\npath: /sse\nquery: { count: \(count), rate: \(rate) }\n".utf8)
            .write(to: root.appendingPathComponent("specs/ticks.yaml"))
        let workspace = try TernWorkspace.Workspace.load(from: root)
        let session = ExplorerSession(workspace: workspace, transport: HTTPClientTransport.shared, storage: nil)
        let result = await UIThread.run { () -> (Double, Double, Int, [Double]) in
            let terminal = MemoryTerminal(size: Size(width: 120, height: 40))
            terminal.keys = Array(":send ticks").map { Key.character($0) } + [.enter]
            let runtime = Runtime(terminal: terminal, session: session)
            var start: ContinuousClock.Instant?
            var lags: [Double] = []
            var allShown: Double?
            let final = runtime.run(shouldStop: {
                let state = runtime.current
                if start == nil, state.responsePane.sending != nil { start = .now }
                if let start, let live = state.responsePane.live, rate > 0 {
                    // How many events the server had written by now, against how many the pane holds.
                    let due = min(Double(count), (ContinuousClock.now - start).seconds * Double(rate))
                    lags.append(max(0, due - Double(live.itemCount)) / Double(rate) * 1000)
                }
                if allShown == nil, let start, state.responsePane.live?.itemCount == count {
                    allShown = (ContinuousClock.now - start).seconds
                }
                return state.responsePane.view?.title == "ticks" && state.responsePane.sending == nil
            })
            _ = final
            let seconds = start.map { (ContinuousClock.now - $0).seconds } ?? 0
            return (seconds, allShown ?? seconds, terminal.presented, lags.sorted())
        }
        let (seconds, shown, frames, lags) = result
        let label = rate > 0 ? "TUI, paced at \(rate) events/s" : "TUI, unpaced"
        var line = String(
            format: "%@: all %d events shown after %.2f s (%.0f events/s), %d frames drawn (%.0f/s); "
                + "the stored stream formatted for the final view after %.2f s", label, count, shown,
            Double(count) / max(shown, 1e-9), frames, Double(frames) / max(shown, 1e-9), seconds)
        if !lags.isEmpty {
            let p50 = lags[lags.count / 2]
            let p99 = lags[min(lags.count - 1, lags.count * 99 / 100)]
            line += String(
                format: "; lag behind the server p50 %.1f ms, p99 %.1f ms, max %.1f ms", p50, p99, lags.last ?? 0)
        }
        print(line)
    }
}
