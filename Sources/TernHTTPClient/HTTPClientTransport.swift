import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import Tern

/// A `Transport` on AsyncHTTPClient: pooled keep-alive connections, streamed bodies, real cancellation.
///
/// Use `HTTPClientTransport.shared` (one client for the process), or make one with your own
/// configuration and call `shutdown()` when done: a client dropped without it is a crash in AsyncHTTPClient.
public final class HTTPClientTransport: Transport {
    /// A transport on a process-wide client that is never shut down.
    public static let shared = HTTPClientTransport(configuration: Configuration())

    /// The client requests go through.
    public let client: HTTPClient
    private let ownsClient: Bool

    /// Makes a transport with its own client.
    public init(configuration: Configuration = Configuration()) {
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration.clientConfiguration)
        ownsClient = true
    }

    /// Makes a transport on a client you own (and shut down).
    public init(client: HTTPClient) {
        self.client = client
        ownsClient = false
    }

    /// Shuts the owned client down; call once when the transport is no longer used.
    public func shutdown() async throws {
        if ownsClient { try await client.shutdown() }
    }

    public func perform(_ request: Tern.Request, context: TransportContext) async throws -> TransportResponse {
        let outgoing = try makeClientRequest(request, context: context)
        let deadline: NIODeadline =
            context.timeout.map { .now() + .nanoseconds($0.saturatingNanoseconds) } ?? .distantFuture
        do {
            let response = try await client.execute(outgoing, deadline: deadline)
            var fields = HTTPFields()
            for header in response.headers {
                if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
            }
            let code = Int(response.status.code)
            if request.transaction == .download {
                let plan = BodyWriter.plan(
                    status: code, headers: fields, destination: request.downloadDestination,
                    resumeOffset: context.resumeOffset
                )
                let meter = TransferMeter.reporting(to: context.progress, direction: .download, total: plan.total, startingAt: plan.keep)
                try await BodyWriter.write(response.body, plan: plan, meter: meter)
                let (status, headers) = BodyWriter.reported(status: code, headers: fields, plan: plan)
                let phrase = status == code ? response.status.reasonPhrase : HTTPResponse.Status(standardCode: status).reasonPhrase
                return TransportResponse(status: HTTPResponse.Status(code: status, reasonPhrase: phrase), headers: headers, fileURL: plan.url)
            }
            let status = HTTPResponse.Status(code: code, reasonPhrase: response.status.reasonPhrase)
            let total = response.headers.first(name: "content-length").flatMap(Int64.init)
            let meter = TransferMeter.reporting(to: context.progress, direction: .download, total: total)
            var body = Data()
            for try await chunk in response.body {
                body.append(contentsOf: chunk.readableBytesView)
                meter?.add(chunk.readableBytes)
            }
            meter?.finish()
            return TransportResponse(status: status, headers: fields, body: body)
        } catch {
            throw Self.map(error, request: request)
        }
    }

    private func makeClientRequest(_ request: Tern.Request, context: TransportContext) throws -> HTTPClientRequest {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers {
            outgoing.headers.add(name: field.name.rawName, value: field.value)
        }
        let length = request.body.knownLength
        let meter = TransferMeter.reporting(to: context.progress, direction: .upload, total: length)
        switch request.body {
        case .none:
            break
        case .data(let data):
            if request.transaction == .upload {
                outgoing.body = .stream(BodyChunks(segments: [.data(data)], meter: meter), length: .known(Int64(data.count)))
            } else {
                outgoing.body = .bytes(ByteBuffer(bytes: data))
            }
        case .file(let url):
            guard let length else {
                throw TernError(.invalidRequest, "the body file '\(url.path)' cannot be read", requestLabel: request.label)
            }
            outgoing.body = .stream(BodyChunks(segments: [.file(url)], meter: meter), length: .known(length))
        case .multipart(let form):
            guard let length else {
                throw TernError(.invalidRequest, "a file of the multipart form cannot be read", requestLabel: request.label)
            }
            outgoing.body = .stream(BodyChunks(segments: form.segments, meter: meter), length: .known(length))
        }
        return outgoing
    }
}

extension HTTPClientTransport {
    /// The transport-neutral configuration (kept as a nested name for discoverability).
    public typealias Configuration = TransportConfiguration
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
        return configuration
    }
}
