import AsyncHTTPClient
import NIOCore
import Synchronization
import Tern

/// When a client's new connections became ready, so that an attempt can tell whether it waited for one.
///
/// AsyncHTTPClient opens a connection (name lookup, TCP, TLS, ALPN) as one step and reports nothing
/// about it to a request. Its public connection initialisers (`http1_1ConnectionDebugInitializer`,
/// `http2ConnectionDebugInitializer`) run once a new connection is ready, before any request uses it:
/// that moment, and the port the connection went to, is what this keeps. An attempt that started
/// before a connection to its port became ready and got its answer after claims it (each connection
/// is claimed once); an attempt that claims none went out on a connection already open.
final class ConnectionClock: Sendable {
    private struct Opened {
        var port: Int?
        var readyAt: NIODeadline
    }

    /// The unclaimed connections remembered (a claimed one is forgotten at once): past this, the
    /// oldest drop out. Only connections no attempt claimed stay, e.g. for attempts that failed.
    static let capacity = 512
    private let opened = Mutex<[Opened]>([])
    /// Counts the connections (with those of the transport's other clients that share it).
    let tally: ConnectionTally

    /// A clock whose connections count in `tally`.
    init(tally: ConnectionTally = ConnectionTally()) {
        self.tally = tally
    }

    /// Records that `channel`'s connection is ready; for the client's connection initialisers.
    func ready(_ channel: any Channel) -> EventLoopFuture<Void> {
        tally.opened(channel)
        let entry = Opened(port: channel.remoteAddress?.port, readyAt: .now())
        opened.withLock { list in
            if list.count >= Self.capacity { list.removeFirst(list.count - Self.capacity + 1) }
            list.append(entry)
        }
        return channel.eventLoop.makeSucceededVoidFuture()
    }

    /// When a connection to `port` that no attempt claimed became ready between `start` and `end`,
    /// claiming it; `nil` when none did.
    func claim(port: Int, from start: NIODeadline, to end: NIODeadline) -> NIODeadline? {
        opened.withLock { list in
            guard
                let index = list.firstIndex(where: {
                    ($0.port == nil || $0.port == port) && $0.readyAt >= start && $0.readyAt <= end
                })
            else { return nil }
            return list.remove(at: index).readyAt
        }
    }

    private struct ProtocolError {
        var port: Int?
        var at: NIODeadline
        var words: String
    }

    private let protocolErrors = Mutex<[ProtocolError]>([])

    /// Records that a connection to `port` was closed for `error` (a few are kept).
    func noteProtocolError(_ error: any Error, port: Int?) {
        let entry = ProtocolError(port: port, at: .now(), words: Self.words(error))
        protocolErrors.withLock { list in
            if list.count >= 16 { list.removeFirst() }
            list.append(entry)
        }
    }

    /// Why a connection to `port` was closed for a protocol error since `start`, in words, if one was.
    func protocolError(port: Int, since start: NIODeadline) -> String? {
        protocolErrors.withLock { list in list.last { ($0.port == nil || $0.port == port) && $0.at >= start }?.words }
    }

    /// An HTTP/2 error in words, without its type's name.
    static func words(_ error: any Error) -> String {
        let name = String(describing: type(of: error))
        if name.contains("Continuation") { return "it sent header frames without end (CONTINUATION flood)" }
        if name.contains("ControlFrames") || name.contains("Settings") {
            return "it flooded the connection with control frames (SETTINGS, PING)"
        }
        if name.contains("LargeHeaderBlock") { return "it sent a header block over the limit" }
        if name.contains("RSTFrames") || name.contains("Glitches") { return "it reset streams without end" }
        return "it broke the HTTP/2 protocol"
    }

    /// Sets `configuration`'s connection initialisers to record into this clock.
    func install(in configuration: inout HTTPClient.Configuration) {
        configuration.http1_1ConnectionDebugInitializer = { [self] channel in ready(channel) }
        configuration.http2ConnectionDebugInitializer = { [self] channel in
            try? channel.pipeline.syncOperations.addHandler(ClosingOnError(clock: self), position: .last)
            return ready(channel)
        }
    }
}

/// The moments of one attempt, written from the task and from the body stream AsyncHTTPClient pulls.
final class AttemptClock: Sendable {
    let start = NIODeadline.now()
    private let head = Atomic<UInt64>(0)
    private let sendStart = Atomic<UInt64>(0)
    private let sendEnd = Atomic<UInt64>(0)

    /// The status line and headers arrived.
    func headArrived() { head.store(NIODeadline.now().uptimeNanoseconds, ordering: .relaxed) }

    /// AsyncHTTPClient asked for a chunk of the request body (`last`: it was told the body ended).
    func bodyPulled(last: Bool) {
        let now = NIODeadline.now().uptimeNanoseconds
        _ = sendStart.compareExchange(expected: 0, desired: now, ordering: .relaxed)
        if last { sendEnd.store(now, ordering: .relaxed) }
    }

    /// The phases of the attempt, which ended now; `connections` tells whether it opened a connection
    /// to `port` (`nil`: a client whose connections are not watched).
    func phases(connections: ConnectionClock?, port: Int) -> TransferPhases {
        let end = NIODeadline.now()
        let headAt = Self.moment(head) ?? end
        var phases = TransferPhases(total: Self.between(start, end), reusedConnection: nil)
        phases.transfer = Self.between(headAt, end)
        var waitFrom = start
        if let connections {
            let ready = connections.claim(port: port, from: start, to: headAt)
            phases.reusedConnection = ready == nil
            if let ready {
                phases.connect = Self.between(start, ready)
                waitFrom = ready
            }
        }
        if let sent = Self.moment(sendEnd), let began = Self.moment(sendStart) {
            phases.send = Self.between(max(began, waitFrom), sent)
            waitFrom = max(waitFrom, sent)
        }
        phases.firstByte = Self.between(waitFrom, headAt)
        return phases
    }

    private static func moment(_ value: borrowing Atomic<UInt64>) -> NIODeadline? {
        let nanoseconds = value.load(ordering: .relaxed)
        return nanoseconds == 0 ? nil : .uptimeNanoseconds(nanoseconds)
    }

    /// `end - start` as a `Duration`, zero when `end` is earlier.
    static func between(_ start: NIODeadline, _ end: NIODeadline) -> Duration {
        guard end > start else { return .zero }
        return .nanoseconds((end - start).nanoseconds)
    }
}

/// Closes an HTTP/2 connection on the first error that reaches the end of its pipeline (a protocol
/// error of the server: a CONTINUATION or SETTINGS flood, which SwiftNIO's HTTP/2 handler detects
/// but AsyncHTTPClient leaves open, reading and keeping what the server goes on sending: 4 GB in
/// seconds), and notes why for the attempt's error.
final class ClosingOnError: ChannelInboundHandler, Sendable {
    typealias InboundIn = Any
    let clock: ConnectionClock

    init(clock: ConnectionClock) { self.clock = clock }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Only SwiftNIO's HTTP/2 protocol errors (floods, malformed frames): anything else is left to
        // AsyncHTTPClient as before.
        if String(reflecting: type(of: error)).hasPrefix("NIOHTTP2.") {
            clock.noteProtocolError(error, port: context.channel.remoteAddress?.port)
            context.close(promise: nil)
        }
        context.fireErrorCaught(error)
    }
}
