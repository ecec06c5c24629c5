import Foundation
import TernTesting
import Testing

@testable import Tern

@Suite struct ThreadResultTests {
    @Test("every task awaiting the result gets it, whether it asked before or after the work finished")
    func manyWaiters() async {
        let gate = DispatchSemaphore(value: 0)
        let result = ThreadResult { () -> Int in
            gate.wait()
            return 42
        }
        let early = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<20 { group.addTask { await result.value } }
            // Let every task start waiting before the work may finish.
            try? await Task.sleep(for: .milliseconds(50))
            gate.signal()
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(early == Array(repeating: 42, count: 20))
        #expect(await result.value == 42)
        #expect(result.wait() == 42)
    }

    @Test("a thread can block on the result while tasks await it")
    func blockingWait() async {
        let result = ThreadResult { () -> String in
            usleep(20_000)
            return "done"
        }
        async let awaited = result.value
        // The blocking wait runs on a thread of its own: a task would hold one of the cooperative pool's.
        let blocked = await OwnThread.run { result.wait() }
        #expect(blocked == "done")
        #expect(await awaited == "done")
    }
}
