public import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import Synchronization
public import Tern

/// A `Transport` on AsyncHTTPClient: pooled keep-alive connections, streamed bodies, real cancellation.
///
/// Use `HTTPClientTransport.shared` (one client for the process), or make one with your own
/// configuration and call `shutdown()` when done (one dropped without it shuts its client down on deinit).
/// Every attempt keeps `TransferLimits`: the request's `timeout` covers the whole attempt (body
/// included), the read timeout any silence, and bodies stop at their size limits.
public final class HTTPClientTransport: PooledTransport {
    /// A transport on a process-wide client that is never shut down.
    public static let shared = HTTPClientTransport(configuration: Configuration(), connections: sharedConnections)
    /// The connection clock of `shared`'s client, kept apart so that transports sharing the client
    /// read it without making the client.
    private static let sharedConnections = ConnectionClock()

    /// The client requests go through (the shared one is made at the first request that needs it).
    public var client: HTTPClient { givenClient ?? Self.shared.client }
    private let givenClient: HTTPClient?
    /// The read timeout and size limits of every attempt.
    public let limits: TransferLimits
    private let ownsClient: Bool
    /// Set by `shutdown()`, so a deinit after it does not shut the client down a second time.
    private let isShutDown = Atomic<Bool>(false)
    /// The TLS settings and proxy `client` was made with (what `connection` reports and diagnoses).
    let clientSettings: ClientSettings
    /// The clients made for requests with `connectionSettings` of their own.
    let extraClients: ExtraClients
    /// What the transport's clients were made with (a caller's own client: the defaults and `limits`).
    private let configuration: TransportConfiguration
    /// Counts the connections of the transport's clients.
    private let tally: ConnectionTally
    /// The path requests in memory take instead of AsyncHTTPClient (`nil`: every request goes through it).
    private let direct: DirectPath?
    /// The settings of requests with TLS settings of their own that go the direct path, by those settings
    /// (what their servers' certificates showed, for `ConnectionInfo`, is kept with them).
    private let directSettingsByTLS = Mutex<[TLSSettings: ClientSettings]>([:])

    /// Makes a transport with its own client. Invalid TLS material (a CA or client certificate that is
    /// not PEM) fails every request with a `TernError(.invalidRequest)` naming it; `validate(_:)` checks early.
    ///
    /// With `directPath` (the default), an `http` or `https` request with its body in memory and its answer
    /// read into memory goes on SwiftNIO directly, on connections of the transport's own (HTTP/2 or
    /// HTTP/1.1 by ALPN), and reports its name lookup, TCP connect and TLS handshake apart; `false` sends
    /// every request through AsyncHTTPClient.
    public convenience init(configuration: Configuration = Configuration(), directPath: Bool = true) {
        self.init(configuration: configuration, connections: ConnectionClock(), directPath: directPath)
    }

    private init(configuration: Configuration, connections: ConnectionClock, directPath: Bool = true) {
        let (client, settings) = Self.makeClient(configuration, connections: connections)
        givenClient = client
        limits = configuration.limits
        ownsClient = true
        clientSettings = settings
        self.configuration = configuration
        tally = connections.tally
        extraClients = ExtraClients(base: configuration, tally: connections.tally)
        direct =
            directPath
            ? DirectPath(configuration: configuration, tally: connections.tally, connections: connections) : nil
    }

    /// Makes a transport on a client you own (and shut down), e.g. `HTTPClientTransport.shared.client`
    /// with other limits.
    public convenience init(client: HTTPClient, limits: TransferLimits = TransferLimits()) {
        self.init(givenClient: client, limits: limits)
    }

    /// Makes a transport with other limits on `shared`'s client, which is made only when the first
    /// request goes out: a process that answers from the cache starts no event loop threads.
    public convenience init(sharingClientWith limits: TransferLimits) {
        self.init(givenClient: nil, limits: limits)
    }

    private init(givenClient: HTTPClient?, limits: TransferLimits) {
        self.givenClient = givenClient
        self.limits = limits
        ownsClient = false
        var configuration = Configuration()
        configuration.limits = limits
        // A client of the caller's own is not watched: its attempts report no connection phases.
        clientSettings = ClientSettings(
            tls: TLSSettings(), proxy: nil, connectTimeout: configuration.connectTimeout,
            connections: givenClient == nil ? Self.sharedConnections : nil)
        self.configuration = configuration
        tally = givenClient == nil ? Self.sharedConnections.tally : ConnectionTally()
        extraClients = ExtraClients(base: configuration, tally: tally)
        // A client of the caller's own may have been made with a proxy or redirects this transport does not know.
        direct =
            givenClient == nil
            ? DirectPath(configuration: configuration, tally: tally, connections: Self.sharedConnections) : nil
    }

