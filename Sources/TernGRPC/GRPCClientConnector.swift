import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
public import Tern

/// Runs gRPC calls with grpc-swift's client over SwiftNIO's HTTP/2 (`grpc://` plaintext, `grpcs://` TLS
/// through NIOSSL). Messages go through as bytes: no code is generated per service.
///
/// Each call opens its own connection and closes it when the call ends, so nothing outlives a call
/// (a one-shot `tern grpc` makes one or two: reflection, then the call).
public struct GRPCClientConnector: GRPCConnector {
    public init() {}

    public func run(
        _ call: GRPCCall, messages: AsyncStream<[UInt8]>,
        receive: @escaping @Sendable (GRPCCallEvent) async -> Void
    ) async -> GRPCStatus {
        let transport: HTTP2ClientTransport.Posix
        do {
            transport = try Self.transport(for: call)
        } catch let status as GRPCStatus {
            return status
        } catch {
            return GRPCStatus(code: .unavailable, message: "\(call.url.absoluteString): \(error)")
        }
        let client = GRPCClient(transport: transport)
        let connections = Task { try? await client.runConnections() }
        // The connection closes once the call has ended, without the call waiting for it: a close over
        // TLS waits up to 5 s for a close_notify that many servers never send.
        defer {
            client.beginGracefulShutdown()
            connections.cancel()
        }
        return await Self.run(call, messages: messages, on: client, receive: receive)
    }

    /// A pool that keeps one connection a server open between calls.
    public func dedicatedPool() -> (any PooledGRPCConnector)? { GRPCClientPool() }

    /// The transport of a client that calls `call`'s server.
    static func transport(for call: GRPCCall) throws -> HTTP2ClientTransport.Posix {
        guard let host = call.url.host, !host.isEmpty else {
            throw GRPCStatus(code: .invalidArgument, message: "\(call.url.absoluteString) names no host")
        }
        let port = call.url.port ?? (call.usesTLS ? 443 : 80)
        var config = HTTP2ClientTransport.Posix.Config.defaults
        // gzip and deflate answers are read; requests go uncompressed.
        config.compression.enabledAlgorithms = .all
        config.compression.algorithm = .none
        // A call is made once: no second connection is tried in the background.
        config.backoff.initial = .seconds(30)
        do {
            return try HTTP2ClientTransport.Posix(
                target: .dns(host: host, port: port), transportSecurity: try Self.security(call), config: config)
        } catch let status as GRPCStatus {
            throw status
        } catch {
            throw GRPCStatus(code: .unavailable, message: "\(call.url.absoluteString): \(error)")
        }
    }

    /// Runs `call` on `client`, whose connections run elsewhere.
    static func run(
        _ call: GRPCCall, messages: AsyncStream<[UInt8]>, on client: GRPCClient<HTTP2ClientTransport.Posix>,
        receive: @escaping @Sendable (GRPCCallEvent) async -> Void
    ) async -> GRPCStatus {
        let slash = call.method.firstIndex(of: "/")
        guard let slash, slash != call.method.startIndex, call.method.index(after: slash) != call.method.endIndex
        else {
            return GRPCStatus(code: .invalidArgument, message: "'\(call.method)' is not SERVICE/METHOD")
        }
        let service = String(call.method[..<slash])
        let method = String(call.method[call.method.index(after: slash)...])
        var options = CallOptions.defaults
        options.timeout = call.timeout
        options.maxResponseMessageBytes = call.maximumReceivedMessageBytes
        options.waitForReady = false
        var metadata = Metadata()
        for entry in call.metadata {
            switch entry.value {
            case .text(let text): metadata.addString(text, forKey: entry.name)
            case .binary(let bytes): metadata.addBinary(bytes, forKey: entry.name)
            }
        }
        let request = StreamingClientRequest<[UInt8]>(metadata: metadata) { writer in
            for await message in messages { try await writer.write(message) }
        }
        let descriptor = MethodDescriptor(fullyQualifiedService: service, method: method)
        do {
            return try await client.bidirectionalStreaming(
                request: request, descriptor: descriptor, serializer: PassThrough(), deserializer: PassThrough(),
                options: options
            ) { response in
                switch response.accepted {
                case .failure(let error):
                    return Self.status(of: error, call: call)
                case .success(let contents):
                    await receive(.metadata(Self.entries(contents.metadata)))
                    var trailers: [GRPCMetadataEntry] = []
                    do {
                        for try await part in contents.bodyParts {
                            switch part {
                            case .message(let bytes): await receive(.message(bytes))
                            case .trailingMetadata(let metadata): trailers = Self.entries(metadata)
                            }
                        }
                    } catch {
                        return Self.status(of: error, call: call)
                    }
                    return GRPCStatus(code: .ok, trailers: trailers)
                }
            }
        } catch {
            return Self.status(of: error, call: call)
        }
    }

