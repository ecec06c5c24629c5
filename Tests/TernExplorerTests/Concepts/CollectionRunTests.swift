import Foundation
import Tern
import TernTesting
import Testing

@testable import TernExplorer

/// The collection run on its own, through `runEvents`: the order of its events, repetitions, delay and bail,
/// a data file's rows, a run that cannot start, and a cancelled run that still reports what ran.
@Suite struct CollectionRunTests {
    private static let specs = [
        "a-ok.yaml": "target: api\nmethod: GET\npath: /status/200\n",
        "b-missing.yaml": "target: api\nmethod: GET\npath: /status/404\n",
        "c-ok.yaml": "target: api\nmethod: GET\npath: /status/204\n",
    ]

    /// Every event of a run of `target`, in order.
    private func events(_ target: RunTarget, specs: [String: String] = specs) async throws -> [RunEvent] {
        let server = try await MockServer.start()
        defer { Task { try? await server.shutdown() } }
        return try await withFolder { folder in
            let session = try ChainWorkspace.make(in: folder, specs: specs).session(server: server, mode: .live)
            var seen: [RunEvent] = []
            for await event in await session.runEvents(target) { seen.append(event) }
            return seen
        }
    }

    private func summary(_ events: [RunEvent]) -> RunSummary? {
        for case .finished(let summary) in events { return summary }
        return nil
    }

    @Test func eventsComeInOrderAndEachSpecIsJudged() async throws {
        let events = try await events(RunTarget())
        guard case .started(let order, let data) = events.first else {
            Issue.record("the first event is not .started: \(events)")
            return
        }
        #expect(order == ["a-ok", "b-missing", "c-ok"])
        #expect(data == nil)
        let progress = events.compactMap {
            if case .progress(let done, let total, _) = $0 { (done, total) } else { nil }
        }
        #expect(progress.map(\.0) == [0, 1, 2] && progress.allSatisfy { $0.1 == 3 })
        let results = events.compactMap {
            if case .result(let result, let response) = $0 { (result, response) } else { nil }
        }
        #expect(results.map(\.0.outcome) == [.passed, .failed, .passed], "a 404 without expect.status fails")
        #expect(results.allSatisfy { $0.1 != nil }, "each answered spec comes with its response")
        guard case .finished(let summary) = events.last else {
            Issue.record("the last event is not .finished")
            return
        }
        #expect(summary.results.count == 3)
    }

    @Test func repetitionsRunTheWholeCollectionAgainAndBailStopsAtTheFirstFailure() async throws {
        let twice = try await events(RunTarget(["a-ok", "c-ok"], repetitions: 2))
        #expect(summary(twice)?.results.map(\.id) == ["a-ok", "c-ok", "a-ok", "c-ok"])
        let bailed = try await events(RunTarget(bail: true))
        #expect(summary(bailed)?.results.map(\.id) == ["a-ok", "b-missing"])
    }

    @Test func aDataFileRunsTheCollectionOncePerRowWithItsFields() async throws {
        let specs = ["u.yaml": "target: api\nmethod: GET\npath: /status/{{code}}\n"]
        try await withFolder { folder in
            let file = try folder.file("rows.csv", Data("name,code\nok,200\ngone,410\n".utf8))
            let events = try await events(RunTarget(["u"], data: file.path), specs: specs)
            let results = summary(events)?.results ?? []
            #expect(results.map(\.status) == [200, 410])
            #expect(results.map { $0.row?.label } == ["ok", "gone"])
        }
    }

    @Test func aRunThatCannotStartSaysWhyAndNothingElse() async throws {
        let events = try await events(RunTarget(["no-such-spec"]))
        #expect(events.count == 1)
        guard case .failed(let error) = events.first else {
            Issue.record("expected .failed, got \(events)")
            return
        }
        #expect(error.message.contains("no-such-spec"))
    }

    @Test func aCancelledRunStopsAfterTheSpecBeingSentAndStillFinishes() async throws {
        let specs = ["a-0-slow.yaml": "target: api\nmethod: GET\npath: /delay/5000\n"] + Self.specs
        let server = try await MockServer.start()
        defer { Task { try? await server.shutdown() } }
        try await withFolder { folder in
            let session = try ChainWorkspace.make(in: folder, specs: specs).session(server: server, mode: .live)
            let run = await session.runEvents(RunTarget())
            var seen: [RunEvent] = []
            for await event in run {
                seen.append(event)
                if case .progress(_, _, "a-0-slow") = event {
                    try await Task.sleep(for: .milliseconds(100))
                    run.cancel()
                }
            }
            let results = summary(seen)?.results ?? []
            #expect(results.map(\.id) == ["a-0-slow"], "the run stops after the spec it was sending")
            #expect(results.first?.outcome == .errored)
            #expect(
                !seen.contains { if case .failed = $0 { true } else { false } },
                "the answers held back are written though the run was cancelled")
        }
    }
}

extension Dictionary where Key == String, Value == String {
    fileprivate static func + (left: Self, right: Self) -> Self { left.merging(right) { $1 } }
}
