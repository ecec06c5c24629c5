/// How a stored answer relates to the request it was served for: the badge a UI shows beside `CACHE`.
public enum CacheState: Sendable, Hashable {
    /// Just stored from the network (a live response).
    case stored
    /// Served from storage, still valid.
    case fresh
    /// Served from storage past its validity (`cache` mode serves those).
    case expired
    /// Stale, then confirmed by the server with `304 Not Modified`.
    case revalidated
    /// The network failed, so the newest stored answer was served instead (stale-if-error).
    case staleOffline(reason: String)

    /// The words a badge shows after `CACHE · `, or `nil` for a plain hit.
    public var badge: String? {
        switch self {
        case .stored, .fresh: nil
        case .expired: "expired"
        case .revalidated: "revalidated"
        case .staleOffline: "stale, offline"
        }
    }
}
