import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A raw TCP connection to 127.0.0.1, for tests of how a server treats misbehaving clients
/// (a slowloris head sent a byte at a time, idle connections, connection floods).
///
/// The waiting calls are `async` and block a thread of their own, never one of the
/// cooperative pool (which the in-process mock server needs to answer).
public final class RawClient: Sendable {
    private let socket: RawSocket

    /// Connects to `port` on 127.0.0.1 (blocking, bounded by the kernel's connect timeout).
    public init(port: Int) throws {
        let descriptor = makeSocket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw UnresponsiveListener.Failure("socket() failed: \(errno)") }
        var address = RawSocket.loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            _ = close(descriptor)
            throw UnresponsiveListener.Failure("connect() failed: \(errno)")
        }
        socket = RawSocket(descriptor: descriptor)
        socket.makeNonBlocking()
    }

    deinit {
        socket.close()
    }

    /// Sends `text`; false when the server closed the connection (or 5 s passed).
    @discardableResult
    public func send(_ text: String) async -> Bool {
        let socket = socket
        return await OwnThread.run { socket.send(text, until: .now + .seconds(5), stop: { false }) }
    }

    /// Sends `bytes`; false when the server closed the connection (or 5 s passed).
    @discardableResult
    public func send(bytes: [UInt8]) async -> Bool {
        let socket = socket
        return await OwnThread.run { socket.send(Data(bytes), until: .now + .seconds(5), stop: { false }) }
    }

    /// Reads whatever arrives within `duration` (at most 1 MiB), as text; stops early at a close.
    public func read(for duration: Duration) async -> String {
        let socket = socket
        return await OwnThread.run { Self.read(socket, for: duration) }
    }

    private static func read(_ socket: RawSocket, for duration: Duration) -> String {
        let deadline = ContinuousClock.now + duration
        var received = Data()
        while ContinuousClock.now < deadline, received.count < 1 << 20 {
            guard let chunk = socket.receive(limit: 64 * 1024, until: deadline, stop: { false }) else { break }
            received.append(chunk)
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Reads until the text received contains `marker` (or the server closes, or `duration`
    /// passes), at most 1 MiB.
    public func read(until marker: String, within duration: Duration) async -> String {
        let socket = socket
        return await OwnThread.run {
            let deadline = ContinuousClock.now + duration
            var received = Data()
            let wanted = Data(marker.utf8)
            while ContinuousClock.now < deadline, received.count < 1 << 20, received.range(of: wanted) == nil {
                guard let chunk = socket.receive(limit: 64 * 1024, until: deadline, stop: { false }) else { break }
                received.append(chunk)
            }
            return String(decoding: received, as: UTF8.self)
        }
    }

    /// Waits up to `duration` for the server to close the connection (reading and dropping what
    /// it sends); true when it did.
    public func waitUntilClosed(within duration: Duration) async -> Bool {
        let socket = socket
        return await OwnThread.run {
            let deadline = ContinuousClock.now + duration
            while ContinuousClock.now < deadline {
                guard socket.receive(limit: 64 * 1024, until: deadline, stop: { false }) != nil else { return true }
            }
            return false
        }
    }
}

/// `socket(2)`, named apart from the `socket` property.
private func makeSocket(_ domain: Int32, _ type: Int32, _ proto: Int32) -> Int32 {
    socket(domain, type, proto)
}
