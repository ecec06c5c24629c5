/// `tls:` in `workspace.yaml` (workspace level or per target): certificate checks and mutual TLS.
/// Paths are relative to the workspace folder.
public struct TLSDefinition: Sendable, Equatable {
    /// Turns every certificate check off (local servers only); Tern warns about it on every run.
    public var insecure: Bool = false
    /// A PEM file of extra trusted CA certificates.
    public var caFile: String?
    /// The client certificate (PEM) presented for mutual TLS.
    public var clientCertificate: String?
    /// The client certificate's private key (PEM), encrypted or not.
    public var clientKey: String?

    /// Where each value was written, for error positions.
    var locations: [String: SourceLocation] = [:]
    /// The passphrase of an encrypted `clientKey` (templated: `{{env:KEY_PASSPHRASE}}` keeps it out of the file).
    public var clientKeyPassphrase: String? = nil

    /// Makes a definition.
    public init(
        insecure: Bool = false, caFile: String? = nil, clientCertificate: String? = nil, clientKey: String? = nil
    ) {
        self.insecure = insecure
        self.caFile = caFile
        self.clientCertificate = clientCertificate
        self.clientKey = clientKey
    }

    /// Whether the values are equal (positions aside).
    public static func == (lhs: TLSDefinition, rhs: TLSDefinition) -> Bool {
        lhs.insecure == rhs.insecure && lhs.caFile == rhs.caFile && lhs.clientCertificate == rhs.clientCertificate
            && lhs.clientKey == rhs.clientKey && lhs.clientKeyPassphrase == rhs.clientKeyPassphrase
    }
}

/// `proxy:` in `workspace.yaml` (workspace level or per target).
public enum ProxyDefinition: Sendable, Equatable {
    /// `proxy: none`: always direct, whatever `HTTP_PROXY`/`HTTPS_PROXY` say.
    case direct
    /// `proxy: http://user:{{env:PROXY_PASSWORD}}@proxy.local:3128` (templated).
    case url(String)
}