    /// Starts making `shared`'s client, and its event loop threads, on a thread of its own: for a
    /// caller that will probably send a request through it once it has read its files. (Not a task:
    /// it would hold one of the few threads of the concurrency pool.)
    public static func prepareShared() {
        Thread.detachNewThread { _ = shared.client }
    }

    // A transport dropped without `shutdown()` (a test that threw before it, a caller that forgot)
    // shuts its own client down instead of letting AsyncHTTPClient trap on the client's deinit.
    deinit {
        if let givenClient, ownsClient, !isShutDown.load(ordering: .acquiring) {
            givenClient.shutdown { _ in _ = givenClient }
        }
    }

    /// The limits every attempt keeps (the handler decodes compressed bodies within them).
    public var transferLimits: TransferLimits { limits }

    /// The connections this transport's clients opened so far, and the most open at once (none are
    /// counted on a client of the caller's own).
    public var connectionCount: ConnectionCount { tally.count }

    /// A transport with its own clients, made as this one's are but keeping up to `count` connections
    /// per host (AsyncHTTPClient's pool keeps 8 by default: requests past them wait inside the client);
    /// `nil` for a transport on a client of the caller's own.
    public func dedicatedPool(connectionsPerHost count: Int) -> (any PooledTransport)? {
        // A client of the caller's own was made with settings this transport does not know.
        guard ownsClient || givenClient == nil else { return nil }
        var configuration = configuration
        configuration.maximumConnectionsPerHost = max(1, count)
        return HTTPClientTransport(configuration: configuration, directPath: direct != nil)
    }

    /// Shuts the owned clients down; call once when the transport is no longer used.
    public func shutdown() async throws {
        direct?.shutdown()
        try await extraClients.shutdown()
        if ownsClient {
            try await client.shutdown()
            isShutDown.store(true, ordering: .releasing)
        }
    }

    /// The settings a direct request with TLS settings of its own is reported and diagnosed with: its TLS,
    /// no proxy, the transport's connect timeout and connection clock (at most `ExtraClients.maximumClients`
    /// kept).
    private func directSettings(_ tls: TLSSettings) -> ClientSettings {
        if tls == clientSettings.tls { return clientSettings }
        return directSettingsByTLS.withLock { known in
            if let settings = known[tls] { return settings }
            var invalid: TernError?
            do throws(TernError) { _ = try tls.clientTLSConfiguration() } catch { invalid = error }
            let settings = ClientSettings(
                tls: tls, proxy: nil, connectTimeout: clientSettings.connectTimeout, invalid: invalid,
                connections: clientSettings.connections)
            if known.count >= ExtraClients.maximumClients { known.removeAll() }
            known[tls] = settings
            return settings
        }
    }

