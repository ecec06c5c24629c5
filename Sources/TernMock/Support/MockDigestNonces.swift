import Synchronization

/// The nonces `/digest-auth` issued, with how often each was used and its highest `nc` (a replayed or
/// repeated count is refused). Only the newest `capacity` nonces are remembered.
final class MockDigestNonces: Sendable {
    static let capacity = 256

    private struct Entry {
        var uses = 0
        var lastCount = 0
    }

    private let storage = Mutex<(entries: [String: Entry], order: [String], issued: Int)>(([:], [], 0))

    /// A new nonce (random hex plus a counter, so two are never equal).
    func issue() -> String {
        storage.withLock { state in
            state.issued += 1
            var generator = SystemRandomNumberGenerator()
            let random = (0..<4).map { _ in String(generator.next() as UInt32, radix: 16) }.joined()
            let nonce = "\(random)\(state.issued)"
            state.entries[nonce] = Entry()
            state.order.append(nonce)
            if state.order.count > Self.capacity { state.entries[state.order.removeFirst()] = nil }
            return nonce
        }
    }

    /// Records one use of `nonce` with count `nc` (`nil` without qop); the uses so far, or `nil` when the
    /// nonce is unknown or the count does not go up.
    func use(_ nonce: String, count nc: Int?) -> Int? {
        storage.withLock { state in
            guard var entry = state.entries[nonce] else { return nil }
            if let nc {
                guard nc > entry.lastCount else { return nil }
                entry.lastCount = nc
            }
            entry.uses += 1
            state.entries[nonce] = entry
            return entry.uses
        }
    }

    /// How many times `nonce` was used successfully.
    func uses(of nonce: String) -> Int {
        storage.withLock { $0.entries[nonce]?.uses ?? 0 }
    }
}
