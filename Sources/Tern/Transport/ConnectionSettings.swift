/// The TLS settings and proxy of one request, when they differ from its transport's configuration
/// (e.g. per workspace target). `HTTPClientTransport` keeps one client per distinct value.
public struct ConnectionSettings: Sendable, Hashable {
    /// How the server's certificate is checked and which client certificate is presented.
    public var tls: TLSSettings
    /// The proxy, `nil` for a direct connection.
    public var proxy: ProxySettings?

    /// Makes settings.
    public init(tls: TLSSettings = TLSSettings(), proxy: ProxySettings? = nil) {
        self.tls = tls
        self.proxy = proxy
    }

    /// Whether these are the defaults: fully checked TLS, no proxy.
    public var isDefault: Bool { tls.isDefault && proxy == nil }
}
