import AsyncHTTPClient
import Foundation
import NIOHTTP1
import NIOSSL
import Synchronization
public import Tern
import X509

/// The TLS settings and proxy of one of a transport's clients, and what it learnt about servers' certificates.
final class ClientSettings: Sendable {
    let tls: TLSSettings
    let proxy: ProxySettings?
    let connectTimeout: Duration
    /// Why the TLS settings cannot be used, if they cannot.
    let invalid: TernError?
    /// What each `host:port` showed in its TLS handshake, at most `maximumPeers` of them.
    let peers = Mutex<[String: TLSPeer]>([:])
    static let maximumPeers = 64
    /// When the client's new connections became ready; `nil` for a client the transport did not make.
    let connections: ConnectionClock?

    init(
        tls: TLSSettings, proxy: ProxySettings?, connectTimeout: Duration, invalid: TernError? = nil,
        connections: ConnectionClock? = nil
    ) {
        self.invalid = invalid
        self.connections = connections
        self.tls = tls
        self.proxy = proxy
        self.connectTimeout = connectTimeout
    }
}

extension HTTPClientTransport {
    /// What the connection of a response was: the HTTP version AsyncHTTPClient negotiated and, for
    /// `https` without a proxy, the TLS version and certificate of one handshake per origin (see
    /// `TLSInspector`; cached for the transport's life).
    func connectionInfo(version: HTTPVersion, url: URL, settings connectionSettings: ClientSettings) async
        -> ConnectionInfo
    {
        await connectionInfo(
            httpVersion: version.major >= 2 ? "HTTP/2" : "HTTP/\(version.major).\(version.minor)", url: url,
            settings: connectionSettings)
    }

    /// Whether the certificate of `url`'s origin is known already (`connectionInfo` then needs no handshake).
    static func knowsPeer(of url: URL, settings: ClientSettings) -> Bool {
        guard let host = url.host else { return true }
        return settings.peers.withLock { $0["\(host):\(url.port ?? 443)"] != nil }
    }

    /// `connectionInfo(version:url:settings:)` for a connection whose HTTP version is `httpVersion` (`HTTP/2`).
    func connectionInfo(httpVersion: String, url: URL, settings connectionSettings: ClientSettings) async
        -> ConnectionInfo
    {
        var info = ConnectionInfo(httpVersion: httpVersion)
        info.proxy = connectionSettings.proxy?.address
        guard url.scheme?.lowercased() == "https", connectionSettings.proxy == nil, let host = url.host else {
            return info
        }
        let port = url.port ?? 443
        let key = "\(host):\(port)"
        var peer = connectionSettings.peers.withLock { $0[key] }
        if peer == nil {
            peer = try? await TLSInspector.inspect(
                host: host, port: port, settings: connectionSettings.tls, timeout: connectionSettings.connectTimeout)
            if let peer {
                connectionSettings.peers.withLock { peers in
                    if peers.count >= ClientSettings.maximumPeers { peers.removeAll() }
                    peers[key] = peer
                }
            }
        }
        guard let peer else { return info }
        info.tlsVersion = peer.tlsVersion
        if let leaf = peer.chain.first {
            info.certificateSubject = "\(leaf.subject)"
            info.certificateIssuer = "\(leaf.issuer)"
            info.certificateNotAfter = leaf.notValidAfter
        }
        return info
    }

    /// A server that requires a client certificate and gets none closes the connection after the
    /// TLS 1.3 handshake: for `https` without `tls.clientCertificate`, that error says so.
    static func clientCertificateHint(
        _ error: any Error, request: Tern.Request, settings: ClientSettings
    ) -> TernError? {
        guard let clientError = error as? HTTPClientError, clientError == .remoteConnectionClosed,
            request.url.scheme?.lowercased() == "https", settings.tls.clientCertificatePEM == nil
        else { return nil }
        return TernError(
            .connection,
            "the connection was closed before the response completed (a server that requires a client "
                + "certificate closes it so: set tls.clientCertificate and tls.clientKey)",
            requestLabel: request.label, underlying: error)
    }

    /// Whether `error` is a TLS handshake failure (NIOSSL or BoringSSL).
    package static func isTLSFailure(_ error: any Error) -> Bool {
        error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError
    }

    /// A `TernError(.tls)` that says which certificate check failed, found by shaking hands
    /// again without checks and checking the certificate with swift-certificates.
    func diagnoseTLSFailure(
        _ error: any Error, request: Tern.Request, settings connectionSettings: ClientSettings
    ) async -> TernError {
        await Self.diagnoseTLSFailure(
            error, request: request, tls: connectionSettings.tls, proxied: connectionSettings.proxy != nil,
            connectTimeout: connectionSettings.connectTimeout)
    }

    /// `diagnoseTLSFailure` for a connection made with `tls` (the WebSocket connector's too).
    package static func diagnoseTLSFailure(
        _ error: any Error, request: Tern.Request, tls: TLSSettings, proxied: Bool, connectTimeout: Duration
    ) async -> TernError {
        let label = request.label
        guard let host = request.url.host else {
            return TernError(.connection, "the TLS handshake failed: \(error)", requestLabel: label, underlying: error)
        }
        let port = request.url.port ?? 443
        let prefix = "TLS with \(host):\(port) failed"
        var reason: String?
        if !proxied, !tls.insecure,
            let peer = try? await TLSInspector.inspect(host: host, port: port, settings: tls, timeout: connectTimeout)
        {
            reason = await CertificateDiagnosis.failedCheck(
                chain: peer.chain, host: host, extraRootsPEM: tls.certificateAuthorityPEM)
        }
        let text = String(describing: error)
        if let reason {
            return TernError(.tls, "\(prefix): \(reason)", requestLabel: label, underlying: error)
        }
        if text.contains("CERTIFICATE_REQUIRED") || text.contains("HANDSHAKE_FAILURE")
            || (tls.clientCertificatePEM == nil && text.contains("ALERT"))
        {
            let hint =
                tls.clientCertificatePEM == nil
                ? "the server asks for a client certificate (set tls.clientCertificate and tls.clientKey)"
                : "the server refused the client certificate"
            return TernError(.tls, "\(prefix): \(hint)", requestLabel: label, underlying: error)
        }
        return TernError(
            .connection, ConnectionDiagnosis.tlsFailure(text, address: "\(host):\(port)"), requestLabel: label,
            underlying: error)
    }
}

extension HTTPClientTransport {
    /// Checks the TLS material of `configuration` (CA, client certificate and key are PEM), so a bad
    /// file fails when it is configured rather than at the first request.
    public static func validate(_ configuration: Configuration) throws(TernError) {
        if !configuration.tls.isDefault { _ = try configuration.tls.clientTLSConfiguration() }
    }
}
