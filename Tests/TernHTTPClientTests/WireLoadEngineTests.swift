import Foundation
import HTTPTypes
import NIOCore
import Synchronization
import TernMock
import TernTesting
import Testing

@testable import Tern
@testable import TernHTTPClient

/// The load engine on SwiftNIO against real servers on 127.0.0.1: what reaches the server (counts, bytes),
/// connections kept alive and opened again, the failures (a dead port, a timeout, TLS), checks, and a stop.
@Suite("Wire load engine", .timeLimit(.minutes(2)))
struct WireLoadEngineTests {
    /// What the observer saw.
    final class Seen: WireLoadObserver {
        struct Answers {
            var statuses: [Int] = []
            var failures: [String] = []
            var checked: [TransportResponse] = []
            var shards: Set<Int> = []
        }

        let answers = Mutex(Answers())

        func answered(request: Int, status: Int, latency: Duration, shard: Int) {
            answers.withLock {
                $0.statuses.append(status)
                $0.shards.insert(shard)
            }
        }

        func failed(request: Int, cause: String, latency: Duration, shard: Int) {
            answers.withLock { $0.failures.append(cause) }
        }

        func check(request: Int, answer: TransportResponse, shard: Int) {
            answers.withLock { $0.checked.append(answer) }
        }

        var snapshot: Answers { answers.withLock { $0 } }
    }

