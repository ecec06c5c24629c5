import Foundation

/// A dedicated thread for the TUI: ncurses is not thread-safe, and blocking key reads (and a
/// blocked `$EDITOR`) must stay off Swift's cooperative pool.
package enum UIThread {
    /// Runs `body` on a new thread with a large stack and returns its result.
    package static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: body())
            }
            thread.name = "tern-ui"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
