public import Foundation

/// What a live response's connection was: the HTTP version, and for `https` the TLS version and
/// the server's certificate.
public struct ConnectionInfo: Sendable, Hashable {
    /// "HTTP/1.1" or "HTTP/2" (as negotiated, e.g. by ALPN).
    public var httpVersion: String
    /// "TLS 1.2", "TLS 1.3", ... for `https`; `nil` for plain HTTP or when unknown.
    public var tlsVersion: String?
    /// The server certificate's subject (`CN=api.example.com,O=...`), when known.
    public var certificateSubject: String?
    /// The server certificate's issuer, when known.
    public var certificateIssuer: String?
    /// When the server certificate expires, when known.
    public var certificateNotAfter: Date?
    /// The proxy the request went through (`host:port`), if any.
    public var proxy: String?

    /// Makes connection facts.
    public init(
        httpVersion: String, tlsVersion: String? = nil, certificateSubject: String? = nil,
        certificateIssuer: String? = nil, certificateNotAfter: Date? = nil, proxy: String? = nil
    ) {
        self.httpVersion = httpVersion
        self.tlsVersion = tlsVersion
        self.certificateSubject = certificateSubject
        self.certificateIssuer = certificateIssuer
        self.certificateNotAfter = certificateNotAfter
        self.proxy = proxy
    }

    /// One line for a response pane: `HTTP/2 · TLS 1.3 · CN=api.example.com · expires 2027-01-31`.
    public var summary: String {
        var parts = [httpVersion]
        if let tlsVersion { parts.append(tlsVersion) }
        if let certificateSubject { parts.append(certificateSubject) }
        if let certificateNotAfter {
            let format = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()
            parts.append("expires " + certificateNotAfter.formatted(format))
        }
        if let proxy { parts.append("via proxy \(proxy)") }
        return parts.joined(separator: " · ")
    }
}
