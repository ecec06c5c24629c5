import Synchronization
import Testing

@testable import TernTUI

/// The runtime's tasks: kept while they run, let go when they end, cancelled when the TUI quits.
@Suite struct RunningTasksTests {
    @Test func aTaskThatEndedIsNotKept() async {
        let tasks = RunningTasks()
        let ran = Atomic<Int>(0)
        let handles = (0..<100).map { _ in tasks.spawn { ran.add(1, ordering: .relaxed) } }
        for handle in handles { await handle.value }
        #expect(ran.load(ordering: .relaxed) == 100)
        #expect(tasks.count == 0)
    }

    @Test func cancelAllEndsWhatRunsAndWhatComesLater() async {
        let tasks = RunningTasks()
        let sleeper = tasks.spawn { try? await Task.sleep(for: .seconds(600)) }
        let watched = Task.detached { _ = try? await Task.sleep(for: .seconds(600)) }
        tasks.keep(watched)
        #expect(tasks.count == 2)
        tasks.cancelAll()
        await sleeper.value
        await watched.value
        #expect(watched.isCancelled)
        let late = tasks.spawn { try? await Task.sleep(for: .seconds(600)) }
        #expect(late.isCancelled)
        await late.value
    }

    @Test func aKeptTaskLeavesWhenItEnds() async {
        let tasks = RunningTasks()
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let outside = Task.detached { for await _ in stream {} }
        tasks.keep(outside)
        #expect(tasks.count == 1)
        continuation.finish()
        await outside.value
        // The keeper notices the end on its own thread: bounded wait, then the count.
        for _ in 0..<1000 where tasks.count > 0 { try? await Task.sleep(for: .milliseconds(5)) }
        #expect(tasks.count == 0)
    }
}
