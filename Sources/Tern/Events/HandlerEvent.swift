public import Foundation

/// Identifies one `Handler.send` call across its events.
public struct RequestID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public var description: String { "#\(rawValue)" }
}

/// One thing that happened while a handler served a request: the timeline a UI draws.
public struct HandlerEvent: Sendable {
    /// The send this event belongs to.
    public var requestID: RequestID
    /// The request's name or `METHOD URL`.
    public var label: String
    /// When it happened (by the handler's clock).
    public var date: Date
    /// What happened.
    public var kind: Kind

    public init(requestID: RequestID, label: String, date: Date, kind: Kind) {
        self.requestID = requestID
        self.label = label
        self.date = date
        self.kind = kind
    }

    /// The kinds of event.
    public enum Kind: Sendable {
        /// A network attempt is starting (1-based).
        case attempt(number: Int)
        /// Attempt `attempt` failed with `cause`; the next one starts after `delay`.
        case retry(attempt: Int, cause: RetryCause, delay: Duration)
        /// A storage decision.
        case cache(CacheDecision)
        /// A Server-Sent Events stream ended and is opened again (the `number`th time) after `delay`,
        /// sending `Last-Event-ID` when the stream gave one.
        case reconnect(number: Int, delay: Duration, lastEventID: String?)
        /// A redirect was followed: the hop, its status and where it led.
        case redirect(RedirectHop)
        /// Bytes moved (uploads and downloads).
        case progress(TransferProgress)
        /// A response was delivered to the caller; `phases` is where its last attempt's time went,
        /// for a live response whose transport measured it.
        case response(
            status: Int, source: ResponseSource, bytes: Int64, duration: Duration, phases: TransferPhases? = nil)
        /// The send failed.
        case failure(TernError)
    }
}

/// Why an attempt is retried: a status the policy retries, or a transient error.
public enum RetryCause: Sendable, CustomStringConvertible {
    case status(Int)
    case error(TernError)

    public var description: String {
        switch self {
        case .status(let code): "status \(code)"
        case .error(let error): "\(error.kind.summary): \(error.message)"
        }
    }
}

/// What the handler decided about storage for a request.
public enum CacheDecision: Sendable, Hashable {
    /// A stored response was served (`expired` only in `cache` mode, which serves stale entries).
    case hit(key: String, expired: Bool)
    /// Nothing valid was stored under the key.
    case miss(key: String)
    /// The response was stored, valid until the date.
    case stored(key: String, validUntil: Date)
    /// Sample data was served (and stored under the key).
    case sample(key: String)
    /// A stale entry was confirmed by a `304 Not Modified` and served, valid until the date.
    case revalidated(key: String, validUntil: Date)
    /// The network failed (`reason`) and the newest stored answer was served instead (stale-if-error).
    case stale(key: String, reason: String)
    /// The answer was not stored (`reason`: it carries a secret and the handler keeps none).
    case notStored(key: String, reason: String)
    /// A successful unsafe request (`POST`, `PUT`, `DELETE`, …) made the stored answers for `url` stale.
    case invalidated(url: String)
}
