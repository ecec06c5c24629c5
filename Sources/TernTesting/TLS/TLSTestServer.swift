public import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import Synchronization

/// An HTTPS server on 127.0.0.1 for tests, with certificates made by `TestCertificateAuthority`: it
/// answers every request with a JSON echo (`method`, `path`, `version`, `headers`) and speaks HTTP/2
/// when the client offers `h2` by ALPN (unless `http2` is off). Stop it with `stop()`.
public final class TLSTestServer: Sendable {
    /// Which server certificate the server presents.
    public enum Leaf: Sendable {
        /// Issued by the CA for localhost and 127.0.0.1, valid now.
        case valid
        /// Issued by the CA, expired yesterday.
        case expired
        /// Issued by the CA for `other.example` only.
        case wrongHost
        /// Self-signed for localhost and 127.0.0.1.
        case selfSigned
    }

    /// The port on 127.0.0.1.
    public let port: Int
    /// The CA that issued the server certificate (and can issue client certificates).
    public let authority: TestCertificateAuthority
    /// A client certificate the server accepts when it requires one.
    public let clientCertificate: TestCertificateAuthority.Issued
    private let channel: any Channel
    private let log: RequestLog
    /// The server's own event loop: a test beside it that keeps the shared loops busy (compressing a big
    /// message, say) cannot hold its answers back.
    private let group: MultiThreadedEventLoopGroup

    /// Starts a server presenting `leaf`; with `requireClientCertificate` it refuses clients without a
    /// certificate of `authority`.
    public init(
        leaf: Leaf = .valid, http2: Bool = true, requireClientCertificate: Bool = false,
        authority: TestCertificateAuthority? = nil
    ) async throws {
        let authority = try authority ?? TestCertificateAuthority()
        let issued: TestCertificateAuthority.Issued
        switch leaf {
        case .valid: issued = try authority.issueServer()
        case .expired:
            issued = try authority.issueServer(notBefore: Date() - 86_400 * 10, notAfter: Date() - 86_400)
        case .wrongHost: issued = try authority.issueServer(hosts: ["other.example"], commonName: "other.example")
        case .selfSigned: issued = try TestCertificateAuthority.selfSigned()
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMBytes(Array(issued.certificatePEM.utf8)).map {
                .certificate($0)
            },
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(issued.keyPEM.utf8), format: .pem)))
        configuration.applicationProtocols = http2 ? ["h2", "http/1.1"] : ["http/1.1"]
        if requireClientCertificate {
            configuration.certificateVerification = .noHostnameVerification
            configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(authority.caPEM.utf8)))
        }
        let context = try NIOSSLContext(configuration: configuration)
        let log = RequestLog()
        let record: @Sendable (String) -> Void = { line in log.lines.withLock { $0.append(line) } }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        self.group = group
        do {
            channel = try await Self.bind(group: group, context: context, record: record)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        guard let port = channel.localAddress?.port else { throw ChannelError.unknownLocalAddress }
        self.port = port
        self.log = log
        self.authority = authority
        clientCertificate = try authority.issueClient()
    }

    private static func bind(
        group: MultiThreadedEventLoopGroup, context: NIOSSLContext, record: @escaping @Sendable (String) -> Void
    ) async throws -> any Channel {
        try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 16)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                }.flatMap {
                    channel.configureHTTP2SecureUpgrade(
                        h2ChannelConfigurator: { channel in
                            channel.configureHTTP2Pipeline(
                                mode: .server,
                                inboundStreamInitializer: { stream in
                                    stream.eventLoop.makeCompletedFuture {
                                        try stream.pipeline.syncOperations.addHandlers([
                                            HTTP2FramePayloadToHTTP1ServerCodec(), EchoHandler(record: record),
                                        ])
                                    }
                                }
                            ).map { _ in }
                        },
                        http1ChannelConfigurator: { channel in
                            channel.pipeline.configureHTTPServerPipeline().flatMap {
                                channel.pipeline.addHandler(EchoHandler(record: record))
                            }
                        })
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }

    /// `https://127.0.0.1:PORT`.
    public var baseURL: URL { URL(string: "https://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    /// `METHOD path HTTP/x` for every request answered so far.
    public var requests: [String] { log.lines.withLock { $0 } }

    /// Stops listening and ends the server's event loop.
    public func stop() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }
}

/// The request lines a server answered.
private final class RequestLog: Sendable {
    let lines = Mutex<[String]>([])
}

/// Answers each request with a JSON echo of its method, path, HTTP version and headers (bodies are read
/// and dropped, at most 1 MiB).
private final class EchoHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart
    private let record: @Sendable (String) -> Void
    private var head: HTTPRequestHead?
    private var bodyBytes = 0

    init(record: @escaping @Sendable (String) -> Void) { self.record = record }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            bodyBytes = 0
        case .body(let buffer):
            bodyBytes += buffer.readableBytes
            if bodyBytes > 1 << 20 { context.close(promise: nil) }
        case .end:
            guard let head else { return }
            respond(context: context, head: head)
            self.head = nil
        }
    }

    private func respond(context: ChannelHandlerContext, head: HTTPRequestHead) {
        let version = head.version.major == 2 ? "HTTP/2" : "HTTP/\(head.version.major).\(head.version.minor)"
        record("\(head.method.rawValue) \(head.uri) \(version)")
        var headers: [String: String] = [:]
        for header in head.headers { headers[header.name.lowercased()] = header.value }
        let echo: [String: Any] = [
            "method": head.method.rawValue, "path": head.uri, "version": version, "headers": headers,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: echo, options: [.sortedKeys])) ?? Data("{}".utf8)
        var responseHeaders = HTTPHeaders([("content-type", "application/json"), ("content-length", "\(data.count)")])
        if head.version.major < 2 { responseHeaders.add(name: "connection", value: "keep-alive") }
        let responseHead = HTTPResponseHead(version: head.version, status: .ok, headers: responseHeaders)
        context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: data)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}
