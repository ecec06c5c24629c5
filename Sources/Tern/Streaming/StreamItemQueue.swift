import Synchronization

/// The items of a `ResponseStream` between the transport that decodes them and the caller that
/// iterates `items`: bounded, so a server that sends tiny events faster than they are consumed makes
/// the transport wait (its read loop awaits `waitForRoom()`) instead of piling items up in memory.
///
/// The transport side appends without waiting (`append`, from its chunk callback) and then awaits
/// `waitForRoom()`; the caller side pulls with `next()`. A stream may hold more than `capacity` items
/// for a moment (one chunk's worth), never more than that plus one chunk.
///
/// The wait applies only to a caller that iterates, or may still start to: one that awaits
/// `response` without having taken an item (`collectsWhole()`), or that took nothing for
/// `abandonAfter` since it last did or since the stream began (it left its loop without `stop()`,
/// or never came), gets the stream to its end as before, its items kept, rather than a stream that
/// waits forever. A caller slow to start its loop (a busy machine) is waited for, not flooded.
final class StreamItemQueue: Sendable {
    /// Items waiting past this make the producer wait.
    static let capacity = 1024
    /// A consumer that took nothing for this long while the producer waited is taken to be gone.
    static let abandonAfter = Duration.seconds(10)
    /// How often a waiting producer looks again.
    static let poll = Duration.milliseconds(5)

    private struct State {
        var items: [StreamedItem] = []
        var head = 0
        var ending: Result<Void, any Error>?
        var consumer: CheckedContinuation<StreamedItem?, any Error>?
        /// When the consumer last took an item; `nil` until it first asks.
        var lastTake: ContinuousClock.Instant?
        /// When the stream began: a consumer that has not asked yet is waited for from then.
        let began = ContinuousClock.now
        /// Set once the consumer was taken to be gone: the producer no longer waits.
        var abandoned = false
        var pending: Int { items.count - head }
    }

    private let state = Mutex(State())
    /// Called when the task iterating the items is cancelled (the stream then stops).
    private let cancelled = Mutex<(@Sendable () -> Void)?>(nil)

    /// Sets what a cancelled consumer does (stop the stream).
    func onCancel(_ action: @escaping @Sendable () -> Void) {
        cancelled.withLock { $0 = action }
    }

    /// The caller awaits the whole response: unless it already takes items, the producer never waits
    /// for it (its items are kept for the response).
    func collectsWhole() {
        state.withLock { state in
            if state.lastTake == nil { state.abandoned = true }
        }
    }

    /// How many items wait to be consumed.
    var pendingCount: Int { state.withLock { $0.pending } }

    /// Adds `newItems` (a chunk's worth) and wakes a waiting consumer.
    func append(_ newItems: [StreamedItem]) {
        guard !newItems.isEmpty else { return }
        let waiting = state.withLock { state -> (CheckedContinuation<StreamedItem?, any Error>, StreamedItem)? in
            guard state.ending == nil else { return nil }
            state.items.append(contentsOf: newItems)
            guard let consumer = state.consumer else { return nil }
            state.consumer = nil
            return (consumer, take(&state))
        }
        if let (consumer, item) = waiting { consumer.resume(returning: item) }
    }

    /// Ends the items: after those queued, `next()` returns `nil` or throws `error`.
    func finish(throwing error: (any Error)? = nil) {
        let consumer = state.withLock { state in
            if state.ending == nil { state.ending = error.map { .failure($0) } ?? .success(()) }
            defer { state.consumer = nil }
            return state.pending == 0 ? state.consumer : nil
        }
        if let consumer {
            if let error { consumer.resume(throwing: error) } else { consumer.resume(returning: nil) }
        }
    }

    /// Waits while more than `capacity` items wait to be consumed by a caller that iterates (returns
    /// at once after `finish`, or when the task is cancelled).
    func waitForRoom() async {
        while !Task.isCancelled {
            let wait = state.withLock { state -> Bool in
                guard state.pending > Self.capacity, state.ending == nil, !state.abandoned else { return false }
                if ContinuousClock.now - (state.lastTake ?? state.began) > Self.abandonAfter {
                    state.abandoned = true
                    return false
                }
                return true
            }
            guard wait else { return }
            try? await Task.sleep(for: Self.poll)
        }
    }

    /// The next item, waiting for one; `nil` at the end. Cancelling the waiting task ends the items.
    func next() async throws -> StreamedItem? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<StreamedItem?, any Error>) in
                let ready = state.withLock { state -> Result<StreamedItem?, any Error>? in
                    state.lastTake = .now
                    if state.pending > 0 { return .success(take(&state)) }
                    switch state.ending {
                    case .success?: return .success(nil)
                    case .failure(let error)?: return .failure(error)
                    case nil:
                        state.consumer = continuation
                        return nil
                    }
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            finish(throwing: CancellationError())
            cancelled.withLock { $0 }?()
        }
    }

    /// Takes the first pending item (the array is compacted now and then, so it stays linear).
    private func take(_ state: inout State) -> StreamedItem {
        let item = state.items[state.head]
        state.head += 1
        state.lastTake = .now
        if state.head > 4096, state.head * 2 > state.items.count {
            state.items.removeFirst(state.head)
            state.head = 0
        }
        return item
    }
}
