import Dispatch
import Foundation
import Synchronization

/// Maps a large array on every core, keeping the order (loading 10,000 specs is CPU-bound in YAML parsing).
enum ParallelMap {
    /// `items.map(transform)`, computed in chunks on all cores; small inputs stay on the calling thread.
    static func map<Item: Sendable, Output: Sendable>(
        _ items: [Item], minimumCount: Int = 64, _ transform: @Sendable (Item) -> Output
    ) -> [Output] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard items.count >= minimumCount, cores > 1 else { return items.map(transform) }
        let chunkCount = min(items.count, cores * 8)
        let chunkSize = (items.count + chunkCount - 1) / chunkCount
        let results = Mutex<[Int: [Output]]>([:])
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let start = chunk * chunkSize
            let end = min(items.count, start + chunkSize)
            guard start < end else { return }
            let outputs = items[start..<end].map(transform)
            results.withLock { $0[chunk] = outputs }
        }
        return results.withLock { chunks in
            (0..<chunkCount).flatMap { chunks[$0] ?? [] }
        }
    }
}
