import AsyncHTTPClient
import Foundation
import Synchronization
import Tern

/// The clients an `HTTPClientTransport` makes for requests that carry `connectionSettings` of their
/// own (a workspace target's TLS or proxy): one per distinct value, at most `maximumClients`, shut
/// down with the transport (or, if it is dropped without `shutdown()`, when it deinitialises).
final class ExtraClients: Sendable {
    static let maximumClients = 8
    /// What a client is made for: its TLS and proxy, and how long it may take to make a connection.
    struct Key: Hashable {
        var settings: ConnectionSettings
        var connectTimeout: Duration
    }

    private let base: TransportConfiguration
    /// Where the clients' connections are counted (the transport's tally).
    private let tally: ConnectionTally
    private let clients = Mutex<[Key: (HTTPClient, ClientSettings)]>([:])

    init(base: TransportConfiguration, tally: ConnectionTally) {
        self.base = base
        self.tally = tally
    }

    /// The client for `settings` with the base's connect timeout or a shorter one, made on first use;
    /// nil when `maximumClients` are made already and `required` is false.
    func client(
        for settings: ConnectionSettings, connectTimeout: Duration? = nil, required: Bool = true, label: String
    ) throws(TernError) -> (HTTPClient, ClientSettings)? {
        let key = Key(
            settings: settings, connectTimeout: min(connectTimeout ?? base.connectTimeout, base.connectTimeout))
        return try clients.withLock { clients throws(TernError) in
            if let existing = clients[key] { return existing }
            guard clients.count < Self.maximumClients else {
                guard required else { return nil }
                throw TernError(
                    .unsupported,
                    "more than \(Self.maximumClients) different TLS/proxy settings in one transport",
                    requestLabel: label)
            }
            var configuration = base
            configuration.tls = settings.tls
            configuration.proxy = settings.proxy
            configuration.connectTimeout = key.connectTimeout
            let made = HTTPClientTransport.makeClient(configuration, connections: ConnectionClock(tally: tally))
            clients[key] = made
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
    ///
    /// Through a proxy, making the connection includes the proxy's `CONNECT` handshake, which a request's
    /// cancellation does not stop: an attempt through a proxy whose timeout is shorter than the connect timeout
    /// goes through a client whose connect timeout is that timeout, so a proxy that never ends its answer
    /// holds neither the send nor the transport's shutdown longer.
    func clientFor(_ request: Tern.Request, timeout: Duration?) throws(TernError) -> (HTTPClient, ClientSettings) {
        let own = ConnectionSettings(tls: clientSettings.tls, proxy: clientSettings.proxy)
        let settings = request.connectionSettings ?? own
        if settings.proxy != nil, let timeout, timeout < clientSettings.connectTimeout,
            let bounded = try extraClients.client(
                for: settings, connectTimeout: timeout, required: false,
                label: request.label)
        {
            return bounded
        }
        guard settings != own, let extra = try extraClients.client(for: settings, label: request.label) else {
            return (client, clientSettings)
        }
        return extra
    }
}