    /// Performs one attempt of `request` (see `TransportContext` for the download contract).
    public func perform(_ request: Tern.Request, context: TransportContext) async throws -> TransportResponse {
        var headLimit = limits
        headLimit.maximumRequestHeadBytes = min(limits.maximumRequestHeadBytes, Self.largestSafeHead)
        try headLimit.checkHead(of: request)
        let direct =
            self.direct.flatMap {
                DirectPath.refusal(of: request, context: context, configuration: configuration) == nil ? $0 : nil
            }
        let (client, settings) =
            direct == nil
            ? try clientFor(request, timeout: context.timeout)
            : (nil, request.connectionSettings.map { directSettings($0.tls) } ?? clientSettings)
        if let invalid = settings.invalid { throw invalid }
        let watchdog = AttemptWatchdog(
            timeout: context.timeout, readTimeout: limits.readTimeout, label: request.label, url: request.url)
        let clock = AttemptClock()
        do {
            if let direct {
                // The direct path keeps the watchdog on its event loop: no task runs beside it.
                var reply = try await direct.perform(
                    request, tls: settings.tls, context: context, watchdog: watchdog)
                if request.url.scheme?.lowercased() == "https", let version = reply.connection?.httpVersion {
                    let url = request.url
                    // The first answer from an origin shakes hands once more to read its certificate: within the
                    // attempt's limits.
                    reply.connection =
                        Self.knowsPeer(of: url, settings: settings)
                        ? await connectionInfo(httpVersion: version, url: url, settings: settings)
                        : try await watchdog.run {
                            await self.connectionInfo(httpVersion: version, url: url, settings: settings)
                        }
                }
                return reply
            }
            let client = client ?? self.client
            var reply = try await watchdog.run {
                try await self.attempt(
                    request, client: (client, settings), context: context, watchdog: watchdog, clock: clock)
            }
            reply.phases = clock.phases(connections: settings.connections, port: Self.connectedPort(request, settings))
            return reply
        } catch {
            if Self.isTLSFailure(error) { throw await diagnoseTLSFailure(error, request: request, settings: settings) }
            let port = Self.connectedPort(request, settings)
            if let words = settings.connections?.protocolError(port: port, since: clock.start) {
                throw TernError(
                    .connection,
                    "\(AttemptWatchdog.address(of: request.url)) broke the HTTP/2 protocol (\(words)), so Tern "
                        + "closed the connection: the server, or a proxy in front of it, is at fault",
                    requestLabel: request.label, underlying: error)
            }
            if let hint = Self.clientCertificateHint(error, request: request, settings: settings) { throw hint }
            throw Self.map(
                error, request: request, timeout: context.timeout, proxied: settings.proxy != nil,
                proxyCredentials: settings.proxy?.credentials != nil)
        }
    }

    private func attempt(
        _ request: Tern.Request, client: (HTTPClient, ClientSettings), context: TransportContext,
        watchdog: AttemptWatchdog, clock: AttemptClock
    ) async throws -> TransportResponse {
        let outgoing = try makeClientRequest(request, context: context, watchdog: watchdog, clock: clock)
        let deadline: NIODeadline =
            context.timeout.map { .now() + .nanoseconds($0.saturatingNanoseconds) }
            ?? .distantFuture
        let response = try await client.0.execute(outgoing, deadline: deadline)
        clock.headArrived()
        watchdog.touch()
        var fields = HTTPFields()
        for header in response.headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        let code = Int(response.status.code)
        let connection = await connectionInfo(
            version: response.version, url: response.url ?? request.url, settings: client.1)
        let download = request.transaction == .download
        let announced = response.headers.first(name: "content-length").flatMap { Int64($0) }
        let announcedBody = TransferLimits.announcedBody(announced, method: request.method, status: code)
        if download {
            let plan = try BodyWriter.plan(
                status: code, headers: fields, destination: request.downloadDestination,
                resumeOffset: context.resumeOffset, label: request.label
            )
            let meter = TransferMeter.reporting(
                to: context.progress, direction: .download, total: plan.total, startingAt: plan.keep)
            let limit = Limit(limits: limits, download: true, label: request.label, watchdog: watchdog)
            try limit.check(announcedBody)
            try await BodyWriter.write(response.body, plan: plan, meter: meter, limit: limit)
            let (status, headers) = BodyWriter.reported(status: code, headers: fields, plan: plan)
            let phrase =
                status == code
                ? response.status.reasonPhrase : HTTPResponse.Status(standardCode: status).reasonPhrase
            var reply = TransportResponse(
                status: HTTPResponse.Status(code: status, reasonPhrase: phrase), headers: headers, fileURL: plan.url)
            reply.connection = connection
            return reply
        }
        let status = HTTPResponse.Status(code: code, reasonPhrase: response.status.reasonPhrase)
        let limit = Limit(limits: limits, download: false, label: request.label, watchdog: watchdog)
        try limit.check(announcedBody)
        let meter = TransferMeter.reporting(to: context.progress, direction: .download, total: announced)
        if let onStream = context.onStream {
            onStream(.head(status: status, headers: fields))
            if StreamFormat(headers: fields) != nil {
                watchdog.liftDeadline()
                return try await readStream(
                    response.body, status: status, headers: fields, context: context, limit: limit, meter: meter)
            }
        }
        var body = Data()
        for try await chunk in response.body {
            try limit.received(Int64(body.count) + Int64(chunk.readableBytes))
            context.onStream?(.chunk(Array(chunk.readableBytesView)))
            body.append(contentsOf: chunk.readableBytesView)
            meter?.add(chunk.readableBytes)
        }
        meter?.finish()
        var reply = TransportResponse(status: status, headers: fields, body: body)
        reply.connection = connection
        return reply
    }

