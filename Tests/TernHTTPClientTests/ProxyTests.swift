import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern
@testable import TernHTTPClient

/// Requests through a real proxy (Debian's tinyproxy on 127.0.0.1): AsyncHTTPClient tunnels http and
/// https alike through CONNECT, with Basic credentials; the 407 without them is a clear error.
@Suite("Proxy (tinyproxy)", .serialized, .timeLimit(.minutes(2)))
struct ProxyTests {
    /// Runs `body` with a started tinyproxy, or records why it cannot (tinyproxy missing).
    func withProxy(username: String? = "alice", password: String? = "s3cret", _ body: (TinyProxy) async throws -> Void)
        async throws
    {
        guard TinyProxy.binary != nil else {
            print("ProxyTests skipped: tinyproxy is not installed (make installs it from APT_PACKAGES)")
            return
        }
        try await TinyProxy.with(username: username, password: password, body)
    }

    func transport(proxy: ProxySettings, tls: TLSSettings = TLSSettings()) -> HTTPClientTransport {
        var configuration = TransportConfiguration()
        configuration.proxy = proxy
        configuration.tls = tls
        return HTTPClientTransport(configuration: configuration)
    }

    @Test("http goes through the proxy (a CONNECT tunnel), with Basic credentials")
    func plainHTTP() async throws {
        try await withProxy { proxy in
            try await withMockServer { server in
                let transport = transport(
                    proxy: ProxySettings(
                        host: "127.0.0.1", port: proxy.port, credentials: .init(username: "alice", password: "s3cret")))
                let url = server.baseURL.appendingPathComponent("echo")
                let reply = try await transport.perform(
                    Request(method: .get, url: url), context: TransportContext(timeout: .seconds(20)))
                try await transport.shutdown()
                #expect(reply.status == .ok)
                #expect(reply.connection?.proxy == "127.0.0.1:\(proxy.port)")
                #expect(proxy.log.contains("CONNECT 127.0.0.1:\(server.port)"), "\(proxy.log)")
            }
        }
    }

    @Test("https goes through a CONNECT tunnel to the TLS server; the certificate is still checked")
    func httpsTunnel() async throws {
        try await withProxy { proxy in
            let server = try await TLSTestServer()
            let settings = ProxySettings(
                host: "127.0.0.1", port: proxy.port, credentials: .init(username: "alice", password: "s3cret"))
            let transport = transport(
                proxy: settings, tls: TLSSettings(certificateAuthorityPEM: server.authority.caPEM))
            let url = server.baseURL.appendingPathComponent("tunnelled")
            let reply = try await transport.perform(
                Request(method: .get, url: url), context: TransportContext(timeout: .seconds(20)))
            try await transport.shutdown()
            let untrusting = self.transport(proxy: settings)
            await #expect(throws: TernError.self) {
                _ = try await untrusting.perform(
                    Request(method: .get, url: url), context: TransportContext(timeout: .seconds(20)))
            }
            try await untrusting.shutdown()
            await server.stop()
            #expect(reply.status == .ok)
            #expect(server.requests.contains { $0.hasPrefix("GET /tunnelled ") })
            #expect(proxy.log.contains("CONNECT 127.0.0.1:\(server.port)"), "\(proxy.log)")
        }
    }

    /// The error of a request to a TLS server through tinyproxy with `credentials`, and whether the
    /// server saw any request.
    func tunnelFailure(_ proxy: TinyProxy, credentials: ProxySettings.Credentials?) async throws
        -> (message: String, reachedServer: Bool)
    {
        let server = try await TLSTestServer()
        let transport = transport(
            proxy: ProxySettings(host: "127.0.0.1", port: proxy.port, credentials: credentials),
            tls: TLSSettings(certificateAuthorityPEM: server.authority.caPEM))
        let error = await #expect(throws: TernError.self) {
            _ = try await transport.perform(
                Request(method: .get, url: server.baseURL), context: TransportContext(timeout: .seconds(20)))
        }
        try await transport.shutdown()
        await server.stop()
        return (error?.message ?? "", !server.requests.isEmpty)
    }

    @Test("without credentials the tunnel fails with a clear 407 error")
    func missingCredentials() async throws {
        try await withProxy { proxy in
            let (message, reachedServer) = try await tunnelFailure(proxy, credentials: nil)
            #expect(message.contains("407 Proxy Authentication Required"), "\(message)")
            #expect(message.contains("give credentials in the proxy URL"))
            #expect(!reachedServer)
        }
    }

    @Test("with a wrong password the error says to check the credentials given, in words, not type names")
    func wrongCredentials() async throws {
        try await withProxy { proxy in
            let (message, _) = try await tunnelFailure(proxy, credentials: .init(username: "alice", password: "wrong"))
            #expect(message.contains("check the user name and password of the proxy URL"), "\(message)")
            #expect(!message.contains("give credentials") && !message.contains("HTTPClientError"), "\(message)")
        }
    }
}

/// A proxy that answers CONNECT with headers that never end: the attempt ends at its own deadline.
@Suite("Proxy: hostile", .timeLimit(.minutes(1)))
struct HostileProxyTests {
    @Test("a CONNECT answered with endless headers fails at the request's timeout, not the connect timeout")
    func endlessConnectHeaders() async throws {
        let proxy = try HostileServer(.endlessHeaders)
        defer { proxy.stop() }
        var configuration = TransportConfiguration()
        configuration.proxy = ProxySettings(host: "127.0.0.1", port: proxy.port)
        // Far past the suite's time limit: the handshake (and the shutdown after it) must end at the
        // request's deadline instead.
        configuration.connectTimeout = .seconds(600)
        let transport = HTTPClientTransport(configuration: configuration)
        let error = await #expect(throws: TernError.self) {
            _ = try await transport.perform(
                Request(url: URL(string: "http://127.0.0.1:9/x")!), context: TransportContext(timeout: .seconds(1)))
        }
        try await transport.shutdown()
        #expect(error?.kind == .timeout, "\(String(describing: error))")
        // The attempt's deadline and the handshake's (the same second) race: either names what happened.
        let message = error?.message ?? ""
        #expect(
            message.contains("within 1 s") || message.contains("did not open a tunnel to 127.0.0.1:9 in time"),
            "the request's own deadline: \(String(describing: error))")
    }
}
