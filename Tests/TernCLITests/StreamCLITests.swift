import Foundation
import TernTesting
import Testing

/// `tern send` on a streamed body: one line per event as it arrives, `--events json` marking each,
/// and the stored stream replayed in cache mode; `tern repl` prints the events, then the status.
@Suite("Streams on the command line")
struct StreamCLITests {
    @Test("SSE events print in the event-stream form, one block each; cache mode replays the same lines")
    func serverSentEvents() async throws {
        try await withDemo { demo in
            let live = try await Tern.run(demo.arguments("send", "streams/ticks", "--query", "interval=0"))
            #expect(live.status == 0, "\(live.stderr)")
            let blocks = live.stdout.components(separatedBy: "\n\n").filter { !$0.isEmpty }
            #expect(
                blocks
                    == (1...10).map {
                        "event: tick\nid: \($0)\ndata: " + #"{"n":\#($0),"of":10,"text":"event \#($0)"}"#
                    })
            let replay = try await Tern.run(
                demo.arguments("send", "streams/ticks", "--query", "interval=0", "--mode", "cache"))
            #expect(replay.status == 0, "\(replay.stderr)")
            #expect(replay.stdout == live.stdout)
            #expect(replay.stderr.contains("from CACHE"))
        }
    }

    @Test("--events json writes each item as a JSON object on stdout, the handler's events on stderr")
    func eventsJSON() async throws {
        try await withDemo { demo in
            let run = try await Tern.run(
                demo.arguments(
                    "send", "streams/ticks", "--query", "interval=0", "--query", "count=2", "--events", "json"))
            #expect(run.status == 0, "\(run.stderr)")
            let objects = try run.stdout.split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            #expect(objects.count == 2)
            #expect(objects.first?["event"] as? String == "item")
            #expect(objects.first?["format"] as? String == "sse")
            #expect(objects.first?["name"] as? String == "tick")
            #expect(objects.last?["id"] as? String == "2")
            #expect((objects.last?["data"] as? [String: Any])?["n"] as? Int == 2, "JSON data is embedded as JSON")
            #expect(run.stderr.contains(#""event":"attempt""#))
        }
    }

    @Test("the REPL prints each JSON line, then the status line and the checks")
    func repl() async throws {
        try await withDemo { demo in
            let run = try await Tern.run(demo.arguments("repl"), input: "send streams/feed\n")
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.prefix(10) == ArraySlice((1...10).map { #"{"n":\#($0),"of":10,"text":"event \#($0)"}"# }))
            #expect(lines.dropFirst(10).first?.hasPrefix("200 OK · LIVE") == true)
        }
    }

    @Test("a stream the server ends reconnects with Last-Event-ID, says so on stderr, and obeys stream: limits")
    func reconnects() async throws {
        try await withDemo { demo in
            let query = "query: { count: 6, chunk: 2, retry: 10 }\n"
            try demo.write(
                "specs/streams/chunks.yaml", "name: Chunks\ntarget: api\nmethod: GET\npath: /sse\n" + query)
            try demo.write(
                "specs/streams/two.yaml",
                "name: Two\ntarget: api\nmethod: GET\npath: /sse\n" + query + "stream: { max: 1 }\n")
            try demo.write(
                "specs/streams/once.yaml",
                "name: Once\ntarget: api\nmethod: GET\npath: /sse\n" + query + "stream: { reconnect: false }\n")
            func ids(_ result: RunResult) -> [String] {
                result.stdout.split(separator: "\n").filter { $0.hasPrefix("id: ") }.map { String($0.dropFirst(4)) }
            }
            let all = try await Tern.run(demo.arguments("send", "streams/chunks", "--mode", "live"))
            #expect(all.status == 0, "\(all.stderr)")
            #expect(ids(all) == ["1", "2", "3", "4", "5", "6"], "\(all.stdout)")
            #expect(all.stderr.contains("reconnecting in 10 ms with Last-Event-ID 2"), "\(all.stderr)")
            let two = try await Tern.run(demo.arguments("send", "streams/two", "--mode", "live"))
            #expect(ids(two) == ["1", "2", "3", "4"], "\(two.stdout)")
            let once = try await Tern.run(demo.arguments("send", "streams/once", "--mode", "live", "--events", "json"))
            #expect(!once.stderr.contains(#""event":"reconnect""#), "\(once.stderr)")
            #expect(once.stdout.split(separator: "\n").count == 2, "\(once.stdout)")
        }
    }
}
