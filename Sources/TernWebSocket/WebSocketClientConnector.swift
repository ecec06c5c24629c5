import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import NIOWebSocket
import Synchronization
public import Tern
import TernHTTPClient
import WSClient
import WSCompression

/// Opens WebSocket conversations over SwiftNIO with hummingbird-project's `swift-websocket`
/// client: RFC 6455 framing, fragmentation, pings, the closing handshake and UTF-8 checks, and
/// permessage-deflate (RFC 7692), with Tern's TLS and proxy settings and its limits.
///
/// ```swift
/// let handler = Handler(transport: HTTPClientTransport.shared, webSockets: WebSocketClientConnector.shared)
/// let socket = try await handler.connect(ChatAPI.room("general"))
/// ```
public struct WebSocketClientConnector: WebSocketConnector {
    /// A connector with the default configuration.
    public static let shared = WebSocketClientConnector()

    /// TLS, the proxy and the connect timeout (the per-request `ConnectionSettings` win).
    public var configuration: TransportConfiguration

    /// Makes a connector.
    public init(configuration: TransportConfiguration = TransportConfiguration()) {
        self.configuration = configuration
    }

    public func open(_ request: Request, options: WebSocketOptions) async throws(TernError) -> any WebSocketLink {
        let url = request.url.withWebSocketScheme(true)
        let secure = url.scheme?.lowercased() == "wss"
        let address = AttemptWatchdog.address(of: url)
        let settings =
            request.connectionSettings ?? ConnectionSettings(tls: configuration.tls, proxy: configuration.proxy)
        var headers = HTTPFields()
        // The client writes Host and Origin itself (the URL's origin); a second one would confuse servers.
        for field in request.headers where !["host", "origin", "content-length"].contains(field.name.canonicalName) {
            headers.append(field)
        }
        let client = WebSocketClientConfiguration(
            maxFrameSize: options.maximumFrameSize, additionalHeaders: headers,
            extensions: options.compression
                ? [.perMessageDeflate(maxDecompressedFrameSize: options.maximumMessageSize)] : [],
            closeTimeout: options.closeTimeout,
            autoPing: options.keepAlive.map { .enabled(timePeriod: $0) } ?? .disabled,
            validateUTF8: options.validatesUTF8)
        var tls: TLSConfiguration?
        if secure {
            // The client names the server in TLS (SNI) by the URL's host, and SNI takes host names only.
            if let host = url.host,
                host.contains(":")
                    || (host.split(separator: ".").count == 4
                        && host.split(separator: ".").allSatisfy({ UInt8($0) != nil }))
            {
                throw TernError(
                    .unsupported,
                    "wss:// to an IP address (\(host)) is not supported: TLS names the server by host name here; use "
                        + "a name its certificate holds (wss://localhost:\(url.port ?? 443)/… for this machine)",
                    requestLabel: request.label)
            }
            tls = try settings.tls.clientTLSConfiguration()
        }
        let link = LiveWebSocketLink(
            capacity: options.bufferedMessages, address: address,
            limit: min(options.maximumMessageSize, options.maximumFrameSize), closeTimeout: options.closeTimeout)
        let limit = options.connectTimeout ?? request.timeout ?? .seconds(30)
        let maximumMessage = options.maximumMessageSize
        let validatesUTF8 = options.validatesUTF8
        let proxy = settings.proxy.map { proxy in
            var connect = HTTPFields()
            if let credentials = proxy.credentials {
                let token = Data("\(credentials.username):\(credentials.password)".utf8).base64EncodedString()
                connect[.proxyAuthorization] = "Basic \(token)"
            }
            return WebSocketProxySettings(
                host: proxy.host, port: proxy.port, type: .http(connectHeaders: connect), timeout: limit)
        }
        let urlText = url.absoluteString
        let logger = Logger(label: "tern.websocket", factory: { _ in SwiftLogNoOpLogHandler() })
        let task = Task {
            do {
                let handler: WebSocketDataHandler<WebSocketClient.Context> = { inbound, outbound, _ in
                    link.opened(outbound)
                    // Frames, not the client's messages: Tern assembles them itself, under its own limit.
                    var frames = inbound.makeAsyncIterator()
                    var assembler = WebSocketMessageAssembler(limit: maximumMessage, validatesUTF8: validatesUTF8)
                    while let frame = try await link.watching({ try await frames.next() }) {
                        let message: Tern.WebSocketMessage?
                        do throws(WebSocketMessageAssembler.Failure) {
                            message = try assembler.take(
                                WebSocketMessageAssembler.Opcode(frame.opcode), fin: frame.fin,
                                payload: frame.data.readableBytesView)
                        } catch {
                            await link.refuse(error, writer: outbound)
                            return
                        }
                        guard let message else { continue }
                        guard await link.queue.push(.message(message)) else { break }
                    }
                }
                let closeFrame: WebSocketCloseFrame?
                if let proxy {
                    closeFrame = try await WebSocketClient.connect(
                        url: urlText, configuration: client, tlsConfiguration: tls, proxySettings: proxy,
                        logger: logger, handler: handler)
                } else {
                    closeFrame = try await WebSocketClient.connect(
                        url: urlText, configuration: client, tlsConfiguration: tls, logger: logger, handler: handler)
                }
                await link.ended(closeFrame)
            } catch {
                var failure: TernError?
                if HTTPClientTransport.isTLSFailure(error) {
                    // Which certificate check failed, found as the HTTP transport finds it.
                    failure = await HTTPClientTransport.diagnoseTLSFailure(
                        error, request: request, tls: settings.tls, proxied: settings.proxy != nil,
                        connectTimeout: limit)
                }
                await link.failed(error, request: request, diagnosed: failure)
            }
        }
        link.task.withLock { $0 = task }
        return try await link.waitUntilOpen(within: limit, request: request)
    }
}

extension WebSocketMessageAssembler.Opcode {
    init(_ opcode: WebSocketDataFrame.Opcode) {
        switch opcode {
        case .text: self = .text
        case .binary: self = .binary
        case .continuation: self = .continuation
        }
    }
}
