import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern
@testable import TernHTTPClient

/// TLS against a real HTTPS server on 127.0.0.1 whose CA the test makes: certificate checks and
/// what they say when they fail, mutual TLS, ALPN HTTP/2, and what the response says about the connection.
@Suite("TLS and HTTP/2", .timeLimit(.minutes(2)))
struct TLSTests {
    /// Sends one GET to `server` with `tls` and shuts the transport down.
    func send(
        _ server: TLSTestServer, tls: TLSSettings, host: String = "127.0.0.1"
    ) async throws -> TransportResponse {
        var configuration = TransportConfiguration()
        configuration.tls = tls
        let transport = HTTPClientTransport(configuration: configuration)
        do {
            let url = try #require(URL(string: "https://\(host):\(server.port)/hello?x=1"))
            let reply = try await transport.perform(
                Request(method: .get, url: url), context: TransportContext(timeout: .seconds(20)))
            try await transport.shutdown()
            return reply
        } catch {
            try await transport.shutdown()
            throw error
        }
    }

    /// The message of the error `body` throws, or a failure when it throws none.
    func failure(_ body: () async throws -> TransportResponse) async -> String {
        do {
            let reply = try await body()
            Issue.record("expected a TLS failure, got \(reply.status)")
            return ""
        } catch let error as TernError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test("tls.insecure talks to a self-signed server, and the response names TLS and the certificate")
    func insecure() async throws {
        let server = try await TLSTestServer(leaf: .selfSigned)
        let reply = try await send(server, tls: TLSSettings(insecure: true))
        await server.stop()
        #expect(reply.status == .ok)
        let connection = try #require(reply.connection)
        #expect(connection.tlsVersion == "TLS 1.3")
        #expect(connection.certificateSubject == "CN=localhost")
        #expect(connection.certificateNotAfter.map { $0 > Date() } == true)
    }

    @Test("a self-signed server without tls.insecure fails, saying self-signed")
    func selfSignedRefused() async throws {
        let server = try await TLSTestServer(leaf: .selfSigned)
        let message = await failure { try await send(server, tls: TLSSettings()) }
        await server.stop()
        #expect(message.contains("self-signed"), "\(message)")
    }

    @Test("tls.caFile trusts the test CA; HTTP/2 is negotiated by ALPN and reported")
    func caFileAndHTTP2() async throws {
        let server = try await TLSTestServer()
        let reply = try await send(server, tls: TLSSettings(certificateAuthorityPEM: server.authority.caPEM))
        await server.stop()
        #expect(reply.status == .ok)
        let body = String(decoding: reply.body, as: UTF8.self)
        #expect(body.contains(#""version":"HTTP\/2""#) || body.contains(#""version":"HTTP/2""#), "\(body)")
        let connection = try #require(reply.connection)
        #expect(connection.httpVersion == "HTTP/2")
        #expect(connection.certificateIssuer == "CN=Tern Test CA")
        #expect(connection.summary.hasPrefix("HTTP/2 · TLS 1."))
        #expect(server.requests == ["GET /hello?x=1 HTTP/2"])
    }

    @Test("a server that offers only http/1.1 gets HTTP/1.1")
    func http1Only() async throws {
        let server = try await TLSTestServer(http2: false)
        let reply = try await send(server, tls: TLSSettings(certificateAuthorityPEM: server.authority.caPEM))
        await server.stop()
        #expect(reply.connection?.httpVersion == "HTTP/1.1")
        #expect(server.requests == ["GET /hello?x=1 HTTP/1.1"])
    }

    @Test("without the CA the error says the issuer is unknown")
    func missingCA() async throws {
        let server = try await TLSTestServer()
        let message = await failure { try await send(server, tls: TLSSettings()) }
        await server.stop()
        #expect(message.contains("issuer is unknown") && message.contains("CN=Tern Test CA"), "\(message)")
        #expect(message.contains("tls.caFile"))
    }

    @Test("an expired certificate: the error says expired")
    func expired() async throws {
        let server = try await TLSTestServer(leaf: .expired)
        let message = await failure {
            try await send(server, tls: TLSSettings(certificateAuthorityPEM: server.authority.caPEM))
        }
        await server.stop()
        #expect(message.contains("expired on"), "\(message)")
    }

    @Test("a refused certificate is a .tls error the handler does not retry")
    func certificateFailureNotRetried() async throws {
        let server = try await TLSTestServer(leaf: .expired)
        var configuration = TransportConfiguration()
        configuration.tls = TLSSettings(certificateAuthorityPEM: server.authority.caPEM)
        let transport = HTTPClientTransport(configuration: configuration)
        let handler = Handler(
            transport: transport, storage: nil, retryPolicy: .constant(.milliseconds(1), limit: 3))
        let url = try #require(URL(string: "https://127.0.0.1:\(server.port)/hello"))
        let error = await #expect(throws: TernError.self) { try await handler.send(Request(url: url)) }
        try await transport.shutdown()
        await server.stop()
        #expect(error?.kind == .tls)
        #expect(error?.attempt == 1, "a retry cannot make a certificate valid")
    }

    @Test("a certificate for another host: the error says host name mismatch and names both")
    func wrongHost() async throws {
        let server = try await TLSTestServer(leaf: .wrongHost)
        let message = await failure {
            try await send(server, tls: TLSSettings(certificateAuthorityPEM: server.authority.caPEM))
        }
        await server.stop()
        #expect(message.contains("host name mismatch"), "\(message)")
        #expect(message.contains("other.example") && message.contains("127.0.0.1"))
    }

    @Test("mutual TLS: without a client certificate it fails, with one it works")
    func mutualTLS() async throws {
        let server = try await TLSTestServer(requireClientCertificate: true)
        let ca = server.authority.caPEM
        let message = await failure { try await send(server, tls: TLSSettings(certificateAuthorityPEM: ca)) }
        #expect(message.contains("client certificate"), "\(message)")
        let client = server.clientCertificate
        let reply = try await send(
            server,
            tls: TLSSettings(
                certificateAuthorityPEM: ca, clientCertificatePEM: client.certificatePEM, clientKeyPEM: client.keyPEM))
        await server.stop()
        #expect(reply.status == .ok)
    }

    @Test("a request's own TLS settings are used for it (its handshake timed), and only for it")
    func perRequestSettings() async throws {
        let server = try await TLSTestServer()
        let transport = HTTPClientTransport(configuration: TransportConfiguration())
        var request = Request(method: .get, url: server.baseURL.appendingPathComponent("own"))
        request.connectionSettings = ConnectionSettings(
            tls: TLSSettings(certificateAuthorityPEM: server.authority.caPEM))
        let reply = try await transport.perform(request, context: TransportContext(timeout: .seconds(20)))
        request.connectionSettings = nil
        await #expect(throws: TernError.self) {
            _ = try await transport.perform(request, context: TransportContext(timeout: .seconds(20)))
        }
        try await transport.shutdown()
        await server.stop()
        #expect(reply.status == .ok)
        #expect(reply.connection?.httpVersion == "HTTP/2")
        #expect(reply.phases?.tls != nil)
    }

    @Test("a CA file that is not PEM fails every request with a clear error")
    func invalidPEM() async throws {
        var configuration = TransportConfiguration()
        configuration.tls = TLSSettings(certificateAuthorityPEM: "-----BEGIN CERTIFICATE-----\nnope\n")
        #expect(throws: TernError.self) { try HTTPClientTransport.validate(configuration) }
        let transport = HTTPClientTransport(configuration: configuration)
        let url = try #require(URL(string: "https://127.0.0.1:9/"))
        let error = await #expect(throws: TernError.self) {
            _ = try await transport.perform(Request(method: .get, url: url), context: TransportContext())
        }
        #expect(error?.message.contains("tls.caFile") == true)
        try await transport.shutdown()
    }
}
