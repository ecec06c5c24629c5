import Synchronization

/// Fans events out to any number of `AsyncStream` subscribers; subscribers that stop are dropped.
public final class EventBroadcaster<Event: Sendable>: Sendable {
    private struct State {
        var nextID = 0
        /// An array, not a dictionary: this class is used unspecialized from other modules, where a copy of
        /// a dictionary's values looks up its collection's associated types at run time (a scan of every
        /// protocol conformance in the binary on the first event of a process; docs/benchmarks.md).
        var continuations: [(id: Int, continuation: AsyncStream<Event>.Continuation)] = []
    }

    private let state = Mutex(State())

    /// Makes a broadcaster with no subscribers.
    public init() {}

    /// A new stream that receives every event from now on.
    public func subscribe(bufferingPolicy: AsyncStream<Event>.Continuation.BufferingPolicy) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: bufferingPolicy)
        let id = state.withLock { state in
            state.nextID += 1
            state.continuations.append((state.nextID, continuation))
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { $0.continuations.removeAll { $0.id == id } }
        }
        return stream
    }

    /// Whether anyone is listening (so callers can skip building events).
    public var hasSubscribers: Bool {
        state.withLock { !$0.continuations.isEmpty }
    }

    /// Sends `event` to every subscriber.
    public func yield(_ event: Event) {
        let continuations = state.withLock { $0.continuations }
        for entry in continuations {
            entry.continuation.yield(event)
        }
    }

    /// Ends every stream.
    public func finish() {
        let continuations = state.withLock { state in
            defer { state.continuations.removeAll() }
            return state.continuations
        }
        for entry in continuations {
            entry.continuation.finish()
        }
    }
}
