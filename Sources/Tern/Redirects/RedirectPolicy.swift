/// Whether and how far a handler follows redirects (`301`, `302`, `303`, `307`, `308` with a `Location`).
///
/// The handler follows them itself, so every hop passes the interceptors (the cookie jar stores what
/// each hop sets and sends what matches the next), is a `.redirect` event, and is listed in
/// `Response.redirects`.
public struct RedirectPolicy: Sendable, Hashable {
    /// Whether redirects are followed; when not, a 3xx is the response.
    public var follow: Bool
    /// The most hops followed; one more redirect fails with `.tooManyRedirects`.
    public var maximum: Int

    /// The most hops a policy may allow.
    public static let maximumHops = 100

    /// Follows up to `maximum` hops (0 to `maximumHops`) when `follow`.
    public init(follow: Bool = true, maximum: Int = 10) {
        self.follow = follow
        self.maximum = min(max(0, maximum), Self.maximumHops)
    }

    /// Follows up to 10 hops, as browsers and curl's `-L` (50) roughly do.
    public static let `default` = RedirectPolicy()

    /// Returns every 3xx as it is.
    public static let never = RedirectPolicy(follow: false)
}

/// One redirect a send followed: the status, where it came from and where it pointed.
public struct RedirectHop: Sendable, Hashable {
    /// The redirect's status (`302`).
    public var status: Int
    /// `METHOD URL` of the request that was redirected (secrets redacted).
    public var from: String
    /// The URL the next request went to (secrets redacted).
    public var to: String
    /// The next request's method (`GET` after a `303`, or a `301`/`302` to a `POST`).
    public var method: String

    /// Makes a hop.
    public init(status: Int, from: String, to: String, method: String) {
        self.status = status
        self.from = from
        self.to = to
        self.method = method
    }
}
