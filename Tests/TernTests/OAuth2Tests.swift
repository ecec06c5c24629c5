import Foundation
import HTTPTypes
import Synchronization
import TernHTTPClient
import TernTesting
import Testing

@testable import Tern

/// OAuth 2.0 against the mock server's provider on 127.0.0.1: every grant, refresh before expiry and after
/// a 401, coalescing, and the provider's errors.
@Suite("OAuth 2.0 against a real provider")
struct OAuth2Tests {
    struct UserInfo: Decodable, Sendable {
        var sub: String
        var scope: String
    }

    static func configuration(
        _ server: MockServer, grant: OAuth2Configuration.Grant = .clientCredentials, clientID: String = "tern-test",
        secret: String? = "demo-secret", tokenQuery: String = ""
    ) -> OAuth2Configuration {
        let base = server.baseURL.absoluteString
        var configuration = OAuth2Configuration(
            grant: grant, tokenURL: URL(string: base + "/oauth/token" + tokenQuery) ?? server.baseURL,
            clientID: clientID, clientSecret: secret, scope: "read write")
        configuration.authorizationURL = URL(string: base + "/oauth/authorize")
        configuration.deviceAuthorizationURL = URL(string: base + "/oauth/device/code")
        configuration.authorizationTimeout = .seconds(20)
        return configuration
    }

    @Test("RFC 7636 Appendix B: the S256 challenge of the RFC's verifier")
    func pkceVector() {
        let pkce = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        let random = PKCE()
        #expect(random.verifier.count == 43 && random.verifier != PKCE().verifier)
        #expect(random.verifier.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    }

    @Test("client credentials: one token for many sends, six concurrent first sends share one token request")
    func clientCredentials() async throws {
        try await withMockServer { server async throws in
            let interceptor = OAuth2Interceptor(Self.configuration(server))
            let handler = liveHandler(server, mode: .live, interceptors: [interceptor])
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<6 {
                    group.addTask { try await handler.send(get("oauth/userinfo", on: server)).statusCode }
                }
                for try await status in group { #expect(status == 200) }
            }
            let info = try await handler.decode(UserInfo.self, from: get("oauth/userinfo", on: server))
            #expect(info.sub == "tern-test" && info.scope == "read write")
            #expect(server.requestCount(path: "/oauth/token") == 1)
            #expect(interceptor.authenticator.currentToken?.expiresAt != nil)
        }
    }

    @Test("the secret may go in the form body instead of Basic; a wrong one is the provider's invalid_client")
    func clientAuthentication() async throws {
        try await withMockServer { server async throws in
            var inBody = Self.configuration(server)
            inBody.clientAuthentication = .body
            let handler = liveHandler(server, mode: .live, interceptors: [OAuth2Interceptor(inBody)])
            #expect(try await handler.send(get("oauth/userinfo", on: server)).statusCode == 200)

            let wrong = liveHandler(
                server, mode: .live, interceptors: [OAuth2Interceptor(Self.configuration(server, secret: "nope"))])
            let error = await #expect(throws: TernError.self) {
                try await wrong.send(get("oauth/userinfo", on: server))
            }
            #expect(error?.kind == .authentication)
            #expect(error?.message.contains("invalid_client") == true, "\(String(describing: error))")
            #expect(error?.message.contains("nope") == false)
        }
    }

    @Test("a token the server refuses (401) is replaced once and the request sent again")
    func refreshAfter401() async throws {
        try await withMockServer { server async throws in
            let configuration = Self.configuration(server)
            let storage = InMemoryOAuth2TokenStorage()
            let key = OAuth2TokenKey(configuration: configuration, partition: nil)
            storage.save(OAuth2Token(accessToken: "at-revoked", expiresAt: Date().addingTimeInterval(3600)), for: key)
            let handler = liveHandler(
                server, mode: .live, interceptors: [OAuth2Interceptor(configuration, storage: storage)],
                clock: SystemClock())
            #expect(try await handler.send(get("oauth/userinfo", on: server)).statusCode == 200)
            #expect(server.requestCount(path: "/oauth/userinfo") == 2)
            #expect(server.requestCount(path: "/oauth/token") == 1)
            #expect(storage.token(for: key)?.accessToken.hasPrefix("at-") == true)
            #expect(storage.token(for: key)?.accessToken != "at-revoked")
        }
    }

