import Foundation

/// Blocking work (a file tree copied, a blocking read, a process waited for) run on a thread of its
/// own and awaited, so that the awaiting task never holds one of Swift concurrency's cooperative
/// threads: two on a 2-core machine, shared by every test, the in-process mock server and the code
/// under test.
public enum OwnThread {
    /// Runs `work` on a new thread and returns its result.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }

    /// Runs throwing `work` on a new thread and returns its result or throws its error.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }
}
