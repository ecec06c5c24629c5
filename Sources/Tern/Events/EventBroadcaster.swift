import Synchronization

/// Fans events out to any number of `AsyncStream` subscribers; subscribers that stop are dropped.
public final class EventBroadcaster<Event: Sendable>: Sendable {
    private struct State {
        var nextID = 0
        var continuations: [Int: AsyncStream<Event>.Continuation] = [:]
    }

    private let state = Mutex(State())

    /// Makes a broadcaster with no subscribers.
    public init() {}

    /// A new stream that receives every event from now on.
    public func subscribe(bufferingPolicy: AsyncStream<Event>.Continuation.BufferingPolicy) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: bufferingPolicy)
        let id = state.withLock { state in
            state.nextID += 1
            state.continuations[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Whether anyone is listening (so callers can skip building events).
    public var hasSubscribers: Bool {
        state.withLock { !$0.continuations.isEmpty }
    }

    /// Sends `event` to every subscriber.
    public func yield(_ event: Event) {
        let continuations = state.withLock { Array($0.continuations.values) }
        for continuation in continuations {
            continuation.yield(event)
        }
    }

    /// Ends every stream.
    public func finish() {
        let continuations = state.withLock { state in
            defer { state.continuations.removeAll() }
            return Array(state.continuations.values)
        }
        for continuation in continuations {
            continuation.finish()
        }
    }
}
