import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One non-blocking TCP socket with bounded reads and writes: every wait polls in short steps
/// and gives up when `stop()` returns true or the deadline passes.
struct RawSocket: Sendable {
    /// The descriptor.
    let descriptor: Int32

    /// How long one poll step waits (milliseconds), so a stop request is noticed quickly.
    static let step: Int32 = 50

    /// Makes the descriptor non-blocking.
    func makeNonBlocking() {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// Waits until the socket is readable (or writable); false when stopped or past the deadline.
    func wait(writable: Bool, until deadline: ContinuousClock.Instant, stop: () -> Bool) -> Bool {
        while !stop(), ContinuousClock.now < deadline {
            var entry = pollfd(fd: descriptor, events: Int16(writable ? POLLOUT : POLLIN), revents: 0)
            let ready = poll(&entry, 1, Self.step)
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return false }
        }
        return false
    }

    /// Sends all of `data`; false when the peer left, the server stops or the deadline passes.
    func send(_ data: Data, until deadline: ContinuousClock.Instant, stop: () -> Bool) -> Bool {
        var offset = 0
        while offset < data.count {
            guard wait(writable: true, until: deadline, stop: stop) else { return false }
            let sent = data.withUnsafeBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                #if canImport(Glibc)
                    return Glibc.send(descriptor, base + offset, data.count - offset, Int32(MSG_NOSIGNAL))
                #else
                    return Darwin.send(descriptor, base + offset, data.count - offset, 0)
                #endif
            }
            if sent > 0 {
                offset += sent
            } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Sends a string as UTF-8.
    func send(_ text: String, until deadline: ContinuousClock.Instant, stop: () -> Bool) -> Bool {
        send(Data(text.utf8), until: deadline, stop: stop)
    }

    /// Reads what is there (at most `limit` bytes); `nil` when the peer closed or on error, empty
    /// when nothing arrived before the deadline or the stop.
    func receive(limit: Int, until deadline: ContinuousClock.Instant, stop: () -> Bool) -> Data? {
        guard wait(writable: false, until: deadline, stop: stop) else { return Data() }
        var buffer = [UInt8](repeating: 0, count: max(1, limit))
        let count = read(descriptor, &buffer, buffer.count)
        if count > 0 { return Data(buffer[0..<count]) }
        if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return Data() }
        return nil
    }

    /// Closes the descriptor.
    func close() {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }

    /// The IPv4 loopback address with `port` (0 to let the kernel pick).
    /// A TCP socket listening on a free port of 127.0.0.1 with `backlog`, and that port.
    /// With `port`, that port or a failure.
    static func listenOnLoopback(backlog: Int32, port: Int = 0) throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw UnresponsiveListener.Failure("socket() failed: \(errno)") }
        var address = loopback(port: port)
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, backlog) == 0 else {
            RawSocket(descriptor: descriptor).close()
            throw UnresponsiveListener.Failure("bind/listen failed: \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
        return address
    }
}
