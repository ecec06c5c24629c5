import Tern

extension URLSessionTransport {
    /// Refuses what URLSession on Linux cannot do rather than ignoring it: custom TLS (its libcurl backend
    /// offers no trust evaluation, extra roots or client certificates) and an explicit proxy.
    static func checkSupported(_ configuration: TransportConfiguration, request: Tern.Request) throws(TernError) {
        let label = request.label
        var configuration = configuration
        if let settings = request.connectionSettings {
            configuration.tls = settings.tls
            configuration.proxy = settings.proxy
        }
        if configuration.tls.insecure {
            throw TernError(
                .unsupported,
                "URLSessionTransport cannot turn TLS certificate checks off (tls.insecure); "
                    + "use HTTPClientTransport", requestLabel: label)
        }
        if configuration.tls.certificateAuthorityPEM != nil {
            throw TernError(
                .unsupported, "URLSessionTransport cannot trust an extra CA (tls.caFile); use HTTPClientTransport",
                requestLabel: label)
        }
        if configuration.tls.clientCertificatePEM != nil || configuration.tls.clientKeyPEM != nil {
            throw TernError(
                .unsupported,
                "URLSessionTransport cannot present a client certificate (mutual TLS); "
                    + "use HTTPClientTransport", requestLabel: label)
        }
        if let proxy = configuration.proxy {
            throw TernError(
                .unsupported, "URLSessionTransport cannot use the proxy \(proxy.address); use HTTPClientTransport",
                requestLabel: label)
        }
    }
}
