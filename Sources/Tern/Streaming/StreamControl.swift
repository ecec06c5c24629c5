public import HTTPTypes
import Synchronization

/// What a transport tells a streaming consumer as the body arrives: the head, then each chunk.
public enum StreamPart: Sendable {
    /// The response head arrived.
    case head(status: HTTPResponse.Status, headers: HTTPFields)
    /// A chunk of the body arrived (in order, before it is added to the response body).
    case chunk([UInt8])
}

/// Lets the consumer of a streamed response end it early: the transport stops reading and returns
/// what arrived, marked `stoppedEarly`.
///
/// A transport honours it only for stream content types (`StreamFormat`); any other body is
/// incomplete without its end, so stopping one cancels the send instead.
public final class StreamStop: Sendable {
    private let state = Mutex<State>(State())

    private struct State {
        var stopped = false
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    /// Makes a signal that has not fired.
    public init() {}

    /// Whether `stop()` was called.
    public var isStopped: Bool { state.withLock { $0.stopped } }

    /// Ends the stream; calling it again does nothing.
    public func stop() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard !state.stopped else { return [] }
            state.stopped = true
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns when `stop()` is called, or when the calling task is cancelled.
    public func wait() async {
        let id = state.withLock { state -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.stopped || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
