import NIOCore
import Synchronization

/// The connections waiting for a request head (new or between keep-alive requests), so that at
/// the connection cap the longest-waiting one can make room for a new client.
final class IdleConnections: Sendable {
    private let waiting = Mutex<[ObjectIdentifier: (channel: any Channel, since: ContinuousClock.Instant)]>([:])

    /// Records that `channel` waits for a request head (keeps the earlier time when already waiting).
    func markWaiting(_ channel: any Channel) {
        waiting.withLock { waiting in
            let key = ObjectIdentifier(channel)
            if waiting[key] == nil { waiting[key] = (channel, ContinuousClock.now) }
        }
    }

    /// Records that `channel` is busy with a request, or gone.
    func markBusy(_ channel: any Channel) {
        _ = waiting.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Closes the connection that has waited longest for a request head; false when none waits.
    func closeLongestWaiting() -> Bool {
        let oldest: (any Channel)? = waiting.withLock { waiting in
            guard let entry = waiting.min(by: { $0.value.since < $1.value.since }) else { return nil }
            waiting.removeValue(forKey: entry.key)
            return entry.value.channel
        }
        guard let oldest else { return false }
        oldest.close(promise: nil)
        return true
    }
}
