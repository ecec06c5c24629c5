import Foundation
import Synchronization
import Testing

@testable import TernMock

#if canImport(Glibc)
    import Glibc
#endif

/// Connections that arrive while the server shuts down: each one is accepted, wrapped and then
/// dropped by SwiftNIO unless the server finishes it, and an unfinished one traps the whole process.
@Suite("MockServer: connections arriving during shutdown")
struct MockServerShutdownRaceTests {
    @Test("a flood of connections while the server shuts down is closed, never crashes the process")
    func connectionsDuringShutdown() async throws {
        for _ in 0..<30 {
            let server = try await MockServer.start()
            let flood = ConnectionFlood(port: server.port)
            // The flood is under way (connections accepted, others waiting in the listener's stream)
            // as the shutdown begins.
            for _ in 0..<5_000 where flood.attempts < 20 { try await Task.sleep(for: .milliseconds(1)) }
            try await server.shutdown()
            await flood.stop()
            #expect(server.openConnectionCount == 0)
        }
    }
}

/// Opens TCP connections to a port as fast as it can (non-blocking, at most 500), on a thread of
/// its own, until stopped; then closes them all, so no descriptor outlives the test.
private final class ConnectionFlood: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let started = Atomic<Int>(0)
    private let done = Mutex<CheckedContinuation<Void, Never>?>(nil)
    private let finished = Atomic<Bool>(false)

    init(port: Int) {
        Thread.detachNewThread { [self] in
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
            var descriptors: [Int32] = []
            let flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
            while !stopped.load(ordering: .acquiring), descriptors.count < 500 {
                let descriptor = socket(AF_INET, flags, 0)
                guard descriptor >= 0 else { break }
                _ = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
                descriptors.append(descriptor)
                started.add(1, ordering: .releasing)
            }
            for descriptor in descriptors { close(descriptor) }
            finish()
        }
    }

    /// How many connections were attempted so far.
    var attempts: Int { started.load(ordering: .acquiring) }

    /// Stops the flood and returns once its thread has closed every connection.
    func stop() async {
        stopped.store(true, ordering: .releasing)
        await withCheckedContinuation { continuation in
            let resumeNow = done.withLock { waiting in
                if finished.load(ordering: .acquiring) { return true }
                waiting = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    private func finish() {
        let waiting = done.withLock { waiting in
            finished.store(true, ordering: .releasing)
            defer { waiting = nil }
            return waiting
        }
        waiting?.resume()
    }
}
