import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Listens on 127.0.0.1 for the browser's redirect at the end of an authorization code sign-in
/// (RFC 8252 §7.3), answers it with a short page, and hands back its query.
///
/// It runs on a thread of its own (never a Swift concurrency thread), polls in short steps so a cancelled
/// sign-in stops at once, reads at most `maximumRequestBytes` of each request with a deadline, and answers
/// anything but `GET` of its path with 404 (a browser's `/favicon.ico`, say).
final class LoopbackRedirectListener: Sendable {
    /// The port the kernel gave (or the one asked for).
    let port: Int
    private let descriptor: Int32
    private let stopped = Mutex(false)

    /// The most a request may send before its head ends.
    static let maximumRequestBytes = 16 * 1024
    /// How long one connection may take to send its request.
    static let requestDeadline = Duration.seconds(5)
    private static let step: Int32 = 50

    private init(descriptor: Int32, port: Int) {
        self.descriptor = descriptor
        self.port = port
    }

    /// Starts listening on `127.0.0.1:port` (`0`: any free port).
    static func open(port: Int) throws(TernError) -> LoopbackRedirectListener {
        guard (0...65535).contains(port) else {
            throw TernError(.invalidRequest, "the redirect port \(port) is not a TCP port (0 to 65535)")
        }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            throw TernError(.connection, "no socket for the sign-in redirect (errno \(errno))")
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else {
            let reason = errno == EADDRINUSE ? "is in use" : "cannot be opened (errno \(errno))"
            _ = closeDescriptor(descriptor)
            throw TernError(.connection, "the sign-in redirect port 127.0.0.1:\(port) \(reason)")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return LoopbackRedirectListener(descriptor: descriptor, port: Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Waits up to `timeout` for `GET path?…` whose `state` is `state` and returns its query items (the
    /// first of each name). A request with another `state`, or none, is answered with an error page and
    /// the wait goes on: any local process or web page can reach the port, and none may end the sign-in.
    func redirect(path: String, state: String, timeout: Duration) async throws(TernError) -> [String: String] {
        let outcome: [String: String]? = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let thread = Thread { [self] in
                    continuation.resume(
                        returning: serve(path: path, state: state, until: ContinuousClock.now + timeout))
                }
                thread.name = "tern-oauth-redirect"
                thread.start()
            }
        } onCancel: {
            stopped.withLock { $0 = true }
        }
        if Task.isCancelled { throw TernError(.cancelled, "the sign-in was cancelled") }
        guard let outcome else {
            throw TernError(.timeout, "no sign-in came back to http://127.0.0.1:\(port)\(path) within \(timeout)")
        }
        return outcome
    }

    /// Stops listening.
    func close() {
        stopped.withLock { $0 = true }
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }

    private var isStopped: Bool { stopped.withLock { $0 } }

    /// Accepts connections until one asks for `path` with `state`; `nil` when stopped or past `deadline`.
    private func serve(path: String, state: String, until deadline: ContinuousClock.Instant) -> [String: String]? {
        while !isStopped, ContinuousClock.now < deadline {
            guard wait(descriptor, until: deadline) else { continue }
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else { continue }
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            defer { _ = Self.closeDescriptor(client) }
            let requestDeadline = min(deadline, ContinuousClock.now + Self.requestDeadline)
            guard let target = readTarget(client, until: requestDeadline) else {
                write(client, Self.page(status: "400 Bad Request", text: "Not a sign-in redirect."), until: deadline)
                continue
            }
            let components = URLComponents(string: "http://127.0.0.1" + target)
            guard let components, components.path == path else {
                write(client, Self.page(status: "404 Not Found", text: "Not a sign-in redirect."), until: deadline)
                continue
            }
            var query: [String: String] = [:]
            for item in components.queryItems ?? [] where query[item.name] == nil {
                query[item.name] = item.value ?? ""
            }
            guard query["state"] == state else {
                write(
                    client,
                    Self.page(
                        status: "400 Bad Request",
                        text: "This is not the sign-in Tern is waiting for (its state does not match); Tern keeps "
                            + "waiting."),
                    until: requestDeadline)
                continue
            }
            let text =
                query["error"] == nil
                ? "Signed in. You can close this tab and go back to Tern." : "The sign-in was refused: see Tern."
            write(client, Self.page(status: "200 OK", text: text), until: requestDeadline)
            return query
        }
        return nil
    }

    /// The request target of a `GET` request line, once the head has arrived; `nil` for anything else.
    private func readTarget(_ client: Int32, until deadline: ContinuousClock.Instant) -> String? {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < Self.maximumRequestBytes {
            guard wait(client, until: deadline) else { return nil }
            let count = read(client, &buffer, buffer.count)
            if count == 0 { return nil }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
                return nil
            }
            let searchFrom = max(0, received.count - 3)
            received += buffer[0..<count]
            if Self.headEnds(in: received, from: searchFrom) { break }
        }
        guard let line = String(decoding: received, as: UTF8.self).split(separator: "\r\n").first else { return nil }
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[0] == "GET", parts[1].hasPrefix("/") else { return nil }
        return String(parts[1])
    }

    /// Whether `bytes` holds the blank line ending a request head at or after `start`.
    private static func headEnds(in bytes: [UInt8], from start: Int) -> Bool {
        guard bytes.count >= 4 else { return false }
        for index in stride(from: start, through: bytes.count - 4, by: 1)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return true
        }
        return false
    }

    private func wait(_ descriptor: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        guard !isStopped, ContinuousClock.now < deadline else { return false }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, Self.step) > 0
    }

    private func write(_ client: Int32, _ text: String, until deadline: ContinuousClock.Instant) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count, ContinuousClock.now < deadline {
            let sent = bytes[offset...].withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                #if canImport(Glibc)
                    return Glibc.send(client, base, raw.count, Int32(MSG_NOSIGNAL))
                #else
                    return Darwin.send(client, base, raw.count, 0)
                #endif
            }
            if sent > 0 {
                offset += sent
            } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                var entry = pollfd(fd: client, events: Int16(POLLOUT), revents: 0)
                _ = poll(&entry, 1, Self.step)
            } else {
                return
            }
        }
    }

    private static func closeDescriptor(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
            return Glibc.close(descriptor)
        #else
            return Darwin.close(descriptor)
        #endif
    }

    private static func page(status: String, text: String) -> String {
        let body = "<!doctype html><title>Tern</title><p style=\"font-family:sans-serif\">\(text)</p>\n"
        return "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: close\r\nCache-Control: no-store\r\n\r\n" + body
    }
}