    /// The TLS settings of `call` as the transport takes them.
    static func security(_ call: GRPCCall) throws -> HTTP2ClientTransport.Posix.TransportSecurity {
        guard call.usesTLS else { return .plaintext }
        let tls = call.tls
        if tls.clientKeyPassphrase != nil {
            throw GRPCStatus(
                code: .invalidArgument,
                message: "an encrypted client key is not read for gRPC yet: give the key unencrypted")
        }
        return .tls { config in
            if tls.insecure { config.serverCertificateVerification = .noVerification }
            if let authority = tls.certificateAuthorityPEM {
                config.trustRoots = .certificates([.bytes(Array(authority.utf8), format: .pem)])
            }
            if let certificate = tls.clientCertificatePEM, let key = tls.clientKeyPEM {
                config.certificateChain = [.bytes(Array(certificate.utf8), format: .pem)]
                config.privateKey = .bytes(Array(key.utf8), format: .pem)
            }
        }
    }

    /// The metadata as entries, without HTTP/2's pseudo-headers (`:status`).
    static func entries(_ metadata: Metadata) -> [GRPCMetadataEntry] {
        metadata.filter { !$0.key.hasPrefix(":") }.map { element in
            switch element.value {
            case .string(let text): GRPCMetadataEntry(name: element.key, value: .text(text))
            case .binary(let bytes): GRPCMetadataEntry(name: element.key, value: .binary(bytes))
            }
        }
    }

    /// How `error` ends a call: a server's status as it sent it, and what went wrong here in a sentence.
    static func status(of error: any Error, call: GRPCCall) -> GRPCStatus {
        // A call cancelled while its connection is still being set up fails with the transport's error, not
        // a cancellation: the call was cancelled all the same.
        if error is CancellationError || Task.isCancelled {
            return GRPCStatus(code: .cancelled, message: "the call was cancelled")
        }
        guard let error = error as? RPCError else {
            return GRPCStatus(code: .unknown, message: String(describing: error))
        }
        var message = error.message
        if let cause = error.cause, error.code == .unavailable {
            let said = String(describing: cause)
            if said.contains("CERTIFICATE_VERIFY_FAILED") {
                return GRPCStatus(
                    code: .unavailable,
                    message: "\(call.url.absoluteString): the server's certificate is not trusted "
                        + "(CERTIFICATE_VERIFY_FAILED): trust its CA (--cacert FILE, a target's tls: ca), or skip the "
                        + "check for a local server (--insecure)")
            }
            if call.usesTLS, said.contains("handshakeFailed") || said.contains("connection preface") {
                return GRPCStatus(
                    code: .unavailable,
                    message: "\(call.url.absoluteString): the TLS handshake failed (\(error.message)): if the server "
                        + "speaks plaintext HTTP/2, call grpc://HOST:PORT (or HOST:PORT with --plaintext)")
            }
            message += ": \(said)"
        }
        if error.code == .unavailable, message.isEmpty {
            message = "\(call.url.absoluteString) could not be reached"
        }
        return GRPCStatus(
            code: GRPCStatus.Code(rawValue: error.code.rawValue), message: message, trailers: entries(error.metadata))
    }
}

/// Hands message bytes through as they are, both ways.
struct PassThrough: MessageSerializer, MessageDeserializer {
    func serialize<Bytes: GRPCContiguousBytes>(_ message: [UInt8]) throws -> Bytes { Bytes(message) }

    func deserialize<Bytes: GRPCContiguousBytes>(_ serializedMessageBytes: Bytes) throws -> [UInt8] {
        serializedMessageBytes.withUnsafeBytes { Array($0) }
    }
}
