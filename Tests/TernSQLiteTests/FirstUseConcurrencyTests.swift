import Foundation
import GRDB
import Synchronization
import Tern
import TernSQLite
import TernTesting
import Testing

@Suite("SQLiteStorage: many processes' first use of a fresh cache at once")
struct FirstUseConcurrencyTests {
    @Test("20 opens of a fresh path at once all succeed and can store, five rounds", .timeLimit(.minutes(3)))
    func concurrentFirstOpens() async throws {
        for round in 0..<5 {
            try await withScratch { scratch in
                let (storages, failures) = await Self.openAtOnce(count: 20, path: scratch.cachePath)
                #expect(failures.isEmpty, "round \(round): \(failures)")
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (index, storage) in storages.enumerated() {
                        group.addTask { try await storage.store(.fixture(key: "k\(index)")) }
                    }
                    try await group.waitForAll()
                }
                let storage = try SQLiteStorage(path: scratch.cachePath)
                #expect(storage.recoveryNotice == nil)
                #expect(try await storage.entries().count == 20)
            }
        }
    }

    @Test("a store waits for another process's write lock held past the old 5 s limit", .timeLimit(.minutes(1)))
    func waitsForALongWriter() async throws {
        try await withScratch { scratch in
            let storage = try SQLiteStorage(path: scratch.cachePath)
            let holder = try DatabaseQueue(path: scratch.cachePath.path)
            let state = Mutex<(held: Bool, released: Bool)>((false, false))
            Thread.detachNewThread {
                try? holder.inTransaction(.immediate) { _ in
                    state.withLock { $0.held = true }
                    Thread.sleep(forTimeInterval: 6)
                    state.withLock { $0.released = true }
                    return .commit
                }
            }
            for _ in 0..<1000 where !state.withLock({ $0.held }) {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(state.withLock { $0.held })
            try await storage.store(.fixture(key: "k"))
            #expect(state.withLock { $0.released }, "the store went through only after the writer let go")
            #expect(try await storage.entry(forKey: "k") != nil)
        }
    }

    /// `openAtOnceBlocking`, waited for on a thread of its own: the opens take seconds on a loaded
    /// machine, and a task waiting for them would hold a thread of the cooperative pool.
    private static func openAtOnce(count: Int, path: URL) async -> (storages: [SQLiteStorage], failures: [String]) {
        await OwnThread.run { openAtOnceBlocking(count: count, path: path) }
    }

    /// Starts `count` threads that wait on one gate, then each open the cache.
    /// Returns the storages opened and the errors; threads still running after 60 s are a failure (a hang).
    private static func openAtOnceBlocking(count: Int, path: URL) -> (storages: [SQLiteStorage], failures: [String]) {
        let failures = Mutex<[String]>([])
        let storages = Mutex<[SQLiteStorage]>([])
        let gate = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                gate.wait()
                do {
                    let storage = try SQLiteStorage(path: path)
                    if let notice = storage.recoveryNotice { throw TernError(.storage, "recovered: \(notice)") }
                    storages.withLock { $0.append(storage) }
                } catch {
                    failures.withLock { $0.append("\(index): \(error)") }
                }
            }
        }
        for _ in 0..<count { gate.signal() }
        if group.wait(timeout: .now() + 60) == .timedOut { return ([], ["the opens did not finish within 60 s"]) }
        return (storages.withLock { $0 }, failures.withLock { $0 })
    }
}
