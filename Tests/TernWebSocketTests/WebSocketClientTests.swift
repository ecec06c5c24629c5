import Foundation
import HTTPTypes
import TernMock
import TernTesting
import Testing

@testable import Tern
@testable import TernWebSocket

/// The library's client against Python's `websockets` server on 127.0.0.1: messages each way,
/// closes with codes, limits, the interceptors' headers, a proxy, and what goes wrong before the upgrade.
@Suite("WebSocket client (Python websockets)", .serialized, .timeLimit(.minutes(3)))
struct WebSocketClientTests {
    func handler(
        storage: (any StorageManager)? = MemoryStorage(), mode: ResponseMode = .normal,
        interceptors: [any Interceptor] = [], connector: WebSocketClientConnector = .shared
    ) -> Handler {
        Handler(
            transport: InMemoryTransport { _, _ in TransportResponse(status: .notFound) }, storage: storage, mode: mode,
            interceptors: interceptors, webSockets: connector)
    }

    func withServer(_ body: (WebSocketServer) async throws -> Void) async throws {
        guard WebSocketServer.python != nil else {
            Issue.record("python3-websockets is not installed (make deps installs it)")
            return
        }
        try await WebSocketServer.with(body)
    }

    /// Every event until the close, at most `limit`.
    func events(of socket: WebSocket, limit: Int = 100) async throws -> [WebSocketEvent] {
        var events: [WebSocketEvent] = []
        for try await event in socket {
            events.append(event)
            if events.count >= limit { break }
        }
        return events
    }

    func texts(_ events: [WebSocketEvent]) -> [String] {
        events.compactMap { if case .message(.text(let text), _) = $0 { text } else { nil } }
    }

    @Test("text and binary go out and come back; close(1000) ends the conversation and its transcript")
    func echo() async throws {
        try await withServer { server in
            let socket = try await handler().connect(Request(url: URL(string: "\(server.baseURL)/echo")!))
            #expect(socket.source == .live)
            try await socket.send(text: "hello")
            try await socket.send(.binary(Data([0, 1, 2, 255])))
            var received: [WebSocketMessage] = []
            for try await event in socket {
                if case .message(let message, _) = event { received.append(message) }
                if received.count == 2 { break }
            }
            #expect(received == [.text("hello"), .binary(Data([0, 1, 2, 255]))])
            let close = await socket.close()
            #expect(close == WebSocketClose(code: .normal, initiator: .sent))
            let transcript = socket.transcript
            #expect(transcript.frames.map(\.direction) == [.sent, .sent, .received, .received])
            #expect(transcript.close?.code == .normal)
            #expect(transcript.frames.allSatisfy { $0.offset >= 0 })
        }
    }

    @Test("the upgrade carries the interceptors' and the session's headers, and offers permessage-deflate")
    func interceptorsApply() async throws {
        try await withServer { server in
            let adapter = RequestAdapter { request in
                var request = request
                request.headers[.authorization] = "Bearer t0ken"
                return request
            }
            let handler = handler(interceptors: [adapter])
            handler.setDefaultHeader(HTTPField.Name("X-Team")!, "tern")
            let socket = try await handler.connect(Request(url: URL(string: "\(server.baseURL)/headers")!))
            let events = try await events(of: socket, limit: 1)
            await socket.close()
            let json = try #require(texts(events).first)
            let headers = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
            #expect(headers["authorization"] == "Bearer t0ken")
            #expect(headers["x-team"] == "tern")
            #expect(headers["sec-websocket-extensions"]?.contains("permessage-deflate") == true)
            #expect(headers["accept-encoding"] == nil)
        }
    }

    @Test("a big message compressed both ways comes back whole")
    func compressedBigMessage() async throws {
        try await withServer { server in
            let socket = try await handler().connect(Request(url: URL(string: "\(server.baseURL)/echo")!))
            let text = String(repeating: "tern websocket ", count: 40_000)
            try await socket.send(text: text)
            let events = try await events(of: socket, limit: 1)
            await socket.close()
            #expect(texts(events) == [text])
        }
    }

