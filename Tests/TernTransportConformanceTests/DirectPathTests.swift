import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import TernTesting
import Testing

@testable import Tern
@testable import TernHTTPClient

/// What the direct HTTP/1.1 path of `HTTPClientTransport` does beyond the conformance suite, which holds
/// it to the same behaviour as AsyncHTTPClient: which requests take it, the phases it times, and its kept
/// connections.
@Suite("HTTPClientTransport's direct path")
struct DirectPathTests {
    @Test("a plain GET times its lookup and connect, and the next one reuses the connection")
    func phasesAndReuse() async throws {
        try await withMockServer { server in
            let transport = HTTPClientTransport()
            defer { Task { try? await transport.shutdown() } }
            let url = server.baseURL.appendingPathComponent("echo")
            let first = try await transport.perform(Request(url: url), context: TransportContext())
            let second = try await transport.perform(Request(url: url), context: TransportContext())
            #expect(first.status == .ok && second.status == .ok)
            let opened = try #require(first.phases)
            #expect(opened.dns == nil)  // 127.0.0.1 is an address: nothing is looked up
            #expect(opened.connect != nil && opened.firstByte != nil)
            #expect(opened.reusedConnection == false)
            #expect(first.connection?.httpVersion == "HTTP/1.1")
            let reused = try #require(second.phases)
            #expect(reused.dns == nil && reused.connect == nil)
            #expect(reused.reusedConnection == true)
            #expect(transport.connectionCount.opened == 1)
        }
    }

    @Test("through AsyncHTTPClient the lookup of a name is not told apart from the connect")
    func asyncHTTPClientHasNoLookup() async throws {
        try await withMockServer { server in
            let transport = HTTPClientTransport(directPath: false)
            defer { Task { try? await transport.shutdown() } }
            let port = try #require(server.baseURL.port)
            let reply = try await transport.perform(
                Request(url: URL(string: "http://localhost:\(port)/echo")!), context: TransportContext())
            #expect(reply.phases?.dns == nil)
            #expect(reply.phases?.connect != nil)
        }
    }

    @Test("a host name is looked up (localhost), and the answer comes over whichever address listens")
    func looksUpLocalhost() async throws {
        try await withMockServer { server in
            let transport = HTTPClientTransport()
            defer { Task { try? await transport.shutdown() } }
            let port = try #require(server.baseURL.port)
            let reply = try await transport.perform(
                Request(url: URL(string: "http://localhost:\(port)/echo")!), context: TransportContext())
            #expect(reply.status == .ok)
            #expect(try reply.decode(Echo.self).headers["host"] == "localhost:\(port)")
            let phases = try #require(reply.phases)
            let dns = try #require(phases.dns)
            let connect = try #require(phases.connect)
            #expect(
                dns + connect + (phases.firstByte ?? .zero) + (phases.transfer ?? .zero) <= phases.total
                    + .microseconds(1))
        }
    }

    @Test("a kept connection the server closes as the next GET goes out is replaced; a POST's failure is told")
    func staleConnection() async throws {
        let server = try HostileServer(.oneAnswerPerConnection)
        defer { server.stop() }
        let transport = HTTPClientTransport()
        defer { Task { try? await transport.shutdown() } }
        let first = try await transport.perform(Request(url: server.url("/a")), context: TransportContext())
        let second = try await transport.perform(Request(url: server.url("/b")), context: TransportContext())
        #expect(first.body == Data("ok".utf8) && second.body == Data("ok".utf8))
        #expect(second.phases?.reusedConnection == false)
        #expect(transport.connectionCount.opened == 2)
        // A POST is not sent twice on its own (RFC 9110 §9.2.2): the closed connection is the error.
        let error = await #expect(throws: TernError.self) {
            try await transport.perform(
                Request(method: .post, url: server.url("/c"), body: .data(Data("x".utf8))), context: TransportContext())
        }
        #expect(error?.kind == .connection)
        #expect(error?.message.contains("closed the connection before the response was complete") == true)
    }

    @Test(
        "what goes through AsyncHTTPClient instead",
        arguments: [
            ("ftp://example.com/", "not http or https"), ("https://example.com/", nil),
            ("http://example.com/", nil),
        ] as [(String, String?)])
    func refusals(url: String, reason: String?) {
        let request = Request(url: URL(string: url)!)
        #expect(DirectPath.refusal(of: request, context: TransportContext(), configuration: .init()) == reason)
    }

    @Test("a proxy, redirects in the client, a download or a file body go through AsyncHTTPClient; a stream does not")
    func otherRefusals() {
        let url = URL(string: "http://example.com/")!
        var proxied = TransportConfiguration()
        proxied.proxy = ProxySettings(host: "127.0.0.1", port: 3128)
        #expect(DirectPath.refusal(of: Request(url: url), context: TransportContext(), configuration: proxied) != nil)
        let redirecting = TransportConfiguration(maximumRedirects: 5)
        #expect(
            DirectPath.refusal(of: Request(url: url), context: TransportContext(), configuration: redirecting) != nil)
        var download = Request(url: url)
        download.transaction = .download
        #expect(DirectPath.refusal(of: download, context: TransportContext(), configuration: .init()) != nil)
        var streamed = TransportContext()
        streamed.onStream = { _ in }
        #expect(DirectPath.refusal(of: Request(url: url), context: streamed, configuration: .init()) == nil)
        let file = Request(method: .put, url: url, body: .file(URL(filePath: "/etc/hostname")))
        #expect(DirectPath.refusal(of: file, context: TransportContext(), configuration: .init()) != nil)
    }

    @Test("only a lost connection is tried again: not a body limit, a parser's refusal or a timeout")
    func whatIsTriedAgain() {
        #expect(DirectFailure.isConnectionLoss(HTTPClientError.remoteConnectionClosed))
        #expect(DirectFailure.isConnectionLoss(ChannelError.ioOnClosedChannel))
        #expect(DirectFailure.isConnectionLoss(IOError(errnoCode: ECONNRESET, reason: "read")))
        #expect(!DirectFailure.isConnectionLoss(HTTPParserError.invalidStatus))
        #expect(!DirectFailure.isConnectionLoss(TernError(.unsupported, "over the limit")))
        #expect(!DirectFailure.isConnectionLoss(TernError(.timeout, "sent nothing")))
        #expect(!DirectFailure.isConnectionLoss(CancellationError()))
    }
}
