/// What a retry policy decided after an attempt.
public enum RetryDecision: Sendable, Equatable {
    /// Try again at once.
    case retry
    /// Try again after the delay.
    case retryAfter(Duration)
    /// Stop: deliver the response, or throw the attempt's error.
    case stop
    /// Stop and throw this error instead.
    case stopWithError(TernError)

    public static func == (lhs: RetryDecision, rhs: RetryDecision) -> Bool {
        switch (lhs, rhs) {
        case (.retry, .retry), (.stop, .stop): true
        case (.retryAfter(let a), .retryAfter(let b)): a == b
        case (.stopWithError(let a), .stopWithError(let b)): a.kind == b.kind && a.message == b.message
        default: false
        }
    }
}

/// What a policy looks at: the attempt that just finished and how it ended.
public struct RetryContext: Sendable {
    /// The attempt that just finished, 1-based.
    public var attempt: Int
    /// The request as sent.
    public var request: Request
    /// The response, when one arrived.
    public var response: Response?
    /// The error, when the attempt failed.
    public var error: TernError?

    public init(attempt: Int, request: Request, response: Response? = nil, error: TernError? = nil) {
        self.attempt = attempt
        self.request = request
        self.response = response
        self.error = error
    }

    /// The status of the response, or of the response an error carries.
    public var status: Int? {
        response?.statusCode ?? error?.response?.statusCode
    }

    /// The cause to show in a retry log.
    public var cause: RetryCause {
        if let error, error.response == nil { return .error(error) }
        if let status { return .status(status) }
        return .error(error ?? TernError(.transport, "unknown failure"))
    }
}
