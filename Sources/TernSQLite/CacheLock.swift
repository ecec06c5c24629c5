import Foundation
import Tern

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock(2)` on the cache's folder, held while a process creates, checks and migrates
/// the database, so many first uses at once (20 `tern send` started together) take turns instead
/// of racing to create the tables. The lock goes with the process, even on `kill -9`.
enum CacheLock {
    /// How long an open waits for another process's open to finish before it gives up.
    static let timeout: Duration = .seconds(30)
    /// The pause between two tries.
    private static let pause: useconds_t = 10_000

    /// Runs `body` holding the lock on `folder`.
    static func withLock<T>(on folder: URL, timeout: Duration = timeout, _ body: () throws -> T) throws -> T {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw TernError(
                .storage, "the cache folder '\(folder.path)' cannot be opened: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                throw TernError(
                    .storage, "the cache folder '\(folder.path)' cannot be locked: \(String(cString: strerror(code)))")
            }
            guard clock.now < deadline else {
                throw TernError(
                    .storage,
                    "another process kept the cache '\(folder.path)' locked for \(timeout) while opening it; try again"
                )
            }
            usleep(pause)
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
