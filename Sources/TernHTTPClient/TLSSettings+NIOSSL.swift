import AsyncHTTPClient
import NIOSSL
import Tern

extension TLSSettings {
    /// The NIOSSL client configuration these settings describe (system roots plus the CA PEM,
    /// the client certificate and key, ALPN `h2` and `http/1.1`).
    func clientTLSConfiguration() throws(TernError) -> TLSConfiguration {
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
            do {
                configuration.privateKey = .privateKey(
                    try NIOSSLPrivateKey(bytes: Array(clientKeyPEM.utf8), format: .pem))
            } catch {
                throw TernError(
                    .invalidRequest, "tls.clientKey is not an unencrypted PEM private key: \(error)", underlying: error)
            }
        } else if (clientCertificatePEM == nil) != (clientKeyPEM == nil) {
            throw TernError(.invalidRequest, "tls.clientCertificate and tls.clientKey go together (mutual TLS)")
        }
        return configuration
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
