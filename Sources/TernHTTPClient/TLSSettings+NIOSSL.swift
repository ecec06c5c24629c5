import AsyncHTTPClient
package import NIOSSL
package import Tern

extension TLSSettings {
    /// The NIOSSL client configuration these settings describe (system roots plus the CA PEM,
    /// the client certificate and key, ALPN `h2` and `http/1.1`).
    package func clientTLSConfiguration() throws(TernError) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if insecure { configuration.certificateVerification = .none }
        do {
            if let certificateAuthorityPEM {
                let roots = try NIOSSLCertificate.fromPEMBytes(Array(certificateAuthorityPEM.utf8))
                guard !roots.isEmpty else { throw TernError(.invalidRequest, "tls.caFile holds no certificate") }
                configuration.additionalTrustRoots = [.certificates(roots)]
            }
        } catch let error as TernError {
            throw error
        } catch {
            throw TernError(.invalidRequest, "tls.caFile is not a PEM certificate: \(error)", underlying: error)
        }
        if let clientCertificatePEM, let clientKeyPEM {
            do {
                let chain = try NIOSSLCertificate.fromPEMBytes(Array(clientCertificatePEM.utf8))
                guard !chain.isEmpty else {
                    throw TernError(.invalidRequest, "tls.clientCertificate holds no certificate")
                }
                configuration.certificateChain = chain.map { .certificate($0) }
            } catch let error as TernError {
                throw error
            } catch {
                throw TernError(
                    .invalidRequest, "tls.clientCertificate is not a PEM certificate: \(error)", underlying: error)
            }
            configuration.privateKey = .privateKey(try Self.privateKey(clientKeyPEM, passphrase: clientKeyPassphrase))
        } else if (clientCertificatePEM == nil) != (clientKeyPEM == nil) {
            throw TernError(.invalidRequest, "tls.clientCertificate and tls.clientKey go together (mutual TLS)")
        }
        return configuration
    }
}

extension TLSSettings {
    /// A NIOSSL context of these settings offering `h2` and `http/1.1` by ALPN, for connections Tern makes
    /// itself (the direct path, the wire load).
    func alpnContext() throws(TernError) -> NIOSSLContext {
        var configuration = try clientTLSConfiguration()
        configuration.applicationProtocols = ["h2", "http/1.1"]
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw TernError(.tls, "the TLS settings could not be used: \(error)", underlying: error)
        }
    }

    /// Reads the PEM private key `pem`, decrypting it with `passphrase` when it is encrypted.
    static func privateKey(_ pem: String, passphrase: String?) throws(TernError) -> NIOSSLPrivateKey {
        let encrypted = pem.contains("ENCRYPTED")
        if encrypted, passphrase == nil {
            throw TernError(
                .invalidRequest,
                "tls.clientKey is encrypted: set tls.clientKeyPassphrase (e.g. '{{env:KEY_PASSPHRASE}}')")
        }
        do {
            if let passphrase {
                let bytes = Array(passphrase.utf8)
                return try NIOSSLPrivateKey(bytes: Array(pem.utf8), format: .pem) { set in set(bytes) }
            }
            return try NIOSSLPrivateKey(bytes: Array(pem.utf8), format: .pem)
        } catch {
            // The error names no byte of the passphrase: NIOSSL reports only BoringSSL's error codes.
            throw TernError(
                .invalidRequest,
                encrypted
                    ? "tls.clientKeyPassphrase does not decrypt tls.clientKey (or the key is not a PEM private key)"
                    : "tls.clientKey is not a PEM private key: \(error)",
                underlying: error)
        }
    }
}

extension ProxySettings {
    /// AsyncHTTPClient's proxy: it tunnels `http` and `https` requests alike through `CONNECT`.
    var clientProxy: HTTPClient.Configuration.Proxy {
        let authorization = credentials.map {
            HTTPClient.Authorization.basic(username: $0.username, password: $0.password)
        }
        return .server(host: host, port: port, authorization: authorization)
    }
}
