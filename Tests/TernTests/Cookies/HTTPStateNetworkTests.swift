import Foundation
import HTTPTypes
import TernHTTPClient
import TernTesting
import Testing

@testable import Tern

/// The http-state parser cases over the network, as the suite intends: its server answers each
/// `/cookie-parser?NAME` with a `302` carrying the case's `Set-Cookie` fields, and the user agent
/// follows it to `/cookie-parser-result`, sending the cookies it kept. Here the handler follows the
/// redirects hop by hop with a `CookieInterceptor`, against `cookie_server.py` on 127.0.0.1; every
/// `*.example.org:8888` host of the suite is sent there, with its own `Host` field.
@Suite("Cookies: the http-state suite over the network, redirects followed", .serialized)
struct HTTPStateNetworkTests {
    /// Sends requests for the suite's hosts to `port` on 127.0.0.1, keeping their `Host`.
    struct SuiteHosts: Transport {
        let base: HTTPClientTransport
        let port: Int

        func perform(_ request: Request, context: TransportContext) async throws -> TransportResponse {
            var mapped = request
            guard var parts = URLComponents(url: request.url, resolvingAgainstBaseURL: false),
                let host = parts.host, host.lowercased().hasSuffix("example.org")
            else { throw TernError(.invalidRequest, "not a host of the suite: \(request.url)") }
            mapped.headers[HTTPField.Name("Host")!] = "\(host):\(parts.port ?? 80)"
            parts.host = "127.0.0.1"
            parts.port = port
            mapped.url = try #require(parts.url)
            return try await base.perform(mapped, context: context)
        }
    }

    static var python: String? {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : nil
    }

    @Test(
        "each case's cookies, set on a 302 and sent on the redirected request, are exactly the expected ones",
        .enabled(if: python != nil, "python3 is not installed"))
    func casesOverTheNetwork() async throws {
        let python = try #require(Self.python)
        let port = try FreePort.onLoopback()
        let folder = HTTPStateTests.folder
        let server = try ChildProcess(
            python,
            [
                folder.appendingPathComponent("cookie_server.py").path, "\(port)",
                folder.appendingPathComponent("parser.json").path,
            ])
        try await server.whileRunning {
            #expect(await FreePort.waitUntilListening(port), "cookie_server.py did not listen on \(port)")
            let transport = SuiteHosts(base: HTTPClientTransport.shared, port: port)
            var passed = 0
            for testCase in HTTPStateTests.cases {
                let jar = CookieJar()
                let handler = Handler(
                    transport: transport, storage: nil, mode: .live, retryPolicy: .never,
                    defaults: SessionDefaults(timeout: .seconds(30)), interceptors: [CookieInterceptor(jar: jar)],
                    clock: TestClock(start: HTTPStateTests.now))
                let url = try #require(
                    URL(string: "http://home.example.org:8888/cookie-parser?\(testCase.test.lowercased())"))
                let response = try await handler.send(Request(method: .get, url: url))
                #expect(response.statusCode == 200, "\(testCase.test)")
                #expect(response.redirects.count == 1, "\(testCase.test): the 302 was followed")
                let sent = Self.pairs(response.text ?? "")
                #expect(sent == testCase.sent, "\(testCase.test): received \(testCase.received)")
                if sent == testCase.sent { passed += 1 }
            }
            #expect(passed == HTTPStateTests.cases.count)
            print("http-state over the network: \(passed) of \(HTTPStateTests.cases.count) cases pass")
        }
    }

    /// The name-value pairs of a `Cookie` field (`a=b; c`: `a`/`b`, then the nameless `c`).
    static func pairs(_ field: String) -> [HTTPStateTests.Case.Pair] {
        guard !field.isEmpty else { return [] }
        return field.components(separatedBy: "; ").map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return .init(name: "", value: pair) }
            return .init(name: String(pair[..<equals]), value: String(pair[pair.index(after: equals)...]))
        }
    }
}