    func request(_ url: String, method: HTTPRequest.Method = .get, body: String? = nil) throws -> Request {
        var request = Request(method: method, url: try #require(URL(string: url)))
        if let body { request.body = .data(Data(body.utf8)) }
        request.timeout = .seconds(20)
        return request
    }

    func run(
        _ requests: [Request], _ arrivals: WireLoad.Arrivals, duration: Duration = .milliseconds(500),
        checkEvery: Int = 0, configuration: TransportConfiguration = TransportConfiguration()
    ) async -> (WireLoadOutcome, Seen.Answers) {
        let seen = Seen()
        let engine = WireLoadEngine(configuration: configuration, loops: 2)
        let load = WireLoad(
            requests: requests, arrivals: arrivals, duration: duration, cutOff: .seconds(30), checkEvery: checkEvery)
        let outcome = await engine.run(load, observer: seen)
        return (outcome, seen.snapshot)
    }

    @Test("an open loop sends exactly its count on at most its connections, kept alive, over both loops")
    func openLoopCount() async throws {
        let server = try await MockServer.start()
        let (outcome, seen) = await run(
            [try request("http://127.0.0.1:\(server.port)/status/200?x=1")], .rate(400, connections: 4, count: 120))
        #expect(server.requestCount(path: "/status/200") == 120)
        try await server.shutdown()
        #expect(seen.statuses == Array(repeating: 200, count: 120))
        #expect(seen.failures.isEmpty)
        #expect(outcome.started == 120)
        #expect((1...4).contains(outcome.connections.opened))
        #expect(seen.shards.isSubset(of: [0, 1]))
        #expect(!outcome.stoppedEarly)
    }

    @Test("a closed loop: every answer is counted, and one in five is handed whole to check")
    func closedLoopChecks() async throws {
        let server = try await MockServer.start()
        let post = try request("http://127.0.0.1:\(server.port)/echo/wire", method: .post, body: #"{"name":"ada"}"#)
        let (outcome, seen) = await run([post], .closed(connections: 2), duration: .milliseconds(300), checkEvery: 5)
        let received = server.requestCount(path: "/echo/wire")
        try await server.shutdown()
        #expect(seen.statuses.count == received)
        #expect(outcome.started == received)
        // How many fit in 300 ms is the machine's business; each is counted and every fifth checked.
        #expect(received >= 1)
        #expect(seen.checked.count >= received / 5 && seen.checked.count <= received / 5 + 2)
        let first = try #require(seen.checked.first)
        let echo = try #require(try JSONSerialization.jsonObject(with: first.body) as? [String: Any])
        #expect(echo["method"] as? String == "POST")
        #expect(echo["body"] as? String == #"{"name":"ada"}"#)
        #expect(first.headers[.contentType]?.hasPrefix("application/json") == true)
        #expect(outcome.connections.opened == 2)
    }

    @Test("the bytes on the wire: request line, Host with the port, the headers, Content-Length and the body")
    func bytesOnTheWire() async throws {
        let server = try RawEchoServer()
        defer { server.stop() }
        var post = try request("http://127.0.0.1:\(server.port)/a%20b/c?q=1&r=%2F", method: .post, body: "hello")
        post.headers[.contentType] = "text/plain"
        post.headers[.userAgent] = "tern-test"
        // The server closes each connection after its answer: each request opens one again.
        let (outcome, seen) = await run([post], .rate(50, connections: 1, count: 3))
        #expect(seen.statuses == [200, 200, 200])
        #expect(outcome.connections.opened == 3)
        let received = server.take()
        #expect(received.count == 3)
        let first = try #require(received.first)
        #expect(first.method == "POST")
        #expect(first.target == "/a%20b/c?q=1&r=%2F")
        #expect(first.values("Host") == ["127.0.0.1:\(server.port)"])
        #expect(first.values("Content-Length") == ["5"])
        #expect(first.values("Content-Type") == ["text/plain"])
        #expect(first.values("User-Agent") == ["tern-test"])
        #expect(first.body == Data("hello".utf8))
    }

    @Test("HEAD answers have no body: the connection goes on with the next request")
    func headOnOneConnection() async throws {
        let server = try await MockServer.start()
        let head = try request("http://127.0.0.1:\(server.port)/bytes/1000", method: .head)
        let get = try request("http://127.0.0.1:\(server.port)/bytes/10")
        let (outcome, seen) = await run([head, get], .rate(100, connections: 1, count: 6), checkEvery: 2)
        try await server.shutdown()
        #expect(seen.statuses == Array(repeating: 200, count: 6))
        #expect(outcome.connections.opened == 1)
        // Tickets 0, 2 and 4 are the HEAD requests, checked: no body.
        #expect(seen.checked.map(\.body.count) == [0, 0, 0])
        #expect(seen.checked.first?.headers[.contentLength] == "1000")
    }

    @Test("a port nobody listens on fails each request as `connection failed`, pausing between attempts")
    func deadPort() async throws {
        let port = try FreePort.onLoopback()
        let (outcome, seen) = await run([try request("http://127.0.0.1:\(port)/")], .rate(50, connections: 2, count: 5))
        #expect(seen.failures == Array(repeating: "connection failed", count: 5))
        #expect(seen.statuses.isEmpty)
        #expect(outcome.connections.opened == 0)
    }

    @Test("an answer slower than the request's timeout fails as `timed out`, and its connection is closed")
    func timeout() async throws {
        let server = try await MockServer.start()
        var slow = try request("http://127.0.0.1:\(server.port)/delay/3000")
        slow.timeout = .milliseconds(300)
        let (_, seen) = await run([slow], .rate(10, connections: 1, count: 1))
        try await server.shutdown()
        #expect(seen.failures == ["timed out"])
        #expect(seen.statuses.isEmpty)
    }

    @Test(
        "https: TLS with the server's CA, HTTP/2 when it offers h2, else HTTP/1.1; a self-signed one is `TLS failed`",
        arguments: [true, false])
    func tls(http2: Bool) async throws {
        let server = try await TLSTestServer(http2: http2)
        var configuration = TransportConfiguration()
        configuration.tls = TLSSettings(certificateAuthorityPEM: server.authority.caPEM)
        let url = "https://localhost:\(server.port)/hello"
        let (outcome, seen) = await run(
            [try request(url)], .rate(50, connections: 2, count: 4), checkEvery: 1, configuration: configuration)
        let requests = server.requests
        await server.stop()
        #expect(seen.statuses == [200, 200, 200, 200])
        #expect(outcome.connections.opened <= 2)
        #expect(outcome.protocols == [http2 ? "HTTP/2" : "HTTP/1.1"])
        #expect(requests == Array(repeating: "GET /hello " + (http2 ? "HTTP/2" : "HTTP/1.1"), count: 4), "\(requests)")
        // The checked answers carry the TLS handshake apart from the TCP connect.
        #expect(seen.checked.allSatisfy { $0.phases?.tls != nil || $0.phases?.reusedConnection == true })

        let selfSigned = try await TLSTestServer(leaf: .selfSigned)
        let (_, refused) = await run(
            [try request("https://localhost:\(selfSigned.port)/hello")], .rate(50, connections: 1, count: 1))
        await selfSigned.stop()
        #expect(refused.failures == ["TLS failed"])
    }

    @Test("cancelling the task stops the load at once: stopped early, what was in flight failed")
    func cancel() async throws {
        let server = try await MockServer.start()
        let slow = try request("http://127.0.0.1:\(server.port)/delay/5000")
        let task = Task { await run([slow], .closed(connections: 3), duration: .seconds(60)) }
        try await Task.sleep(for: .milliseconds(500))
        task.cancel()
        let (outcome, seen) = await task.value
        try await server.shutdown()
        #expect(outcome.stoppedEarly)
        #expect(seen.failures == Array(repeating: "not answered before the load ended", count: 3))
    }

    @Test(
        "hostile servers: bad answers fail their request in words, endless ones hit the timeout, nothing is held",
        arguments: [
            (HostileBehaviour.endlessHeaders, "invalid answer"), (.reset, "connection reset"),
            (.endlessBody, "timed out"), (.silence, "timed out"),
        ])
    func hostile(_ behaviour: HostileBehaviour, _ cause: String) async throws {
        let server = try HostileServer(behaviour)
        defer { server.stop() }
        var get = try request("http://127.0.0.1:\(server.port)/x")
        get.timeout = .milliseconds(600)
        // Checked: an endless body is collected up to the limit, then dropped, never held whole.
        let (_, seen) = await run([get], .rate(10, connections: 1, count: 1), checkEvery: 1)
        #expect(seen.failures == [cause], "\(seen.failures)")
        #expect(seen.statuses.isEmpty && seen.checked.isEmpty)
    }

    @Test("a load with no request or no connection ends at once, having sent nothing")
    func empty() async throws {
        let (none, _) = await run([], .closed(connections: 4))
        #expect(none.started == 0 && none.connections.opened == 0)
        let (idle, _) = await run([try request("http://127.0.0.1:1/")], .closed(connections: 0))
        #expect(idle.started == 0 && idle.connections.opened == 0)
    }

    @Test("what the engine refuses: a proxy, a body from a file, another scheme")
    func refusals() throws {
        var proxied = TransportConfiguration()
        proxied.proxy = ProxySettings(host: "127.0.0.1", port: 3128)
        let get = try request("http://127.0.0.1:1/")
        #expect(WireLoadEngine(configuration: proxied).refusal(of: get) == "a proxy")
        var file = get
        file.body = .file(URL(fileURLWithPath: "/etc/hostname"))
        #expect(WireLoadEngine(configuration: TransportConfiguration()).refusal(of: file) == "a body read from a file")
        #expect(
            WireLoadEngine(configuration: TransportConfiguration()).refusal(of: try request("ftp://example.com/"))
                == "ftp scheme")
        #expect(WireLoadEngine(configuration: TransportConfiguration()).refusal(of: get) == nil)
    }

    @Test("Host: no default port, an IPv6 address in brackets, a Host header of the request's own kept")
    func hostHeader() throws {
        func head(_ request: Request) -> String {
            let target = WireTarget(
                request, endpoint: WireTarget.endpoint(of: request, tls: TLSSettings()), index: 0)
            return String(buffer: target.bytes)
        }
        #expect(head(try request("http://example.com/x")) == "GET /x HTTP/1.1\r\nHost: example.com\r\n\r\n")
        #expect(head(try request("https://example.com:443")) == "GET / HTTP/1.1\r\nHost: example.com\r\n\r\n")
        #expect(head(try request("http://[::1]:8080/")).hasPrefix("GET / HTTP/1.1\r\nHost: [::1]:8080\r\n"))
        #expect(WireTarget.endpoint(of: try request("http://[::1]:8080/"), tls: TLSSettings()).host == "::1")
        var named = try request("http://127.0.0.1:9/", method: .put)
        named.headers[try #require(HTTPField.Name("Host"))] = "api.example"
        #expect(head(named) == "PUT / HTTP/1.1\r\nHost: api.example\r\nContent-Length: 0\r\n\r\n")
    }
}
