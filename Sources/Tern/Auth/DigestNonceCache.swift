/// The last digest challenge per protection space (origin and user) with its nonce count, so the next
/// request goes out already answered and each use of a nonce gets the next `nc`.
actor DigestNonceCache {
    /// The most protection spaces remembered; the oldest is forgotten first.
    static let capacity = 64

    private var entries: [String: (challenge: DigestChallenge, count: Int)] = [:]
    private var order: [String] = []

    /// The challenge to answer in advance for `space` and its next nonce count, if one is known.
    func next(for space: String) -> (challenge: DigestChallenge, nonceCount: Int)? {
        guard var entry = entries[space], entry.count < Int(UInt32.max) else { return nil }
        entry.count += 1
        entries[space] = entry
        return (entry.challenge, entry.count)
    }

    /// Keeps `challenge` for `space` and returns the nonce count of its first use (a nonce seen before
    /// continues its count).
    func store(_ challenge: DigestChallenge, for space: String) -> Int {
        var count = 1
        if let known = entries[space], known.challenge.nonce == challenge.nonce, known.count < Int(UInt32.max) {
            count = known.count + 1
        }
        if entries[space] == nil {
            order.append(space)
            if order.count > Self.capacity {
                entries[order.removeFirst()] = nil
            }
        }
        entries[space] = (challenge, count)
        return count
    }
}
