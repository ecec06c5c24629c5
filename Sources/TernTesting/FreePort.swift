import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP port on 127.0.0.1 that nothing listens on (found by binding and closing a socket): for
/// tests of a refused connection, and for servers started as child processes, which bind it a moment later.
///
/// The ports come from 10000–19999, each handed out once per test process: below the kernel's ephemeral
/// range (32768–60999 here), which in-process servers bound to port 0 and every outgoing connection take,
/// and below the embedded mock's usual ports (20000–39999). A port picked from the ephemeral range could be
/// taken by another test's server between the pick and the child's bind; the child then failed to bind
/// and the test talked to the other server.
public enum FreePort {
    private static let range = 10_000..<20_000
    /// The next port to try, starting at a place of this process's own.
    private static let next = Mutex(10_000 + Int(getpid()) * 7_919 % 10_000)

    /// A port that was free a moment ago and that no other caller in this process was given.
    public static func onLoopback() throws -> Int {
        for _ in range {
            let port = next.withLock { next in
                defer { next = next + 1 < range.upperBound ? next + 1 : range.lowerBound }
                return next
            }
            guard let (descriptor, bound) = try? RawSocket.listenOnLoopback(backlog: 1, port: port) else { continue }
            RawSocket(descriptor: descriptor).close()
            return bound
        }
        throw UnresponsiveListener.Failure("no port of 127.0.0.1:\(range.lowerBound)–\(range.upperBound - 1) is free")
    }

    /// Waits up to `seconds` (polling every 100 ms, without holding a thread) until something
    /// accepts connections on 127.0.0.1:`port`; whether it did.
    public static func waitUntilListening(_ port: Int, seconds: Int = 15) async -> Bool {
        for _ in 0..<(seconds * 10) {
            if TinyProxy.accepts(port: port) { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }
}
