/// Where a handler looks for a response.
public enum ResponseMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// A valid stored response (GET/HEAD, or an explicit storage key), else the network (the result is stored).
    case normal
    /// Always the network; the result is still stored for later offline replay.
    case live
    /// Storage only, never the network, expired entries included; a miss is `TernError.cacheMiss`.
    case cache
    /// A valid stored response, else the endpoint's sample data, which is then stored.
    case sample

    /// The mode after this one, in the order normal → live → cache → sample → normal.
    public var next: ResponseMode {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[(index + 1) % all.count]
    }
}
