import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP port on 127.0.0.1 that nothing listens on (found by binding and closing a socket): for
/// tests of a refused connection, and for servers that cannot bind port 0 themselves.
public enum FreePort {
    /// A port that was free a moment ago.
    public static func onLoopback() throws -> Int {
        let (descriptor, port) = try RawSocket.listenOnLoopback(backlog: 1)
        RawSocket(descriptor: descriptor).close()
        return port
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
