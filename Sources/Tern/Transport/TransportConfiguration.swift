/// Transport-neutral settings: timeouts, pooling, redirects, limits, TLS and the proxy.
///
/// A transport that cannot honour a TLS or proxy setting refuses it with `TernError(.unsupported)`.
///
/// The per-attempt deadline is not here: it is the request's `timeout`, defaulting to the
/// handler's `SessionDefaults.timeout`.
public struct TransportConfiguration: Sendable, Hashable {
    /// How long establishing a connection may take.
    public var connectTimeout: Duration
    /// Keep-alive connections kept per host.
    public var maximumConnectionsPerHost: Int
    /// How long an idle pooled connection is kept.
    public var idleTimeout: Duration
    /// Redirects the transport follows on its own before giving up; 0 (the default) returns 3xx
    /// responses as they are, for the `Handler` to follow (`RedirectPolicy`), hop by hop through its
    /// interceptors. A redirect to another origin never carries `Authorization`,
    /// `Proxy-Authorization` or `Cookie`.
    public var maximumRedirects: Int
    /// The read timeout and the size limits of every attempt.
    public var limits: TransferLimits
    /// How the server's certificate is checked and which client certificate is presented.
    public var tls: TLSSettings = TLSSettings()
    /// The HTTP proxy every request goes through, `nil` for direct connections.
    public var proxy: ProxySettings? = nil

    /// Makes a configuration.
    public init(
        connectTimeout: Duration = .seconds(10), maximumConnectionsPerHost: Int = 8,
        idleTimeout: Duration = .seconds(60), maximumRedirects: Int = 0,
        limits: TransferLimits = TransferLimits()
    ) {
        self.connectTimeout = connectTimeout
        self.maximumConnectionsPerHost = maximumConnectionsPerHost
        self.idleTimeout = idleTimeout
        self.maximumRedirects = maximumRedirects
        self.limits = limits
    }
}
