import Foundation
import Tern
import TernHTTPClient
import TernScreen
import TernTesting
import Testing

@testable import TernExplorer
@testable import TernTUI

/// A streamed body in the TUI: the pane appends events as they arrive, Esc stops the stream and
/// keeps what came, and the stored stream shows as events.
@Suite(.serialized) struct StreamViewTests {
    @Test func streamedItemsAppendLiveAndFollowTheEnd() {
        var state = Fixtures.state()
        state.responsePane.sending = "streams/ticks"
        let items = (1...40).map {
            StreamedItem.event(ServerSentEvent(event: "tick", data: "{\"n\":\($0)}", id: "\($0)"))
        }
        _ = App.update(&state, .streamed(Array(items.prefix(2))))
        var frame = App.view(state)
        #expect(frame.contains("⟳ streaming streams/ticks · 2 events"))
        #expect(frame.contains("event: tick · id: 2"))
        #expect(frame.contains("\"n\": 2"), "JSON data is pretty-printed")
        _ = App.update(&state, .streamed(Array(items.dropFirst(2))))
        frame = App.view(state)
        #expect(frame.contains("40 events"))
        #expect(frame.contains("event: tick · id: 40"), "the view follows the newest event")
        #expect(!frame.contains("event: tick · id: 2 "))
        // Esc stops the stream rather than cancelling the send.
        let effects = App.update(&state, .key(.escape))
        #expect(effects == [.cancelSend])
        #expect(state.status?.text == "stopping streams/ticks's stream…")
        #expect(App.view(state).contains("stopping…"))
    }

    @Test func scrollingUpStopsFollowingUntilTheEnd() {
        var state = Fixtures.state()
        state.focus = .response
        state.responsePane.sending = "streams/feed"
        _ = App.update(&state, .streamed((1...100).map { .line("{\"n\":\($0)}") }))
        let bottom = state.responsePane.scroll
        #expect(bottom > 0)
        press([.character("g")], &state)
        #expect(state.responsePane.live?.following == false)
        _ = App.update(&state, .streamed([.line("{\"n\":101}")]))
        #expect(state.responsePane.scroll == 0, "a reader who scrolled up is not moved")
        #expect(App.view(state).contains("G follows"))
        press([.character("G")], &state)
        #expect(state.responsePane.live?.following == true)
    }

    @Test func aLiveStreamKeepsTheNewestLinesOnly() {
        var stream = LiveStream()
        stream.append((1...(LiveStream.maximumLines)).map { .line("\($0)") })
        #expect(stream.lines.count <= LiveStream.maximumLines)
        #expect(stream.lines.last?.text == "\(LiveStream.maximumLines)")
        #expect(stream.itemCount == LiveStream.maximumLines)
        #expect(stream.droppedLines + stream.lines.count == 2 * LiveStream.maximumLines - 1)
    }

    @Test func theInboxJoinsStreamedItemsIntoOneMessage() {
        let inbox = Inbox()
        inbox.post(.tick(Date()))
        for index in 1...500 { inbox.postStreamed(.line("\(index)")) }
        inbox.post(.sendFailed(ExplorerError(.request, "x")))
        inbox.postStreamed(.line("late"))
        let entries = inbox.drain()
        #expect(entries.count == 4)
        guard case .streamed(let items) = entries[1].msg else {
            Issue.record("the second message is not the batch")
            return
        }
        #expect(items.count == 500)
        #expect(items.last == .line("500"))
    }

    @Test func aStreamArrivesLiveAndEscKeepsWhatCame() async throws {
        let server = try await MockServer.start()
        let root = try temporaryWorkspace([
            "workspace.yaml": "name: Streams\ntargets:\n  api:\n    baseURL: \"{{mock}}\"\n",
            "specs/ticks.yaml": "method: GET\npath: /sse\nquery: { count: 3, interval: 10, hold: 1 }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let session = try RuntimeTests.session(root: root, server: server)
        let frames = await UIThread.run { () -> [String: String] in
            let terminal = MemoryTerminal(size: Size(width: 120, height: 40))
            let runtime = Runtime(terminal: terminal, session: session)
            runtime.start()
            defer { runtime.stop() }
            var frames: [String: String] = [:]
            runtime.waitUntil { $0.snapshot != nil }
            for key in [.character(":")] + typing("send ticks") + [.enter] { runtime.dispatch(.key(key)) }
            runtime.waitUntil { $0.responsePane.live?.itemCount == 3 }
            frames["live"] = terminal.frame?.text
            runtime.dispatch(.key(.escape))
            runtime.waitUntil { $0.responsePane.sending == nil && $0.responsePane.view != nil }
            frames["stopped"] = terminal.frame?.text
            return frames
        }
        try await server.shutdown()
        let live = try #require(frames["live"])
        #expect(live.contains("⟳ streaming ticks · 3 events"))
        #expect(live.contains("\"text\": \"event 3\""))
        let stopped = try #require(frames["stopped"])
        #expect(stopped.contains("200 OK"))
        #expect(stopped.contains("stream stopped"))
        #expect(stopped.contains("Body (events)"))
        #expect(stopped.contains("id: 1"))
    }
}
