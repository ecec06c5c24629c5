import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import SwiftASN1
import Tern
import X509

/// What one TLS handshake showed: the negotiated version and the certificates the server sent.
struct TLSPeer: Sendable {
    /// "TLS 1.3" and the like, `nil` when the handshake did not say.
    var tlsVersion: String?
    /// The server's chain, leaf first.
    var chain: [Certificate]
}

/// Opens a TLS connection of its own to see what AsyncHTTPClient does not expose: the TLS version and
/// the server's certificates. It accepts any certificate (it sends no request, only shakes hands)
/// so that `CertificateDiagnosis` can say which check a refused certificate fails.
enum TLSInspector {
    /// Shakes hands with `host:port` (presenting the client certificate of `settings`, if any) and
    /// returns what the server showed; every step has `timeout`.
    static func inspect(host: String, port: Int, settings: TLSSettings, timeout: Duration) async throws -> TLSPeer {
        var configuration = TLSConfiguration.makeClientConfiguration()
        var withoutRoots = settings
        withoutRoots.certificateAuthorityPEM = nil
        withoutRoots.insecure = true
        if let client = try? withoutRoots.clientTLSConfiguration() {
            configuration.certificateChain = client.certificateChain
            configuration.privateKey = client.privateKey
        }
        configuration.applicationProtocols = ["h2", "http/1.1"]
        // The callback below accepts every chain; NIOSSL's own host name check would still refuse some.
        configuration.certificateVerification = .noHostnameVerification
        let context = try NIOSSLContext(configuration: configuration)
        let captured = NIOLockedValueBox<[NIOSSLCertificate]>([])
        let serverName = Self.isIPAddress(host) ? nil : host
        let nanoseconds = timeout.saturatingNanoseconds
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.nanoseconds(nanoseconds))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(
                        context: context, serverHostname: serverName,
                        customVerificationCallback: { certificates, promise in
                            captured.withLockedValue { $0 = certificates }
                            promise.succeed(.certificateVerified)
                        })
                    try channel.pipeline.syncOperations.addHandler(handler)
                    try channel.pipeline.syncOperations.addHandler(
                        HandshakeWaiter(promise: channel.eventLoop.makePromise()))
                }
            }
            .connect(host: host, port: port).get()
        defer { channel.close(promise: nil) }
        let waiter = try await channel.pipeline.handler(type: HandshakeWaiter.self).get()
        let done = channel.eventLoop.scheduleTask(in: .nanoseconds(nanoseconds)) {
            waiter.fail(TernError(.timeout, "the TLS handshake with \(host):\(port) took too long"))
        }
        defer { done.cancel() }
        try await waiter.completed.futureResult.get()
        let version = try await channel.nioSSL_tlsVersion().get()
        let chain = captured.withLockedValue { $0 }.compactMap { try? Certificate(derEncoded: $0.toDERBytes()) }
        return TLSPeer(tlsVersion: version.map(Self.name), chain: chain)
    }

    /// "TLS 1.3" for `.tlsv13` and so on.
    static func name(_ version: TLSVersion) -> String {
        switch version {
        case .tlsv1: "TLS 1.0"
        case .tlsv11: "TLS 1.1"
        case .tlsv12: "TLS 1.2"
        case .tlsv13: "TLS 1.3"
        }
    }

    /// Whether `host` is an IPv4 or IPv6 literal (no SNI is sent for those).
    static func isIPAddress(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return (try? SocketAddress(ipAddress: bare, port: 0)) != nil
    }
}

/// Completes its promise when the TLS handshake completes, or fails it with the first error
/// (every method runs on the channel's event loop).
private final class HandshakeWaiter: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    let completed: EventLoopPromise<Void>
    private var finished = false

    init(promise: EventLoopPromise<Void>) { completed = promise }

    func fail(_ error: any Error) {
        guard !finished else { return }
        finished = true
        completed.fail(error)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? TLSUserEvent, case .handshakeCompleted = event, !finished {
            finished = true
            completed.succeed()
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail(ChannelError.ioOnClosedChannel)
        context.fireChannelInactive()
    }
}
