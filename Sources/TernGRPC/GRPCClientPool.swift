import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import Synchronization
public import Tern

/// Runs gRPC calls as `GRPCClientConnector` does, but keeps one client a server (one HTTP/2 connection,
/// the calls multiplexed on it) open until `shutdown`: what a load needs, where a connection a call
/// would measure handshakes instead of the service.
public final class GRPCClientPool: PooledGRPCConnector {
    private struct Server: Hashable {
        var host: String
        var port: Int
        var scheme: String
        var tls: TLSSettings
    }

    private struct Entry {
        var client: GRPCClient<HTTP2ClientTransport.Posix>
        var connections: Task<Void, Never>
    }

    private struct State {
        var clients: [Server: Entry] = [:]
        var opened = 0
        var shutDown = false
    }

    private let state = Mutex(State())

    /// A pool with no connection yet.
    public init() {}

    public var connectionCount: ConnectionCount {
        state.withLock { ConnectionCount(opened: $0.opened, mostOpen: $0.opened) }
    }

    public func run(
        _ call: GRPCCall, messages: AsyncStream<[UInt8]>,
        receive: @escaping @Sendable (GRPCCallEvent) async -> Void
    ) async -> GRPCStatus {
        let server = Server(
            host: call.url.host ?? "", port: call.url.port ?? (call.usesTLS ? 443 : 80),
            scheme: call.url.scheme?.lowercased() ?? "", tls: call.tls)
        let client: GRPCClient<HTTP2ClientTransport.Posix>
        do {
            client = try state.withLock { state in
                if state.shutDown {
                    throw GRPCStatus(code: .unavailable, message: "the connection pool was shut down")
                }
                if let entry = state.clients[server] { return entry.client }
                let client = GRPCClient(transport: try GRPCClientConnector.transport(for: call))
                state.clients[server] = Entry(
                    client: client, connections: Task { _ = try? await client.runConnections() })
                state.opened += 1
                return client
            }
        } catch let status as GRPCStatus {
            return status
        } catch {
            return GRPCStatus(code: .unavailable, message: "\(call.url.absoluteString): \(error)")
        }
        return await GRPCClientConnector.run(call, messages: messages, on: client, receive: receive)
    }

    public func shutdown() async {
        let entries = state.withLock { state in
            state.shutDown = true
            defer { state.clients = [:] }
            return Array(state.clients.values)
        }
        for entry in entries {
            entry.client.beginGracefulShutdown()
            // A TLS close may wait for a close_notify the server never sends: it is not waited for.
            entry.connections.cancel()
        }
    }
}
