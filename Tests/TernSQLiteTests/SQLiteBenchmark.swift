import Foundation
import HTTPTypes
import Tern
import TernSQLite
import TernTesting
import Testing

/// Timings printed by hand, never asserted: `TERN_BENCH=1 swift test -c release --filter SQLiteBenchmark`.
@Suite("SQLiteStorage benchmark (TERN_BENCH=1)", .serialized)
struct SQLiteBenchmark {
    static let enabled = ProcessInfo.processInfo.environment["TERN_BENCH"] == "1"
    static let bodySize = 10 * 1024

    @Test("entry(forKey:) p50/p99 over 10,000 lookups in 1,000 entries of 10 KB", .enabled(if: enabled))
    func lookups() async throws {
        try await withScratch { scratch in
            let opening = ContinuousClock.now
            let storage = try SQLiteStorage(path: scratch.cachePath)
            let openTime = ContinuousClock.now - opening
            let body = Data(repeating: 0x61, count: Self.bodySize)
            let filling = ContinuousClock.now
            for index in 0..<1_000 {
                var entry = StoredResponse.fixture(key: "GET http://127.0.0.1:1/items/\(index)")
                entry.body = body
                try await storage.store(entry)
            }
            let fillTime = ContinuousClock.now - filling
            var generator = SplitMix(seed: 42)
            var samples: [Duration] = []
            samples.reserveCapacity(10_000)
            let started = ContinuousClock.now
            for _ in 0..<10_000 {
                let key = "GET http://127.0.0.1:1/items/\(generator.next() % 1_000)"
                let start = ContinuousClock.now
                let entry = try await storage.entry(forKey: key)
                samples.append(ContinuousClock.now - start)
                #expect(entry?.body.count == Self.bodySize)
            }
            let total = ContinuousClock.now - started
            let reopening = ContinuousClock.now
            _ = try SQLiteStorage(path: scratch.cachePath)
            let reopenTime = ContinuousClock.now - reopening
            print(
                "[bench] open \(ms(openTime)) ms, 1,000 stores \(ms(fillTime)) ms, reopen (11 MB) \(ms(reopenTime)) ms"
            )
            report("entry(forKey:)", samples: samples, total: total)
        }
    }

    @Test("cache-mode replays of a 10 KB response through Handler", .enabled(if: enabled))
    func cacheReplays() async throws {
        try await withScratch { scratch in
            let body = String(repeating: "b", count: Self.bodySize)
            let transport = InMemoryTransport.status(200, body: body, headers: [.contentType: "text/plain"])
            let storage = try SQLiteStorage(path: scratch.cachePath)
            let request = Request(url: try #require(URL(string: "http://127.0.0.1:1/bench")))
            _ = try await Handler(transport: transport, storage: storage).send(request)
            let handler = Handler(transport: transport, storage: storage, mode: .cache)
            var samples: [Duration] = []
            samples.reserveCapacity(10_000)
            let started = ContinuousClock.now
            for _ in 0..<10_000 {
                let start = ContinuousClock.now
                let response = try await handler.send(request)
                samples.append(ContinuousClock.now - start)
                #expect(response.body.count == Self.bodySize)
            }
            let total = ContinuousClock.now - started
            #expect(transport.requestCount == 1)
            report("Handler .cache replay", samples: samples, total: total)
        }
    }

    private func report(_ name: String, samples: [Duration], total: Duration) {
        let sorted = samples.sorted()
        let p50 = sorted[sorted.count / 2]
        let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
        let seconds = Double(total.components.seconds) + Double(total.components.attoseconds) / 1e18
        let rate = Int(Double(samples.count) / seconds)
        print("[bench] \(name): p50 \(us(p50)) µs, p99 \(us(p99)) µs, \(rate)/s over \(samples.count) calls")
    }

    private func us(_ duration: Duration) -> String {
        String(
            format: "%.1f", Double(duration.components.attoseconds) / 1e12 + Double(duration.components.seconds) * 1e6)
    }

    private func ms(_ duration: Duration) -> String {
        String(
            format: "%.1f", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1e3)
    }
}

/// A deterministic generator, so every run looks up the same keys.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
