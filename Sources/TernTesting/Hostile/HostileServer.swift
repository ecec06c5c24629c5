public import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A raw TCP server on 127.0.0.1 that misbehaves on purpose (see `HostileBehaviour`), for tests
/// of what a client does against endless, trickling, short or early responses.
///
/// Each connection is served on its own thread; every wait is bounded (a connection lives at
/// most `connectionLifetime`) and `stop()` (also run on deinit) makes them all end within ~0.1 s.
public final class HostileServer: Sendable {
    /// The port the server listens on.
    public let port: Int
    /// What every connection gets.
    public let behaviour: HostileBehaviour
    /// The longest a connection is served.
    public let connectionLifetime: Duration
    private let listener: RawSocket
    private let stopped = Atomic<Bool>(false)
    private let active = Atomic<Int>(0)
    private let accepted = Atomic<Int>(0)
    private let flooded = Atomic<Int>(0)

    /// Starts listening on a free port of 127.0.0.1.
    public init(_ behaviour: HostileBehaviour, connectionLifetime: Duration = .seconds(60)) throws {
        self.behaviour = behaviour
        self.connectionLifetime = connectionLifetime
        let (descriptor, port) = try RawSocket.listenOnLoopback(backlog: 64)
        self.port = port
        listener = RawSocket(descriptor: descriptor)
        listener.makeNonBlocking()
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit {
        stop()
    }

    /// The URL of `path` on this server.
    public func url(_ path: String = "/") -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// How many connections were accepted so far.
    public var acceptedCount: Int { accepted.load(ordering: .relaxed) }

    /// How many bytes of continuation frames `.webSocketContinuationFlood` got the kernel to take
    /// before the client left (what it could read, give or take the sockets' buffers).
    public var floodedBytes: Int { flooded.load(ordering: .relaxed) }

    /// Stops accepting and serving: every thread ends within ~0.1 s and closes its socket.
    /// It does not wait (a blocking wait would hold a thread of the cooperative pool).
    public func stop() {
        stopped.store(true, ordering: .releasing)
    }

    /// How many connections are being served, the accept loop included (0 once all ended).
    public var activeCount: Int { active.load(ordering: .acquiring) }

    private var isStopped: Bool { stopped.load(ordering: .relaxed) }

    private func acceptLoop() {
        active.add(1, ordering: .relaxed)
        defer {
            listener.close()
            active.subtract(1, ordering: .releasing)
        }
        while !isStopped {
            guard listener.wait(writable: false, until: .now + .seconds(1), stop: { isStopped }) else { continue }
            let client = accept(listener.descriptor, nil, nil)
            guard client >= 0 else { continue }
            accepted.add(1, ordering: .relaxed)
            active.add(1, ordering: .relaxed)
            let connection = RawSocket(descriptor: client)
            connection.makeNonBlocking()
            let thread = Thread { [self] in
                defer {
                    connection.close()
                    active.subtract(1, ordering: .releasing)
                }
                serve(connection)
            }
            thread.start()
        }
    }

    private func serve(_ connection: RawSocket) {
        let deadline = ContinuousClock.now + connectionLifetime
        let stop = { self.isStopped }
        if case .rejectHead(let limit) = behaviour {
            rejectHead(connection, after: limit, until: deadline)
            return
        }
        guard let head = readHead(connection, until: deadline) else { return }
        switch behaviour {
        case .endlessBody:
            let chunk = Data(repeating: 0x61, count: 64 * 1024)
            guard connection.send(Self.head(200, ["Connection: close"]), until: deadline, stop: stop) else { return }
            while connection.send(chunk, until: deadline, stop: stop) {
                flooded.add(chunk.count, ordering: .relaxed)
            }
        case .trickle(let rate, let total):
            let step = max(1, rate / 10)
            guard connection.send(Self.head(200, ["Content-Length: \(total)"]), until: deadline, stop: stop) else {
                return
            }
            var sent = 0
            while sent < total, !isStopped, ContinuousClock.now < deadline {
                let count = min(step, total - sent)
                guard connection.send(Data(repeating: 0x62, count: count), until: deadline, stop: stop) else { return }
                sent += count
                Thread.sleep(forTimeInterval: 0.1)
            }
            drain(connection, until: deadline)
        case .shortBody(let declared, let sent):
            let reply = Self.head(200, ["Content-Length: \(declared)"]) + String(repeating: "c", count: sent)
            guard connection.send(reply, until: deadline, stop: stop) else { return }
            drain(connection, until: deadline)
        case .retryAfter(let value):
            let fields = ["Retry-After: \(value)", "Content-Length: 0", "Connection: close"]
            _ = connection.send(Self.head(503, fields), until: deadline, stop: stop)
            drain(connection, until: deadline)
        case .endlessHeaders:
            guard connection.send("HTTP/1.1 200 OK\r\n", until: deadline, stop: stop) else { return }
            var index = 0
            let filler = String(repeating: "h", count: 1000)
            while connection.send("X-Filler-\(index): \(filler)\r\n", until: deadline, stop: stop) {
                index += 1
            }
        case .earlyResponse:
            let body = "too large"
            let reply = Self.head(413, ["Content-Length: \(body.utf8.count)", "Connection: close"]) + body
            _ = connection.send(reply, until: deadline, stop: stop)
        case .silence, .rejectHead:
            drain(connection, until: deadline)
        case .webSocket(let messages, let closeCode, let reason):
            guard let upgrade = HostileWebSocketFrames.upgrade(answering: head),
                connection.send(upgrade, until: deadline, stop: stop)
            else { return }
            for message in messages {
                let frame = HostileWebSocketFrames.frame(opcode: 0x1, fin: true, payload: Array(message.utf8))
                guard connection.send(frame, until: deadline, stop: stop) else { return }
            }
            if let closeCode {
                let payload = [UInt8(closeCode >> 8), UInt8(closeCode & 0xFF)] + Array(reason.utf8)
                guard
                    connection.send(
                        HostileWebSocketFrames.frame(opcode: 0x8, fin: true, payload: payload),
                        until: deadline, stop: stop)
                else { return }
                // The client's answer, then the server ends the connection, as RFC 6455 asks.
                _ = connection.receive(limit: 64 * 1024, until: deadline, stop: stop)
                return
            }
            drain(connection, until: deadline)
        case .webSocketContinuationFlood:
            guard let upgrade = HostileWebSocketFrames.upgrade(answering: head),
                connection.send(upgrade, until: deadline, stop: stop),
                connection.send(
                    HostileWebSocketFrames.frame(opcode: 0x1, fin: false, payload: [0x61]),
                    until: deadline, stop: stop)
            else { return }
            let continuation = HostileWebSocketFrames.frame(opcode: 0x0, fin: false, payload: [0x61])
            let chunk = Data(Array(repeating: continuation, count: 20_000).joined())
            while connection.send(chunk, until: deadline, stop: stop) {}
        case .oneAnswerPerConnection:
            guard connection.send(Self.head(200, ["Content-Length: 2"]) + "ok", until: deadline, stop: stop) else {
                return
            }
            _ = readHead(connection, until: deadline)
        case .reset:
            // A zero linger time makes the close that follows (in `acceptLoop`) send a RST.
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(
                connection.descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
    }

    /// Reads until the end of the request head (at most 1 MiB) and returns it; `nil` when the client
    /// left first.
    private func readHead(_ connection: RawSocket, until deadline: ContinuousClock.Instant) -> Data? {
        var received = Data()
        let end = Data("\r\n\r\n".utf8)
        while received.count < 1 << 20, !isStopped, ContinuousClock.now < deadline {
            guard let chunk = connection.receive(limit: 64 * 1024, until: deadline, stop: { isStopped }) else {
                return nil
            }
            received.append(chunk)
            if received.range(of: end) != nil { return received }
        }
        return nil
    }

    private func rejectHead(_ connection: RawSocket, after limit: Int, until deadline: ContinuousClock.Instant) {
        var count = 0
        while count < limit, !isStopped, ContinuousClock.now < deadline {
            guard let chunk = connection.receive(limit: limit - count, until: deadline, stop: { isStopped }) else {
                return
            }
            count += chunk.count
        }
        let body = "header fields too large"
        let reply = Self.head(431, ["Content-Length: \(body.utf8.count)", "Connection: close"]) + body
        guard connection.send(reply, until: deadline, stop: { isStopped }) else { return }
        drain(connection, until: deadline)
    }

    /// Reads and drops whatever the client sends until it leaves, the deadline or the stop.
    private func drain(_ connection: RawSocket, until deadline: ContinuousClock.Instant) {
        while !isStopped, ContinuousClock.now < deadline {
            guard connection.receive(limit: 64 * 1024, until: deadline, stop: { isStopped }) != nil else { return }
        }
    }

    private static func head(_ status: Int, _ fields: [String]) -> String {
        let reasons = [
            200: "OK", 413: "Content Too Large", 431: "Request Header Fields Too Large", 503: "Service Unavailable",
        ]
        let reason = reasons[status] ?? "Status"
        return "HTTP/1.1 \(status) \(reason)\r\n" + fields.map { $0 + "\r\n" }.joined() + "\r\n"
    }
}
