public import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Synchronization

/// A WebSocket endpoint the mock serves: a path and a scripted conversation. The server sends each
/// of its messages in order; a client message in the script is waited for, and a different one ends
/// the conversation with 1008 and the difference as the reason.
public struct MockConversation: Sendable {
    /// One message of the script.
    public struct Step: Sendable, Equatable {
        /// Whether the server sends it (else the client is expected to).
        public var fromServer: Bool
        /// Text, or `nil` for binary.
        public var text: String?
        /// The bytes of a binary message.
        public var bytes: [UInt8]

        public static func server(text: String) -> Step { Step(fromServer: true, text: text, bytes: []) }
        public static func server(bytes: [UInt8]) -> Step { Step(fromServer: true, text: nil, bytes: bytes) }
        public static func client(text: String) -> Step { Step(fromServer: false, text: text, bytes: []) }
        public static func client(bytes: [UInt8]) -> Step { Step(fromServer: false, text: nil, bytes: bytes) }
    }

    /// The path it answers (`/live/ticks`), without the query.
    public var path: String
    /// The messages each way, in order.
    public var steps: [Step]

    public init(path: String, steps: [Step]) {
        self.path = path
        self.steps = steps
    }
}

/// The mock's WebSocket listener: serves scripted conversations (recorded transcripts, a spec's
/// `websocket.sample`) at their paths on a port of its own; an upgrade to any other path is
/// refused with 404. Every read has a deadline (the handshake the HTTP listener's header timeout,
/// 10 s; then 30 s of silence ends a conversation), every message a limit (1 MiB), and the
/// connections served at once the HTTP listener's cap (`MockServer.Limits`).
public final class MockWebSocketServer: Sendable {
    /// The host it listens on.
    public let host: String
    /// The port it is bound to.
    public let port: Int
    /// The handshake's timeout (`headerTimeout`) and the connection cap (`maximumConnections`).
    public let limits: MockServer.Limits
    private let connections: ConnectionCap
    private let listener: any Channel
    private let acceptTask: Task<Void, Never>

    /// `ws://host:port`.
    public var baseURL: URL {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return URL(string: "ws://\(hostPart):\(port)") ?? URL(fileURLWithPath: "/")
    }

    private enum Accepted: Sendable {
        case conversation(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>, [MockConversation])
        case refused(any Channel)
        /// Past the connection cap with no connection to make room: closed at once.
        case overCap(any Channel)
    }

    static let maximumMessage = 1 << 20
    static let silence = TimeAmount.seconds(30)
    /// The name of the handler that closes a connection whose handshake is not done in time.
    private static let handshakeDeadline = "tern.mock.handshake-deadline"

    private init(
        host: String, port: Int, limits: MockServer.Limits, connections: ConnectionCap, listener: any Channel,
        acceptTask: Task<Void, Never>
    ) {
        self.host = host
        self.port = port
        self.limits = limits
        self.connections = connections
        self.listener = listener
        self.acceptTask = acceptTask
    }

    /// How many connections are open (for tests of the cap).
    var openConnectionCount: Int { connections.count }