    @Test("the server's close code and reason end the iteration")
    func serverCloses() async throws {
        try await withServer { server in
            let socket = try await handler().connect(
                Request(url: URL(string: "\(server.baseURL)/close?code=4001&reason=bye")!))
            let events = try await events(of: socket)
            #expect(
                events == [.closed(WebSocketClose(code: WebSocketCloseCode(4001), reason: "bye", initiator: .received))]
            )
        }
    }

    @Test("a connection dropped without a close frame is an abnormal close (1006)")
    func dropped() async throws {
        try await withServer { server in
            let socket = try await handler().connect(Request(url: URL(string: "\(server.baseURL)/drop")!))
            let events = try await events(of: socket)
            guard case .closed(let close) = events.last else {
                Issue.record("no close: \(events)")
                return
            }
            #expect(close.code == .abnormal)
            #expect(!close.code.isNormal)
        }
    }

    @Test("a message over the limit is never delivered and ends the conversation, plain or compressed")
    func messageLimit() async throws {
        try await withServer { server in
            for compression in [false, true] {
                var options = WebSocketOptions()
                options.maximumMessageSize = 1000
                options.maximumFrameSize = 1000
                options.compression = compression
                let socket = try await handler().connect(
                    Request(url: URL(string: "\(server.baseURL)/big?bytes=50000")!), options: options)
                let events = try await events(of: socket)
                guard case .closed(let close) = events.last else {
                    Issue.record("no close: \(events)")
                    return
                }
                #expect(events.count == 1, "no part of the big message is delivered: \(events)")
                #expect(!close.code.isNormal, "\(close)")
                #expect(close.reason?.contains("1000 bytes") == true || compression, "\(close)")
            }
        }
    }

    @Test("a server that is not there is a sentence with its address")
    func refused() async throws {
        let port = try FreePort.onLoopback()
        do {
            _ = try await handler().connect(Request(url: URL(string: "ws://127.0.0.1:\(port)/echo")!))
            Issue.record("connected to a closed port")
        } catch {
            #expect(error.kind == .connection, "\(error)")
            #expect(error.message.contains("127.0.0.1:\(port)"), "\(error.message)")
        }
    }

    @Test("an HTTP server that does not switch protocols is told apart from a network failure")
    func upgradeDeclined() async throws {
        try await withMockServer { server in
            let url = server.baseURL.appendingPathComponent("echo").withWebSocketScheme(true)
            do {
                _ = try await handler().connect(Request(url: url))
                Issue.record("an HTTP endpoint switched to WebSocket")
            } catch let error as TernError {
                #expect(error.kind == .unacceptableStatus, "\(error)")
                #expect(error.message.contains("did not switch to WebSocket"), "\(error.message)")
            }
        }
    }

    @Test("a server that accepts and never answers the upgrade: the connect timeout, not a hang")
    func connectTimeout() async throws {
        let listener = try await UnresponsiveListener()
        var options = WebSocketOptions()
        options.connectTimeout = .milliseconds(500)
        do {
            _ = try await handler().connect(
                Request(url: URL(string: "ws://127.0.0.1:\(listener.port)/")!), options: options)
            Issue.record("connected to a silent server")
        } catch {
            #expect(error.kind == .timeout, "\(error)")
        }
    }

    @Test("cancelling the task that iterates ends the conversation")
    func cancellation() async throws {
        try await withServer { server in
            let socket = try await handler().connect(
                Request(url: URL(string: "\(server.baseURL)/ticks?n=100000&gap=0.01")!))
            let reader = Task {
                var count = 0
                for try await event in socket {
                    if case .message = event { count += 1 }
                }
                return count
            }
            try await Task.sleep(for: .milliseconds(300))
            reader.cancel()
            let count = try await reader.value
            #expect(count < 100_000)
            #expect(socket.isClosed)
        }
    }

    @Test("a recorded conversation replays offline: the same message gets the same answers, another is a miss")
    func recordAndReplay() async throws {
        let storage = MemoryStorage()
        let subscribe = #"{"op":"subscribe","channel":"ticks"}"#
        var url: URL!
        try await withServer { server in
            url = URL(string: "\(server.baseURL)/subscribe")!
            let socket = try await handler(storage: storage).connect(Request(url: url))
            try await socket.send(text: subscribe)
            let events = try await events(of: socket, limit: 3)
            #expect(texts(events) == [#"{"subscribed": "ticks"}"#, #"{"tick": 1}"#, #"{"tick": 2}"#])
            await socket.close()
        }
        let entries = await storage.entries()
        #expect(entries.count == 1)
        #expect(entries.first?.headers[.contentType] == WebSocketTranscript.contentType)

        // The server is gone: cache mode answers from the transcript.
        let offline = handler(storage: storage, mode: .cache)
        var options = WebSocketOptions()
        options.replayPacing = .immediate
        let replay = try await offline.connect(Request(url: url), options: options)
        #expect(replay.source == .cache)
        try await replay.send(text: subscribe)
        let replayed = try await events(of: replay)
        #expect(texts(replayed) == [#"{"subscribed": "ticks"}"#, #"{"tick": 1}"#, #"{"tick": 2}"#])
        #expect(replayed.last == .closed(WebSocketClose(code: .normal, initiator: .sent)))
        // The client ended the recording: a message after its end is one the recording does not have.
        do {
            try await replay.send(text: "more")
            Issue.record("a message past the recording was taken")
        } catch {
            #expect(error.kind == .cacheMiss)
            #expect(error.message.contains("no more messages from the client after 1"), "\(error.message)")
        }

        let other = try await offline.connect(Request(url: url), options: options)
        do {
            try await other.send(text: #"{"op":"subscribe","channel":"news"}"#)
            Issue.record("a different message was answered")
        } catch {
            #expect(error.kind == .cacheMiss)
            #expect(error.message.contains("client message #1"), "\(error.message)")
            #expect(error.message.contains("ticks"), "\(error.message)")
        }
    }

    @Test("through a proxy: the upgrade goes through a CONNECT tunnel")
    func throughProxy() async throws {
        guard TinyProxy.binary != nil else {
            Issue.record("tinyproxy is not installed (make deps installs it)")
            return
        }
        try await withServer { server in
            try await TinyProxy.with { proxy in
                var configuration = TransportConfiguration()
                configuration.proxy = ProxySettings(host: "127.0.0.1", port: proxy.port)
                let connector = WebSocketClientConnector(configuration: configuration)
                let socket = try await handler(connector: connector).connect(
                    Request(url: URL(string: "\(server.baseURL)/greet")!))
                let events = try await events(of: socket, limit: 1)
                await socket.close()
                #expect(texts(events) == ["welcome"])
                #expect(proxy.log.contains("CONNECT 127.0.0.1:\(server.port)"), "\(proxy.log)")
            }
        }
    }
}

