import NIOCore
import NIOHTTP1
import Synchronization

/// Every connection the listener has wrapped but the accept loop has not yet taken, so that each
/// one's outbound writer is finished on every path.
///
/// A connection accepted while the server shuts down is wrapped (its writer made) on its event loop,
/// then handed to the accept loop through the listener's stream. When that stream is cancelled, or
/// has already finished, SwiftNIO drops what it still buffers; a dropped connection's writer, never
/// finished, traps ("Deinited NIOAsyncWriter without calling finish()"). Holding each connection
/// here until it is taken keeps it alive, and ``closeAll()`` finishes and closes the ones never
/// taken; a connection wrapped after that is finished and closed at once.
final class AcceptedConnections: Sendable {
    /// One accepted client.
    typealias Connection = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>

    private enum State {
        case open([ObjectIdentifier: Connection])
        case closed
    }

    private let state = Mutex(State.open([:]))
    /// Where the tasks that finish a connection never taken run: the server's executor.
    private let executor: EventLoopExecutor

    init(executor: EventLoopExecutor) {
        self.executor = executor
    }

    /// Wraps `channel` (on its event loop) and holds it until it is taken. Once the server has
    /// stopped accepting, nothing will take it: it is finished and closed at once instead.
    func wrap(_ channel: any Channel) throws -> Connection {
        let connection = try Connection(wrappingChannelSynchronously: channel)
        let held = state.withLock { state in
            guard case .open(var held) = state else { return false }
            held[ObjectIdentifier(channel)] = connection
            state = .open(held)
            return true
        }
        // The task keeps the connection alive until its writer is finished.
        if !held {
            Task(executorPreference: executor) { try? await connection.executeThenClose { _, _ in } }
        }
        return connection
    }

    /// Marks `connection` as taken by the accept loop, which now finishes it.
    func take(_ connection: Connection) {
        state.withLock { state in
            guard case .open(var held) = state else { return }
            held.removeValue(forKey: ObjectIdentifier(connection.channel))
            state = .open(held)
        }
    }

    /// Refuses every later connection and finishes and closes the ones never taken.
    func closeAll() async {
        let left: [Connection] = state.withLock { state in
            defer { state = .closed }
            guard case .open(let held) = state else { return [] }
            return Array(held.values)
        }
        await withDiscardingTaskGroup { group in
            for connection in left {
                group.addTask { try? await connection.executeThenClose { _, _ in } }
            }
        }
    }
}
