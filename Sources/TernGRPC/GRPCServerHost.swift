import GRPCCore
import GRPCNIOTransportHTTP2
import Tern

/// A gRPC server for plaintext HTTP/2 (h2c) on grpc-swift's server over SwiftNIO: every method it is given
/// is registered as a bidirectional stream of message bytes and handed to one handler, so a server is
/// built from descriptors or recordings without code generated per service. A method it was not given
/// answers `UNIMPLEMENTED`.
///
/// `tern mock` serves recorded calls and samples through it; the tests' grpc-swift interop server too.
public final class GRPCServerHost: Sendable {
    /// Answers one call.
    public typealias Handler = @Sendable (GRPCServerCall) async -> GRPCServerReply

    /// The port it listens on (the one picked when asked for port 0).
    public let port: Int
    private let server: GRPCServer<HTTP2ServerTransport.Posix>
    private let serving: Task<Void, Never>

    private init(port: Int, server: GRPCServer<HTTP2ServerTransport.Posix>, serving: Task<Void, Never>) {
        self.port = port
        self.server = server
        self.serving = serving
    }

    /// Starts listening on `host`:`port` (0 picks a free port) and serving `methods` (`pkg.Service/Method`)
    /// through `handler`; returns once the port is bound, or throws when it cannot be.
    public static func start(
        host: String = "127.0.0.1", port: Int, methods: [String], handler: @escaping Handler
    ) async throws -> GRPCServerHost {
        var config = HTTP2ServerTransport.Posix.Config.defaults
        config.compression.enabledAlgorithms = .all
        let transport = HTTP2ServerTransport.Posix(
            address: .ipv4(host: host, port: port), transportSecurity: .plaintext, config: config)
        let server = GRPCServer(transport: transport, services: [ByteService(methods: methods, handler: handler)])
        let serving = Task {
            do { try await server.serve() } catch {}
        }
        do {
            let address = try await transport.listeningAddress
            return GRPCServerHost(
                port: address.ipv4?.port ?? address.ipv6?.port ?? port, server: server, serving: serving)
        } catch {
            server.beginGracefulShutdown()
            serving.cancel()
            await serving.value
            throw error
        }
    }

    /// Stops listening and ends the calls still running.
    public func shutdown() async {
        server.beginGracefulShutdown()
        serving.cancel()
        await serving.value
    }
}

/// Registers each method as a bidirectional stream of bytes answered by one handler.
struct ByteService: RegistrableRPCService {
    let methods: [String]
    let handler: GRPCServerHost.Handler

    func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        for path in methods {
            guard let slash = path.firstIndex(of: "/") else { continue }
            let descriptor = MethodDescriptor(
                fullyQualifiedService: String(path[..<slash]), method: String(path[path.index(after: slash)...]))
            let handler = self.handler
            router.registerHandler(forMethod: descriptor, deserializer: PassThrough(), serializer: PassThrough()) {
                request, _ in
                let call = GRPCServerCall(
                    method: path, metadata: GRPCClientConnector.entries(request.metadata),
                    requests: GRPCServerCall.Requests(base: request.messages))
                return Self.response(await handler(call))
            }
        }
    }

    /// The reply as grpc-swift sends it: a status alone, or metadata, messages and a status.
    static func response(_ reply: GRPCServerReply) -> StreamingServerResponse<[UInt8]> {
        switch reply {
        case .status(let status) where status.code == .ok:
            return response(.answer(metadata: [], produce: { _ in status }))
        case .status(let status):
            return StreamingServerResponse(error: error(status))
        case .answer(let headers, let produce):
            return StreamingServerResponse(
                accepted: .success(
                    .init(metadata: metadata(headers)) { writer in
                        let status = await produce(GRPCServerReply.Writer(base: writer))
                        if status.code == .ok { return metadata(status.trailers) }
                        throw error(status)
                    }))
        }
    }

    static func error(_ status: GRPCStatus) -> RPCError {
        let code = Status.Code(rawValue: status.code.rawValue).flatMap(RPCError.Code.init) ?? .unknown
        return RPCError(code: code, message: status.message, metadata: metadata(status.trailers))
    }

    /// Names HTTP/2 and gRPC write themselves: a recorded one is not sent again.
    static let reserved: Set<String> = [
        "content-type", "content-length", "te", "user-agent", "host", "connection", "transfer-encoding", "date",
        "grpc-status", "grpc-message", "grpc-encoding", "grpc-accept-encoding", "grpc-timeout",
    ]

    static func metadata(_ entries: [GRPCMetadataEntry]) -> Metadata {
        var metadata = Metadata()
        for entry in entries {
            let name = entry.name.lowercased()
            if name.hasPrefix(":") || reserved.contains(name) { continue }
            switch entry.value {
            case .text(let text): metadata.addString(text, forKey: name)
            case .binary(let bytes): metadata.addBinary(bytes, forKey: name)
            }
        }
        return metadata
    }
}