    private func makeClientRequest(
        _ request: Tern.Request, context: TransportContext, watchdog: AttemptWatchdog, clock: AttemptClock
    ) throws -> HTTPClientRequest {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers.wireFields {
            outgoing.headers.add(name: field.name, value: field.value)
        }
        let length = request.body.knownLength
        let meter = TransferMeter.reporting(to: context.progress, direction: .upload, total: length)
        let touch: @Sendable () -> Void = { watchdog.touch() }
        switch request.body {
        case .none:
            break
        case .data(let data):
            if request.transaction == .upload {
                let chunks = BodyChunks(segments: [.data(data)], meter: meter, onChunk: touch, clock: clock)
                outgoing.body = .stream(chunks, length: .known(Int64(data.count)))
            } else {
                outgoing.body = .bytes(ByteBuffer(bytes: data))
            }
        case .file(let url):
            guard let length else {
                throw TernError(
                    .invalidRequest, "the body file '\(url.path)' cannot be read", requestLabel: request.label)
            }
            let chunks = BodyChunks(segments: [.file(url)], meter: meter, onChunk: touch, clock: clock)
            outgoing.body = .stream(chunks, length: .known(length))
        case .multipart(let form):
            guard let length else {
                throw TernError(
                    .invalidRequest, "a file of the multipart form cannot be read", requestLabel: request.label)
            }
            let chunks = BodyChunks(segments: form.segments, meter: meter, onChunk: touch, clock: clock)
            outgoing.body = .stream(chunks, length: .known(length))
        }
        return outgoing
    }
}

extension HTTPClientTransport {
    /// The transport-neutral configuration (kept as a nested name for discoverability).
    public typealias Configuration = TransportConfiguration

    /// The port the attempt's connection goes to: the proxy's when there is one.
    static func connectedPort(_ request: Tern.Request, _ settings: ClientSettings) -> Int {
        if let proxy = settings.proxy { return proxy.port }
        if let port = request.url.port { return port }
        return request.url.scheme?.lowercased() == "https" ? 443 : 80
    }

    /// The largest request head sent whatever the limits say: a head over SwiftNIO's 64 KiB
    /// write-buffer high watermark can stop the process inside AsyncHTTPClient (the margin is
    /// for `Host` and `Content-Length`, which the client adds).
    public static let largestSafeHead = 63 << 10

    /// The size limit of one response body, which also tells the watchdog that bytes arrived.
    struct Limit: Sendable {
        let limits: TransferLimits
        let download: Bool
        let label: String
        let watchdog: AttemptWatchdog

        /// Fails when `count` bytes (announced) pass the limit.
        func check(_ count: Int64) throws(TernError) {
            try limits.checkBody(count, download: download, label: label)
        }

        /// Records that bytes arrived, `total` so far, and fails past the limit.
        func received(_ total: Int64) throws(TernError) {
            watchdog.touch()
            try limits.checkBody(total, download: download, label: label)
        }
    }
}

extension TransportConfiguration {
    var clientConfiguration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.timeout.connect = .nanoseconds(connectTimeout.saturatingNanoseconds)
        configuration.connectionPool = HTTPClient.Configuration.ConnectionPool(
            idleTimeout: .nanoseconds(idleTimeout.saturatingNanoseconds),
            concurrentHTTP1ConnectionsPerHostSoftLimit: maximumConnectionsPerHost
        )
        // A refused connection must fail now, not be retried silently until the deadline;
        // retries belong to the Handler's policy.
        configuration.connectionPool.retryConnectionEstablishment = false
        // AsyncHTTPClient drops Authorization, Proxy-Authorization and Cookie on cross-origin redirects.
        configuration.redirectConfiguration =
            maximumRedirects > 0 ? .follow(max: maximumRedirects, allowCycles: false) : .disallow
        // HTTP/2 when the server offers it by ALPN, else HTTP/1.1.
        configuration.httpVersion = .automatic
        configuration.proxy = proxy?.clientProxy
        return configuration
    }
}

extension HTTPClientTransport {
    /// A `WireLoadEngine` sending as this transport does (its TLS, proxy, connect timeout and limits).
    public var wireLoadDriver: (any WireLoadDriver)? {
        guard ownsClient || givenClient == nil else { return nil }
        return WireLoadEngine(configuration: configuration)
    }
}