    @Test("authorization code with PKCE: the browser's redirect reaches the loopback listener, the code is exchanged")
    func authorizationCode() async throws {
        try await withMockServer { server async throws in
            let prompts = Mutex<[OAuth2Prompt]>([])
            let clock = TestClock(start: Date())
            let interceptor = OAuth2Interceptor(
                Self.configuration(server, grant: .authorizationCode, clientID: "tern-browser", secret: nil),
                present: { prompt in
                    prompts.withLock { $0.append(prompt) }
                    if case .openURL(let url, _) = prompt { Browser.open(url) }
                })
            let handler = liveHandler(server, mode: .live, interceptors: [interceptor], clock: clock)
            let info = try await handler.decode(UserInfo.self, from: get("oauth/userinfo", on: server))
            #expect(info.sub == "tern-browser")
            let shown = prompts.withLock { $0 }
            #expect(shown.count == 2, "\(shown)")
            guard case .openURL(let url, let redirect)? = shown.first else {
                Issue.record("no sign-in URL was shown: \(shown)")
                return
            }
            #expect(redirect.hasPrefix("http://127.0.0.1:") && redirect.hasSuffix("/callback"))
            let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            #expect(query.contains { $0.name == "code_challenge_method" && $0.value == "S256" })
            #expect(shown.last == .finished(succeeded: true))

            // Within the minute before expiry the refresh token is used: no second sign-in.
            clock.advance(by: 3600 - 30)
            #expect(try await handler.send(get("oauth/userinfo", on: server)).statusCode == 200)
            #expect(server.requestCount(path: "/oauth/token") == 2)
            #expect(server.requestCount(path: "/oauth/authorize") == 1)
            #expect(prompts.withLock { $0.count } == 2)
        }
    }

    @Test("a redirect with another state gets an error page and the sign-in waits on for the real one")
    func forgedStateDoesNotEndTheSignIn() async throws {
        try await withMockServer { server async throws in
            var configuration = Self.configuration(
                server, grant: .authorizationCode, clientID: "tern-browser", secret: nil)
            // Three visits one after the other on a loaded machine: a generous wait (a pass never waits it out).
            configuration.authorizationTimeout = .seconds(90)
            let client = OAuth2Client(configuration: configuration, handler: liveHandler(server, mode: .live))
            final class Visits: Sendable {
                let pages = Mutex<[String]>([])
                let task = Mutex<Task<Void, Never>?>(nil)
            }
            let visits = Visits()
            let token = try await client.authorizationCode { prompt in
                guard case .openURL(let url, let redirect) = prompt else { return }
                // Another local process or a web page reaches the listener first, with no or another
                // state; then the browser comes back from the provider. (The listener serves once this
                // closure returns.)
                let port = URL(string: redirect)?.port ?? 0
                let path = URL(string: redirect)?.path ?? "/callback"
                let task = Task {
                    // Raw requests, not processes: another local program reaching the port first.
                    for query in ["?code=stolen", "?code=stolen&state=forged"] {
                        guard let client = try? RawClient(port: port) else { continue }
                        _ = await client.send("GET \(path)\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                        let page = await client.read(until: "</p>", within: .seconds(30))
                        visits.pages.withLock { $0.append(page) }
                    }
                    Browser.open(url)
                }
                visits.task.withLock { $0 = task }
            }
            await visits.task.withLock { $0 }?.value
            #expect(!token.accessToken.isEmpty)
            let shown = visits.pages.withLock { $0 }
            #expect(shown.count == 2)
            #expect(shown.allSatisfy { $0.contains("not the sign-in Tern is waiting for") }, "\(shown)")
        }
    }

    @Test("a refused sign-in is an error, and the listener's port is free again")
    func authorizationCodeFailures() async throws {
        try await withMockServer { server async throws in
            for (change, expected) in [("&deny=1", "access_denied")] {
                // Port 0: the listener takes a free port (a port picked beforehand could be taken by
                // another test's connection in between); the prompt's redirect_uri says which.
                let configuration = Self.configuration(
                    server, grant: .authorizationCode, clientID: "tern-browser", secret: nil)
                let client = OAuth2Client(configuration: configuration, handler: liveHandler(server, mode: .live))
                let listenedOn = Mutex<Int?>(nil)
                let error = await #expect(throws: TernError.self) {
                    try await client.authorizationCode { prompt in
                        guard case .openURL(let url, _) = prompt else { return }
                        let redirect = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
                            .first { $0.name == "redirect_uri" }?.value
                        listenedOn.withLock { $0 = redirect.flatMap { URL(string: $0)?.port } }
                        // The forged state replaces the real one in the URL the browser opens.
                        var text = url.absoluteString
                        if change.hasPrefix("&state="),
                            let range = text.range(of: "state=[^&]*", options: .regularExpression)
                        {
                            text.replaceSubrange(range, with: "state=forged")
                        } else {
                            text += change
                        }
                        Browser.open(URL(string: text) ?? url)
                    }
                }
                #expect(error?.message.contains(expected) == true, "\(String(describing: error))")
                // The port was released: nothing there answers as the sign-in listener does. (Nothing accepting
                // at all is no test under a parallel run: the kernel may give the freed port to another test's
                // server; binding it again neither, as another test's outgoing connection may hold it.)
                let port = try #require(listenedOn.withLock { $0 })
                #expect(port > 0)
                #expect(await !Self.signInListenerAnswers(on: port), "127.0.0.1:\(port) still listens for the sign-in")
            }
        }
    }

