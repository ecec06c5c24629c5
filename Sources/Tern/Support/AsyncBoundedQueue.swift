import Synchronization

/// A queue between one producer and one consumer that holds at most `capacity` elements: `push`
/// waits while it is full, `next` while it is empty. Either side ends it: `finish` after the last
/// element (with an error or not), `cancel` when the consumer leaves (pushes then return `false`).
package final class AsyncBoundedQueue<Element: Sendable>: Sendable {
    private struct State {
        var items: [Element] = []
        var head = 0
        var ending: Result<Void, any Error>?
        var cancelled = false
        var consumer: CheckedContinuation<Element?, any Error>?
        var producer: CheckedContinuation<Void, Never>?
        var count: Int { items.count - head }

        mutating func take() -> Element {
            let item = items[head]
            head += 1
            if head > 64, head * 2 > items.count {
                items.removeFirst(head)
                head = 0
            }
            return item
        }
    }

    package let capacity: Int
    private let state = Mutex(State())

    package init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Adds `element`, waiting while the queue is full; `false` when the consumer has left.
    @discardableResult
    package func push(_ element: Element) async -> Bool {
        while true {
            let outcome: Bool? = state.withLock { state in
                if state.cancelled || state.ending != nil { return false }
                if let consumer = state.consumer {
                    state.consumer = nil
                    consumer.resume(returning: element)
                    return true
                }
                if state.count < capacity {
                    state.items.append(element)
                    return true
                }
                return nil
            }
            if let outcome { return outcome }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.cancelled || state.count < capacity { return true }
                    state.producer = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
    }

    /// Ends the queue after what it holds; `next` then throws `error` (or returns `nil`).
    package func finish(throwing error: (any Error)? = nil) {
        let consumer = state.withLock { state -> CheckedContinuation<Element?, any Error>? in
            guard state.ending == nil else { return nil }
            state.ending = error.map { .failure($0) } ?? .success(())
            defer { state.consumer = nil }
            return state.consumer
        }
        if let error { consumer?.resume(throwing: error) } else { consumer?.resume(returning: nil) }
    }

    /// The consumer leaves: a waiting producer goes on, later pushes are dropped.
    package func cancel() {
        let (producer, consumer) = state.withLock { state in
            state.cancelled = true
            defer {
                state.producer = nil
                state.consumer = nil
            }
            return (state.producer, state.consumer)
        }
        producer?.resume()
        consumer?.resume(returning: nil)
    }

    /// The next element, waiting for one; `nil` once finished and drained.
    package func next() async throws -> Element? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Element?, any Error>) in
                let (result, producer) = state.withLock {
                    state -> (Result<Element?, any Error>?, CheckedContinuation<Void, Never>?) in
                    if state.count > 0 {
                        let item = state.take()
                        defer { state.producer = nil }
                        return (.success(item), state.producer)
                    }
                    if state.cancelled { return (.success(nil), nil) }
                    if let ending = state.ending {
                        switch ending {
                        case .success: return (.success(nil), nil)
                        case .failure(let error): return (.failure(error), nil)
                        }
                    }
                    state.consumer = continuation
                    return (nil, nil)
                }
                producer?.resume()
                if let result { continuation.resume(with: result) }
            }
        } onCancel: {
            cancel()
        }
    }
}
