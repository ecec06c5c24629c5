import Foundation

/// The one error type of the `Tern` module: a kind, a message a user can act on, and context.
public struct TernError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, compared with `==` (`error.kind == .cacheMiss`).
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Code: String, Hashable, Sendable {
            case invalidRequest
            case connection
            case timeout
            case cancelled
            case transport
            case unacceptableStatus
            case decoding
            case cacheMiss
            case noSample
            case storage
            case authentication
            case unsupported
            case tls
            case tooManyRedirects
        }

        private let code: Code
        private init(_ code: Code) { self.code = code }

        /// The endpoint could not be lowered to a valid request (bad URL, body encoding failure).
        public static let invalidRequest = Kind(.invalidRequest)
        /// The connection could not be made or was lost (refused, reset, DNS).
        public static let connection = Kind(.connection)
        /// The request or the connection attempt ran past its deadline.
        public static let timeout = Kind(.timeout)
        /// The calling task was cancelled.
        public static let cancelled = Kind(.cancelled)
        /// Any other failure reported by the transport.
        public static let transport = Kind(.transport)
        /// A response arrived but its status was not acceptable to a validator.
        public static let unacceptableStatus = Kind(.unacceptableStatus)
        /// The body could not be mapped to the expected type.
        public static let decoding = Kind(.decoding)
        /// `cache` mode found no stored response for the storage key.
        public static let cacheMiss = Kind(.cacheMiss)
        /// `sample` mode found neither a valid stored response nor sample data.
        public static let noSample = Kind(.noSample)
        /// The storage manager failed to read or write.
        public static let storage = Kind(.storage)
        /// Bearer authentication could not be recovered by refreshing the token.
        public static let authentication = Kind(.authentication)
        /// The transport cannot do what the request asks (documented per transport).
        public static let unsupported = Kind(.unsupported)
        /// The TLS handshake was refused for a reason a retry cannot change: the server's certificate
        /// failed a check (expired, wrong host, unknown issuer) or the server wants a client certificate.
        /// Not transient: the retry policy does not retry it.
        public static let tls = Kind(.tls)
        /// A send met more redirects than its `RedirectPolicy` allows.
        public static let tooManyRedirects = Kind(.tooManyRedirects)

        /// The case name, as written in Swift: `"unacceptableStatus"` for `.unacceptableStatus`.
        public var description: String { code.rawValue }

        /// A few words for people, as error messages and event lines show the kind
        /// (`"unacceptable status"` for `.unacceptableStatus`).
        public var summary: String {
            switch code {
            case .invalidRequest: "invalid request"
            case .connection: "connection failed"
            case .timeout: "timed out"
            case .cancelled: "cancelled"
            case .transport: "transport error"
            case .unacceptableStatus: "unacceptable status"
            case .decoding: "decoding failed"
            case .cacheMiss: "cache miss"
            case .noSample: "no sample"
            case .storage: "storage error"
            case .authentication: "authentication failed"
            case .unsupported: "unsupported"
            case .tls: "TLS failed"
            case .tooManyRedirects: "too many redirects"
            }
        }
    }

    /// What went wrong.
    public var kind: Kind
    /// A sentence a user can act on.
    public var message: String
    /// `METHOD URL` of the request concerned, when there is one.
    public var requestLabel: String?
    /// The response that caused the error (for `unacceptableStatus`, `authentication`, `decoding`).
    public var response: Response? {
        get { responseBox?.response }
        set { responseBox = newValue.map(ResponseBox.init) }
    }
    /// The response behind a reference, so the error stays a few words wide however large `Response`
    /// grows: typed throws pass the error by value through every frame.
    private var responseBox: ResponseBox?
    /// The attempt (1-based) that failed, when the error came from the network.
    public var attempt: Int?
    /// The error underneath, from the transport, the decoder or the storage.
    public var underlying: (any Error)?

    /// Makes an error of `kind` with a message and optional context.
    public init(
        _ kind: Kind,
        _ message: String,
        requestLabel: String? = nil,
        response: Response? = nil,
        attempt: Int? = nil,
        underlying: (any Error)? = nil
    ) {
        self.kind = kind
        self.message = message
        self.requestLabel = requestLabel
        self.response = response
        self.attempt = attempt
        self.underlying = underlying
    }

    /// Whether a retry policy may try again after this error (connection, timeout, transport).
    public var isTransient: Bool {
        kind == .connection || kind == .timeout || kind == .transport
    }

    public var description: String {
        var text = "\(kind.summary): \(message)"
        if let requestLabel { text += " [\(requestLabel)]" }
        if let attempt { text += " (attempt \(attempt))" }
        return text
    }

    /// Wraps any error as a `TernError`, mapping `CancellationError` to `.cancelled`.
    public static func wrap(_ error: any Error, requestLabel: String? = nil, attempt: Int? = nil) -> TernError {
        if var ternError = error as? TernError {
            if ternError.requestLabel == nil { ternError.requestLabel = requestLabel }
            if ternError.attempt == nil { ternError.attempt = attempt }
            return ternError
        }
        if error is CancellationError {
            return TernError(.cancelled, "the request was cancelled", requestLabel: requestLabel, attempt: attempt)
        }
        return TernError(
            .transport, String(describing: error), requestLabel: requestLabel, attempt: attempt, underlying: error
        )
    }
}

/// Holds a `TernError`'s response (immutable, so sharing it between copies is safe).
private final class ResponseBox: Sendable {
    let response: Response

    init(_ response: Response) { self.response = response }
}
