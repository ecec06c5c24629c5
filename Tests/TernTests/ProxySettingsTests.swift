import Foundation
import Testing

@testable import Tern

@Suite("Proxy settings from the environment")
struct ProxySettingsTests {
    func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    @Test("HTTP_PROXY for http, HTTPS_PROXY for https, lowercase first, credentials decoded")
    func schemes() throws {
        let environment = [
            "HTTP_PROXY": "http://upper:3128", "http_proxy": "http://lower:3128",
            "HTTPS_PROXY": "http://alice:p%40ss@secure.local:8443",
        ]
        let plain = ProxySettings.fromEnvironment(environment, for: try url("http://api.example.com/x"))
        #expect(plain == ProxySettings(host: "lower", port: 3128))
        let secure = try #require(ProxySettings.fromEnvironment(environment, for: try url("https://api.example.com")))
        #expect(secure.host == "secure.local" && secure.port == 8443)
        #expect(secure.credentials == .init(username: "alice", password: "p@ss"))
        #expect(secure.description == "alice:***@secure.local:8443")
    }

    @Test("ALL_PROXY is the fallback; a bare host:port works; no variable means direct")
    func fallbacks() throws {
        #expect(
            ProxySettings.fromEnvironment(["ALL_PROXY": "proxy:8080"], for: try url("https://a.b"))
                == ProxySettings(host: "proxy", port: 8080))
        #expect(ProxySettings.fromEnvironment([:], for: try url("https://a.b")) == nil)
        #expect(ProxySettings.fromEnvironment(["HTTPS_PROXY": "socks5://p:1"], for: try url("https://a.b")) == nil)
    }

    @Test("NO_PROXY like curl: *, suffixes with or without a dot, exact IPs, ports")
    func noProxy() {
        #expect(ProxySettings.bypasses(host: "anything.example", port: 443, noProxy: "*"))
        #expect(ProxySettings.bypasses(host: "api.example.com", port: 443, noProxy: "other, example.com"))
        #expect(ProxySettings.bypasses(host: "example.com", port: 443, noProxy: ".example.com"))
        #expect(ProxySettings.bypasses(host: "API.Example.com", port: 443, noProxy: "*.example.com"))
        #expect(!ProxySettings.bypasses(host: "badexample.com", port: 443, noProxy: "example.com"))
        #expect(ProxySettings.bypasses(host: "127.0.0.1", port: 80, noProxy: "localhost,127.0.0.1"))
        #expect(!ProxySettings.bypasses(host: "127.0.0.10", port: 80, noProxy: "127.0.0.1"))
        #expect(ProxySettings.bypasses(host: "api.local", port: 8080, noProxy: "api.local:8080"))
        #expect(!ProxySettings.bypasses(host: "api.local", port: 443, noProxy: "api.local:8080"))
        #expect(ProxySettings.bypasses(host: "::1", port: 80, noProxy: "[::1]:80"))
    }

    @Test("NO_PROXY sends a matching host direct")
    func noProxyEnvironment() throws {
        let environment = ["https_proxy": "http://p:1", "NO_PROXY": "internal.example"]
        #expect(ProxySettings.fromEnvironment(environment, for: try url("https://x.internal.example")) == nil)
        #expect(ProxySettings.fromEnvironment(environment, for: try url("https://x.public.example")) != nil)
    }

    @Test("the connection summary reads like the response pane's line")
    func summary() {
        let info = ConnectionInfo(
            httpVersion: "HTTP/2", tlsVersion: "TLS 1.3", certificateSubject: "CN=api.example.com",
            certificateNotAfter: Date(timeIntervalSince1970: 1_801_353_600))
        #expect(info.summary == "HTTP/2 · TLS 1.3 · CN=api.example.com · expires 2027-01-31")
    }
}
