import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import NIOTLS
import Synchronization
import Tern

#if canImport(Glibc)
    import Glibc
#endif

/// The kept-alive connections of a `DirectPath`, idle ones by scheme, host and port, each closed after
/// the idle timeout.
final class DirectPool: Sendable {
    /// Where a connection goes.
    struct Key: Hashable, Sendable {
        /// The host (an IPv6 address without its brackets).
        var host: String
        var port: Int
        /// The TLS settings of an https connection (a connection made with other settings is another
        /// connection), `nil` for http.
        var tls: TLSSettings?

        var secure: Bool { tls != nil }

        /// The key of `url`, with `tls` for https.
        init(_ url: URL, tls: TLSSettings) {
            host = url.connectHost
            let secure = url.scheme?.lowercased() == "https"
            self.tls = secure ? tls : nil
            port = url.port ?? (secure ? 443 : 80)
        }
    }

    private struct Idle: Sendable {
        var connection: DirectConnection
        var timer: Scheduled<Void>
    }

    private struct State: Sendable {
        var idle: [Key: [Idle]] = [:]
        var closed = false
    }

    private let state = Mutex(State())

    /// An open idle connection to `key`, taken out of the pool; `nil` when there is none.
    func take(_ key: Key) -> DirectConnection? {
        while let idle = state.withLock({ state -> Idle? in
            let idle = state.idle[key]?.popLast()
            // Cancelled under the lock: an idle timer cannot close a connection once it is handed out.
            idle?.timer.cancel()
            if state.idle[key]?.isEmpty == true { state.idle[key] = nil }
            return idle
        }) {
            if idle.connection.channel.isActive, !idle.connection.isDraining { return idle.connection }
        }
        return nil
    }

    /// Keeps `connection` for the next request to its key, closing it after `idleTimeout`, or closes it
    /// when `most` are kept already (or the pool is shut down).
    func put(_ connection: DirectConnection, idleTimeout: Duration, most: Int) {
        let channel = connection.channel
        let kept = state.withLock { state -> Bool in
            guard !state.closed, !connection.isDraining, state.idle[connection.key, default: []].count < most else {
                return false
            }
            let timer = channel.eventLoop.scheduleTask(in: .nanoseconds(idleTimeout.saturatingNanoseconds)) {
                channel.close(promise: nil)
            }
            state.idle[connection.key, default: []].append(Idle(connection: connection, timer: timer))
            return true
        }
        if !kept { channel.close(promise: nil) }
    }

    /// Forgets `connection` once it closes (the server closed it while idle, or the timer did).
    func watch(_ connection: DirectConnection) {
        let key = connection.key
        let identity = ObjectIdentifier(connection)
        connection.channel.closeFuture.whenComplete { [self] _ in
            state.withLock { state in
                state.idle[key]?.removeAll { idle in
                    guard ObjectIdentifier(idle.connection) == identity else { return false }
                    idle.timer.cancel()
                    return true
                }
                if state.idle[key]?.isEmpty == true { state.idle[key] = nil }
            }
        }
    }

    /// Closes every idle connection; connections put back later are closed.
    func shutdown() {
        let idle = state.withLock { state in
            state.closed = true
            defer { state.idle = [:] }
            return state.idle.values.flatMap { $0 }
        }
        for entry in idle {
            entry.timer.cancel()
            entry.connection.channel.close(promise: nil)
        }
    }
}
