import AsyncHTTPClient
import Foundation
import Synchronization
import Tern

/// The clients an `HTTPClientTransport` makes for requests that carry `connectionSettings` of their
/// own (a workspace target's TLS or proxy): one per distinct value, at most `maximumClients`, shut
/// down with the transport (or, if it is dropped without `shutdown()`, when it deinitialises).
final class ExtraClients: Sendable {
    static let maximumClients = 8
    private let base: TransportConfiguration
    /// Where the clients' connections are counted (the transport's tally).
    private let tally: ConnectionTally
    private let clients = Mutex<[ConnectionSettings: (HTTPClient, ClientSettings)]>([:])

    init(base: TransportConfiguration, tally: ConnectionTally) {
        self.base = base
        self.tally = tally
    }

    /// The client for `settings`, made on first use.
    func client(for settings: ConnectionSettings, label: String) throws(TernError) -> (HTTPClient, ClientSettings) {
        try clients.withLock { clients throws(TernError) in
            if let existing = clients[settings] { return existing }
            guard clients.count < Self.maximumClients else {
                throw TernError(
                    .unsupported,
                    "more than \(Self.maximumClients) different TLS/proxy settings in one transport",
                    requestLabel: label)
            }
            var configuration = base
            configuration.tls = settings.tls
            configuration.proxy = settings.proxy
            let made = HTTPClientTransport.makeClient(configuration, connections: ConnectionClock(tally: tally))
            clients[settings] = made
            return made
        }
    }

    /// Shuts every client down and forgets them.
    func shutdown() async throws {
        let all = clients.withLock { clients in
            defer { clients = [:] }
            return clients.values.map(\.0)
        }
        for client in all { try await client.shutdown() }
    }

    deinit {
        for (client, _) in clients.withLock({ $0.values.map { $0 } }) {
            client.shutdown { _ in _ = client }
        }
    }
}

extension HTTPClientTransport {
    /// A client for `configuration` and what it was made with; TLS material that cannot be used is
    /// kept as `invalid` (every request through it fails with that error).
    static func makeClient(
        _ configuration: TransportConfiguration, connections: ConnectionClock = ConnectionClock()
    ) -> (HTTPClient, ClientSettings) {
        var clientConfiguration = configuration.clientConfiguration
        connections.install(in: &clientConfiguration)
        var invalid: TernError?
        do {
            if !configuration.tls.isDefault {
                clientConfiguration.tlsConfiguration = try configuration.tls.clientTLSConfiguration()
            }
        } catch {
            invalid = error
        }
        let settings = ClientSettings(
            tls: configuration.tls, proxy: configuration.proxy, connectTimeout: configuration.connectTimeout,
            invalid: invalid, connections: connections)
        return (HTTPClient(eventLoopGroupProvider: .singleton, configuration: clientConfiguration), settings)
    }

    /// The client `request` goes through: the transport's own, or one for its `connectionSettings`.
    func clientFor(_ request: Tern.Request) throws(TernError) -> (HTTPClient, ClientSettings) {
        guard let settings = request.connectionSettings,
            settings != ConnectionSettings(tls: clientSettings.tls, proxy: clientSettings.proxy)
        else { return (client, clientSettings) }
        return try extraClients.client(for: settings, label: request.label)
    }
}
