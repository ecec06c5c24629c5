import Foundation
import HTTPTypes
import Testing

@testable import Tern
@testable import TernURLSession

/// URLSession on Linux cannot honour custom TLS or a proxy: the transport refuses them instead of
/// sending without them.
@Suite("URLSessionTransport: TLS and proxy settings are refused")
struct URLSessionUnsupportedTLSTests {
    let url = URL(string: "https://127.0.0.1:9/")

    func refusal(_ configuration: TransportConfiguration, settings: ConnectionSettings? = nil) async throws -> String {
        var request = Request(method: .get, url: try #require(url))
        request.connectionSettings = settings
        return await withTransport(configuration) { transport in
            do {
                _ = try await transport.perform(request, context: TransportContext())
                return "sent"
            } catch let error as TernError {
                return error.kind == .unsupported ? error.message : "other: \(error)"
            } catch {
                return "other: \(error)"
            }
        }
    }

    @Test("insecure, a CA, a client certificate and a proxy are each .unsupported, naming the setting")
    func refused() async throws {
        var insecure = TransportConfiguration()
        insecure.tls.insecure = true
        #expect(try await refusal(insecure).contains("tls.insecure"))
        var ca = TransportConfiguration()
        ca.tls.certificateAuthorityPEM = "-----BEGIN CERTIFICATE-----"
        #expect(try await refusal(ca).contains("tls.caFile"))
        var proxy = TransportConfiguration()
        proxy.proxy = ProxySettings(host: "127.0.0.1", port: 3128)
        #expect(try await refusal(proxy).contains("127.0.0.1:3128"))
        let client = ConnectionSettings(tls: TLSSettings(clientCertificatePEM: "x", clientKeyPEM: "y"))
        #expect(try await refusal(TransportConfiguration(), settings: client).contains("client certificate"))
    }
}