    /// Binds and starts serving `conversations`; `port: 0` picks a free port. `limits` bound the
    /// handshake (`headerTimeout`) and the connections served at once (`maximumConnections`), as
    /// the HTTP listener's do.
    public static func start(
        host: String = "127.0.0.1", port: Int = 0, conversations: [MockConversation],
        limits: MockServer.Limits = MockServer.Limits()
    ) async throws -> MockWebSocketServer {
        // Several conversations at one path (two GraphQL subscriptions at /graphql) are told apart by what the
        // client sends, as the conversation goes.
        let routes = Dictionary(grouping: conversations, by: \.path)
        let idle = IdleConnections()
        let connections = ConnectionCap(limit: limits.maximumConnections, idle: idle)
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: host, port: port) { channel in
                // Past the cap, the connection waiting longest for its handshake makes room, or this one goes.
                guard connections.admit() else {
                    return channel.eventLoop.makeSucceededFuture(
                        channel.eventLoop.makeSucceededFuture(Accepted.overCap(channel)))
                }
                channel.closeFuture.whenComplete { _ in connections.release() }
                return channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketServerUpgrader<Accepted>(
                        maxFrameSize: maximumMessage,
                        shouldUpgrade: { channel, head in
                            guard routes[Self.path(of: head.uri)] != nil else {
                                return channel.eventLoop.makeSucceededFuture(nil)
                            }
                            return channel.eventLoop.makeSucceededFuture(Self.acceptedHeaders(for: head.headers))
                        },
                        upgradePipelineHandler: { channel, head in
                            channel.eventLoop.makeCompletedFuture {
                                // Upgraded: the conversation's own deadlines take over from the handshake's.
                                channel.pipeline.syncOperations.removeHandler(
                                    name: Self.handshakeDeadline, promise: nil)
                                let wrapped = try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(
                                    wrappingChannelSynchronously: channel)
                                guard let conversation = routes[Self.path(of: head.uri)] else {
                                    return .refused(channel)
                                }
                                return .conversation(wrapped, conversation)
                            }
                        })
                    let configuration = NIOUpgradableHTTPServerPipelineConfiguration(
                        upgradeConfiguration: NIOTypedHTTPServerUpgradeConfiguration(
                            upgraders: [upgrader],
                            notUpgradingCompletionHandler: { channel in
                                channel.eventLoop.makeSucceededFuture(.refused(channel))
                            }))
                    let upgraded = try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(
                        configuration: configuration)
                    // The HTTP listener's deadlines: a handshake not complete within the header timeout is closed.
                    try channel.pipeline.syncOperations.addHandler(
                        ConnectionDeadlines(limits: limits, idle: idle), name: Self.handshakeDeadline)
                    return upgraded
                }
            }
        let listener = server.channel
        guard let boundPort = listener.localAddress?.port else {
            try? await listener.close()
            throw MockServerError.noBoundPort(host: host)
        }
        let acceptTask = Task(executorPreference: EventLoopExecutor.shared) {
            await withDiscardingTaskGroup { group in
                do {
                    try await server.executeThenClose { inbound in
                        for try await upgrade in inbound {
                            group.addTask {
                                guard let accepted = try? await upgrade.get() else { return }
                                switch accepted {
                                case .conversation(let channel, let candidates):
                                    await Self.serve(candidates, on: channel)
                                case .refused(let channel):
                                    await Self.refuse(channel)
                                case .overCap(let channel):
                                    try? await channel.close()
                                }
                            }
                        }
                    }
                } catch {
                    // The listener was closed: stop accepting.
                }
                group.cancelAll()
            }
        }
        return MockWebSocketServer(
            host: host, port: boundPort, limits: limits, connections: connections, listener: listener,
            acceptTask: acceptTask)
    }

    /// Stops accepting and ends every conversation.
    public func shutdown() async {
        try? await listener.close()
        acceptTask.cancel()
        await acceptTask.value
    }

    /// The same text, or the same JSON (member order and spacing aside); a secret the recording masked
    /// (`••••••`) stands for any text.
    static func same(_ expected: [UInt8], _ actual: [UInt8]) -> Bool {
        if expected == actual { return true }
        let mask = "••••••"
        let pattern = String(decoding: expected, as: UTF8.self)
        if pattern.contains(mask) {
            let parts = pattern.components(separatedBy: mask).map(NSRegularExpression.escapedPattern(for:))
            let regex = try? NSRegularExpression(
                pattern: "^" + parts.joined(separator: "(?:.+?)") + "$", options: .dotMatchesLineSeparators)
            let text = String(decoding: actual, as: UTF8.self)
            if regex?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil { return true }
        }
        guard let one = try? JSONSerialization.jsonObject(with: Data(expected), options: .fragmentsAllowed),
            let other = try? JSONSerialization.jsonObject(with: Data(actual), options: .fragmentsAllowed)
        else { return false }
        return (one as? NSObject)?.isEqual(other) == true
    }

    /// What the upgrade answers: the first subprotocol the client offers (`graphql-transport-ws` for a
    /// GraphQL subscription), as the recorded server chose it; a client that asks for one and gets none
    /// would close at once.
    static func acceptedHeaders(for request: HTTPHeaders) -> HTTPHeaders {
        let offered = request[canonicalForm: "Sec-WebSocket-Protocol"]
        guard let first = offered.first.map(String.init), !first.isEmpty else { return [:] }
        return ["Sec-WebSocket-Protocol": first]
    }

    static func path(of uri: String) -> String {
        String(uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// A request that is not an upgrade to a served path: 404 and close.
    private static func refuse(_ channel: any Channel) async {
        let body = "no WebSocket conversation is served at this path\n"
        var head = HTTPResponseHead(version: .http1_1, status: .notFound)
        head.headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        head.headers.add(name: "Content-Length", value: String(body.utf8.count))
        head.headers.add(name: "Connection", value: "close")
        channel.write(HTTPServerResponsePart.head(head), promise: nil)
        channel.write(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: body))), promise: nil)
        try? await channel.writeAndFlush(HTTPServerResponsePart.end(nil)).get()
        try? await channel.close()
    }

    /// Plays `conversation` on `channel`, then closes with 1000 (1008 when the client said something else).
    /// Plays the conversation among `candidates` (the path's, in the order given) that the client's messages
    /// match: the server's messages of the first one still in the running, each client message narrowing them
    /// to those that recorded it there. One that none recorded ends it with 1008.
    private static func serve(
        _ candidates: [MockConversation], on channel: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>
    ) async {
        let underlying = channel.channel
        try? await channel.executeThenClose { inbound, outbound in
            var reader = MessageReader(inbound: inbound.makeAsyncIterator(), outbound: outbound)
            var code = WebSocketErrorCode.normalClosure
            var reason = ""
            var running = candidates
            var index = 0
            while true {
                // A conversation that has ended gives way to one that goes on the same way.
                if running.contains(where: { index < $0.steps.count }) { running.removeAll { index >= $0.steps.count } }
                guard let step = running.first.flatMap({ index < $0.steps.count ? $0.steps[index] : nil }) else {
                    break
                }
                defer { index += 1 }
                if step.fromServer {
                    running.removeAll { index >= $0.steps.count || $0.steps[index] != step }
                    let frame =
                        step.text.map { WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: $0)) }
                        ?? WebSocketFrame(fin: true, opcode: .binary, data: ByteBuffer(bytes: step.bytes))
                    try await outbound.write(frame)
                    continue
                }
                let deadline = underlying.eventLoop.scheduleTask(in: silence) { underlying.close(promise: nil) }
                defer { deadline.cancel() }
                guard let message = try await reader.next() else { return }
                running.removeAll { conversation in
                    guard index < conversation.steps.count, !conversation.steps[index].fromServer else { return true }
                    let expected = conversation.steps[index]
                    let matches =
                        expected.text.map { message.opcode == .text && Self.same(Array($0.utf8), message.bytes) }
                        ?? (message.opcode == .binary && message.bytes == expected.bytes)
                    return !matches
                }
                if running.isEmpty {
                    code = .policyViolation
                    reason = "message \(index + 1) differs from the recorded one"
                    break
                }
            }
            reader.echoesClose = false
            var data = ByteBuffer()
            data.write(webSocketErrorCode: code)
            if !reason.isEmpty { data.writeString(reason) }
            try await outbound.write(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))
            // The client's close answers ours; then the connection ends.
            let deadline = underlying.eventLoop.scheduleTask(in: .seconds(5)) { underlying.close(promise: nil) }
            defer { deadline.cancel() }
            while try await reader.next() != nil {}
        }
    }
}