    /// Whether the loopback redirect listener answers on `port`: it tells a request that is not the redirect
    /// "Not a sign-in redirect." (anything else there is someone else's server, or nothing).
    static func signInListenerAnswers(on port: Int) async -> Bool {
        let transport = HTTPClientTransport()
        defer { Task { try? await transport.shutdown() } }
        guard let url = URL(string: "http://127.0.0.1:\(port)/not-the-redirect"),
            let reply = try? await transport.perform(Request(url: url), context: TransportContext(timeout: .seconds(3)))
        else { return false }
        return String(decoding: reply.body, as: UTF8.self).contains("Not a sign-in redirect")
    }

    @Test("device code: the user code is shown, polling waits for the approval, then the token arrives")
    func deviceCode() async throws {
        try await withMockServer { server async throws in
            let shown = Mutex<[OAuth2Prompt]>([])
            let interceptor = OAuth2Interceptor(
                Self.configuration(server, grant: .deviceCode, clientID: "tern-device", secret: nil),
                present: { prompt in
                    shown.withLock { $0.append(prompt) }
                    guard case .enterCode(let code, let verification, _, _) = prompt else { return }
                    let approve = URL(string: verification.absoluteString + "?user_code=" + code) ?? verification
                    Browser.open(approve)
                })
            let handler = liveHandler(server, mode: .live, interceptors: [interceptor], clock: SystemClock())
            let info = try await handler.decode(UserInfo.self, from: get("oauth/userinfo", on: server))
            #expect(info.sub == "tern-device")
            guard case .enterCode(let code, _, let complete, _)? = shown.withLock({ $0.first }) else {
                Issue.record("no user code was shown")
                return
            }
            #expect(code.count == 9 && code.contains("-"))
            #expect(complete?.absoluteString.hasSuffix("user_code=\(code)") == true)
            #expect(server.requestCount(path: "/oauth/device/code") == 1)
            #expect(server.requestCount(path: "/oauth/token") >= 1)
        }
    }

    @Test("device code refused on the other device is an authentication error")
    func deviceCodeDenied() async throws {
        try await withMockServer { server async throws in
            let configuration = Self.configuration(server, grant: .deviceCode, clientID: "tern-device", secret: nil)
            let client = OAuth2Client(
                configuration: configuration, handler: liveHandler(server, mode: .live, clock: SystemClock()))
            let error = await #expect(throws: TernError.self) {
                try await client.deviceCode { prompt in
                    guard case .enterCode(let code, let verification, _, _) = prompt else { return }
                    Browser.open(URL(string: verification.absoluteString + "?deny=1&user_code=" + code) ?? verification)
                }
            }
            #expect(error?.kind == .authentication)
            #expect(error?.message.contains("refused") == true, "\(String(describing: error))")
        }
    }

    @Test("a refresh token the provider refuses falls back to the grant; token requests are never stored")
    func refusedRefreshToken() async throws {
        try await withMockServer { server async throws in
            let configuration = Self.configuration(server)
            let storage = InMemoryOAuth2TokenStorage()
            let key = OAuth2TokenKey(configuration: configuration, partition: nil)
            let expired = OAuth2Token(accessToken: "at-old", refreshToken: "rt-unknown", expiresAt: .distantPast)
            storage.save(expired, for: key)
            let memory = MemoryStorage()
            let handler = liveHandler(
                server, storage: memory, mode: .normal,
                interceptors: [OAuth2Interceptor(configuration, storage: storage)], clock: SystemClock())
            #expect(try await handler.send(get("oauth/userinfo", on: server)).statusCode == 200)
            // One refused refresh, then client credentials.
            #expect(server.requestCount(path: "/oauth/token") == 2)
            let keys = await memory.entries().map(\.key)
            #expect(!keys.contains { $0.contains("/oauth/token") }, "\(keys)")
        }
    }

    @Test("an interactive grant without a way to show the prompt fails at once, naming what is missing")
    func interactiveWithoutPresenter() async throws {
        try await withMockServer { server async throws in
            let configuration = Self.configuration(server, grant: .deviceCode, secret: nil)
            let handler = liveHandler(server, mode: .live, interceptors: [OAuth2Interceptor(configuration)])
            let error = await #expect(throws: TernError.self) {
                try await handler.send(get("oauth/userinfo", on: server))
            }
            #expect(error?.message.contains("present") == true, "\(String(describing: error))")
        }
    }
}

/// Plays the browser: `curl -sL` follows the provider's redirect to the loopback listener, in the background
/// (the sign-in waits for it).
enum Browser {
    /// The browsers started, kept until they exit.
    private static let running = Mutex<[ChildProcess]>([])

    static func open(_ url: URL) {
        guard
            let process = try? ChildProcess(
                "/usr/bin/curl", ["-s", "-L", "--max-time", "15", "-o", "/dev/null", url.absoluteString])
        else { return }
        running.withLock { list in
            list.removeAll { !$0.isRunning }
            list.append(process)
        }
    }
}