/// The mock's WebSocket listener, talked to by the library's client.
@Suite("Mock WebSocket conversations", .timeLimit(.minutes(1)))
struct MockWebSocketTests {
    func handler() -> Handler {
        Handler(
            transport: InMemoryTransport { _, _ in TransportResponse(status: .notFound) }, storage: nil,
            webSockets: WebSocketClientConnector.shared)
    }

    @Test("a scripted conversation: the server speaks, waits for the client's message (JSON in any order), goes on")
    func scripted() async throws {
        let server = try await MockWebSocketServer.start(conversations: [
            MockConversation(
                path: "/chat",
                steps: [
                    .server(text: "welcome"), .client(text: #"{"a":1,"b":2}"#), .server(bytes: [1, 2]),
                    .server(text: "bye"),
                ])
        ])
        let socket = try await handler().connect(Request(url: URL(string: "\(server.baseURL)/chat?x=1")!))
        var received: [WebSocketMessage] = []
        var close: WebSocketClose?
        for try await event in socket {
            switch event {
            case .message(let message, _):
                received.append(message)
                if message == .text("welcome") { try await socket.send(text: #"{"b": 2, "a": 1}"#) }
            case .closed(let closed): close = closed
            }
        }
        #expect(received == [.text("welcome"), .binary(Data([1, 2])), .text("bye")])
        #expect(close == WebSocketClose(code: .normal, initiator: .received))
        await server.shutdown()
    }

    @Test("a client message other than the script's ends it with 1008; an unknown path is refused")
    func mismatch() async throws {
        let server = try await MockWebSocketServer.start(conversations: [
            MockConversation(path: "/chat", steps: [.client(text: "hello"), .server(text: "hi")])
        ])
        let socket = try await handler().connect(Request(url: URL(string: "\(server.baseURL)/chat")!))
        try await socket.send(text: "goodbye")
        var close: WebSocketClose?
        for try await event in socket { if case .closed(let closed) = event { close = closed } }
        #expect(close?.code == .policyViolation)
        #expect(close?.reason == "message 1 differs from the recorded one")
        do {
            _ = try await handler().connect(Request(url: URL(string: "\(server.baseURL)/other")!))
            Issue.record("an unknown path was served")
        } catch {
            #expect(error.kind == .unacceptableStatus)
        }
        await server.shutdown()
    }
}

/// Replaying a stored conversation: waits, pacing, cancellation and what a miss says.
@Suite("WebSocket replay", .timeLimit(.minutes(1)))
struct WebSocketReplayTests {
    func transcript(_ frames: [(WebSocketDirection, String, Double)]) -> WebSocketTranscript {
        WebSocketTranscript(
            url: "ws://h/x", openedAt: Date(),
            frames: frames.map { .init(direction: $0.0, message: .text($0.1), offset: $0.2) },
            close: WebSocketClose(code: .normal, initiator: .sent))
    }

    @Test("a reader waiting for the client's recorded message ends when its task is cancelled")
    func cancelWhileWaiting() async throws {
        let replay = WebSocketReplay(
            transcript: transcript([(.sent, "hello", 0), (.received, "hi", 0.1)]), pacing: .recorded,
            clock: SystemClock(), label: "GET ws://h/x")
        let reader = Task { try await replay.receive() }
        try await Task.sleep(for: .milliseconds(50))
        reader.cancel()
        #expect(try await reader.value == nil)
    }

    @Test("a close during a long recorded gap comes first")
    func closeDuringGap() async throws {
        let replay = WebSocketReplay(
            transcript: transcript([(.received, "soon", 0), (.received, "an hour later", 3600)]), pacing: .recorded,
            clock: SystemClock(), label: "GET ws://h/x")
        #expect(try await replay.receive() == .message(.text("soon")))
        let reader = Task { try await replay.receive() }
        try await Task.sleep(for: .milliseconds(50))
        await replay.close(.normal, reason: nil)
        #expect(try await reader.value == .closed(WebSocketClose(code: .normal, initiator: .sent)))
    }

    @Test("a miss counts the client's messages once, and masks a secret before it shortens the text")
    func missMessage() async throws {
        let secret = "sk_live_0123456789abcdef"
        let replay = WebSocketReplay(
            transcript: transcript([(.sent, "a", 0), (.received, "x", 0), (.sent, "b", 0)]), pacing: .immediate,
            clock: SystemClock(), label: "GET ws://h/x", redactor: Redactor(secretValues: [secret]))
        try await replay.send(.text("a"))
        #expect(try await replay.receive() == .message(.text("x")))
        do {
            try await replay.send(.text(String(repeating: "padding ", count: 5) + secret))
            Issue.record("a different message was answered")
        } catch {
            #expect(error.message.contains("client message #2 was text \"b\""), "\(error.message)")
            #expect(!error.message.contains("sk_live"), "\(error.message)")
        }
    }
}

/// `wss://` against Python's `websockets` over TLS with a test CA's certificate for localhost.
@Suite("WebSocket over TLS", .serialized, .timeLimit(.minutes(1)))
struct WebSocketTLSTests {
    func handler(tls: TLSSettings) -> Handler {
        var configuration = TransportConfiguration()
        configuration.tls = tls
        return Handler(
            transport: InMemoryTransport { _, _ in TransportResponse(status: .notFound) }, storage: nil,
            webSockets: WebSocketClientConnector(configuration: configuration))
    }

    @Test("trusted through tls.caFile it talks; untrusted it is a TLS error; an IP address says to use a name")
    func secure() async throws {
        guard WebSocketServer.python != nil else {
            Issue.record("python3-websockets is not installed (make deps installs it)")
            return
        }
        let authority = try TestCertificateAuthority()
        try await WebSocketServer.with(certificate: try authority.issueServer()) { server in
            var trusted = TLSSettings()
            trusted.certificateAuthorityPEM = authority.caPEM
            let socket = try await handler(tls: trusted).connect(
                Request(url: URL(string: "\(server.baseURL)/greet")!))
            var first: WebSocketMessage?
            for try await event in socket {
                if case .message(let message, _) = event {
                    first = message
                    break
                }
            }
            await socket.close()
            #expect(first == .text("welcome"))
            do {
                _ = try await handler(tls: TLSSettings()).connect(Request(url: URL(string: "\(server.baseURL)/greet")!))
                Issue.record("an untrusted certificate was accepted")
            } catch {
                #expect((error as? TernError)?.kind == .tls, "\(error)")
                #expect("\(error)".contains("TLS with localhost:\(server.port) failed: the certificate"), "\(error)")
            }
            do {
                _ = try await handler(tls: trusted).connect(
                    Request(url: URL(string: "wss://127.0.0.1:\(server.port)/greet")!))
                Issue.record("wss to an IP address went through")
            } catch {
                #expect((error as? TernError)?.kind == .unsupported)
                #expect("\(error)".contains("wss://localhost:\(server.port)"), "\(error)")
            }
        }
    }
}