/// Reads whole messages from a client: assembles fragments, answers pings, stops at its close.
private struct MessageReader {
    struct Message {
        var opcode: WebSocketOpcode
        var bytes: [UInt8]
    }

    var inbound: NIOAsyncChannelInboundStream<WebSocketFrame>.AsyncIterator
    let outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>
    /// Whether a close from the client is answered (not once the server has sent its own).
    var echoesClose = true

    mutating func next() async throws -> Message? {
        var partial: Message?
        while let frame = try await inbound.next() {
            var data = frame.unmaskedData
            let bytes = data.readBytes(length: data.readableBytes) ?? []
            switch frame.opcode {
            case .ping:
                try await outbound.write(WebSocketFrame(fin: true, opcode: .pong, data: ByteBuffer(bytes: bytes)))
            case .pong:
                continue
            case .connectionClose:
                // A client that closes first is answered with its own code, as RFC 6455 §5.5.1 asks.
                if echoesClose {
                    try? await outbound.write(
                        WebSocketFrame(fin: true, opcode: .connectionClose, data: ByteBuffer(bytes: bytes.prefix(2))))
                }
                return nil
            case .text, .binary:
                partial = Message(opcode: frame.opcode, bytes: bytes)
            case .continuation:
                partial?.bytes += bytes
            default:
                return nil
            }
            if let message = partial, message.bytes.count > MockWebSocketServer.maximumMessage { return nil }
            if frame.fin, let message = partial, frame.opcode != .ping, frame.opcode != .pong { return message }
        }
        return nil
    }
}
