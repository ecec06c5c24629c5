import Foundation
import HTTPTypes
import Synchronization

/// Runs gRPC-Web calls (`grpc-web://`, `grpc-webs://`) over Tern's HTTP stack: a `POST` of the framed
/// request message through a `Transport` (its TLS, proxy and limits), the answer's frames read as they
/// arrive, for services behind Envoy's gRPC-Web filter or another browser proxy.
///
/// gRPC-Web carries unary and server-streaming calls: a call with more than one request message is
/// refused with `unimplemented`, and so is server reflection (a bidirectional stream).
public struct GRPCWebConnector: GRPCConnector {
    let transport: any Transport
    let proxy: ProxySettings?

    /// The content type asked for and sent.
    static let contentType = "application/grpc-web+proto"

    /// A connector that sends through `transport`, through `proxy` when one is given.
    public init(transport: any Transport, proxy: ProxySettings? = nil) {
        self.transport = transport
        self.proxy = proxy
    }

    public func run(
        _ call: GRPCCall, messages: AsyncStream<[UInt8]>,
        receive: @escaping @Sendable (GRPCCallEvent) async -> Void
    ) async -> GRPCStatus {
        var sent: [[UInt8]] = []
        for await message in messages { sent.append(message) }
        guard sent.count <= 1 else {
            return GRPCStatus(
                code: .unimplemented,
                message: "gRPC-Web carries one request message a call (unary and server-streaming methods); "
                    + "this call has \(sent.count)")
        }
        if Task.isCancelled { return GRPCStatus(code: .cancelled, message: "the call was cancelled") }
        let request: Request
        do throws(GRPCWebFailure) {
            request = try Self.request(for: call, message: sent.first ?? [], proxy: proxy)
        } catch {
            return error.status
        }
        let (frames, sink) = AsyncStream.makeStream(of: GRPCCallEvent.self)
        let state = Mutex(
            GRPCWebReadState(
                reader: GRPCWebFrameReader(maximumMessageBytes: call.maximumReceivedMessageBytes), url: request.url))
        var context = TransportContext(timeout: call.timeout)
        context.onStream = { part in
            state.withLock { $0.take(part, into: sink) }
        }
        let delivery = Task {
            for await event in frames { await receive(event) }
        }
        let answer: Result<TransportResponse, any Error>
        do {
            answer = .success(try await transport.perform(request, context: context))
        } catch {
            answer = .failure(error)
        }
        let ending = state.withLock { $0.finish(answer, into: sink) }
        sink.finish()
        await delivery.value
        return ending
    }

    /// The `POST` a call makes: `http(s)://HOST:PORT/pkg.Service/Method` with the framed message.
    static func request(for call: GRPCCall, message: [UInt8], proxy: ProxySettings?) throws(GRPCWebFailure) -> Request {
        guard var components = URLComponents(url: call.url, resolvingAgainstBaseURL: false),
            let host = components.host, !host.isEmpty
        else {
            throw GRPCWebFailure(status: GRPCStatus(code: .invalidArgument, message: "\(call.url) names no host"))
        }
        components.scheme = call.usesTLS ? "https" : "http"
        components.path = "/" + call.method
        guard let url = components.url else {
            throw GRPCWebFailure(
                status: GRPCStatus(code: .invalidArgument, message: "'\(call.method)' makes no URL"))
        }
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.accept] = contentType
        if let name = HTTPField.Name("x-grpc-web") { headers[name] = "1" }
        if let timeout = call.timeout {
            // gRPC's timeout is at most 8 digits: seconds are capped before they are multiplied.
            let seconds = min(max(timeout.components.seconds, 0), 99_999)
            let milliseconds = max(1, seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
            if let name = HTTPField.Name("grpc-timeout") { headers[name] = "\(min(milliseconds, 99_999_999))m" }
        }
        for entry in call.metadata {
            guard let name = HTTPField.Name(entry.name) else {
                throw GRPCWebFailure(
                    status: GRPCStatus(code: .invalidArgument, message: "'\(entry.name)' is not a metadata name"))
            }
            headers.append(HTTPField(name: name, value: entry.written))
        }
        var body = Data([0])
        let count = UInt32(truncatingIfNeeded: message.count)
        body.append(contentsOf: [UInt8(count >> 24), UInt8((count >> 16) & 0xFF), UInt8((count >> 8) & 0xFF)])
        body.append(UInt8(count & 0xFF))
        body.append(contentsOf: message)
        var request = Request(method: .post, url: url, headers: headers, body: .data(body), timeout: call.timeout)
        request.connectionSettings = ConnectionSettings(tls: call.tls, proxy: proxy)
        request.usesCookies = false
        return request
    }
}

/// A call that could not be made, as its status.
struct GRPCWebFailure: Error {
    var status: GRPCStatus
}

extension GRPCWebFailure {
    /// The status a transport's failure stands for.
    init(_ error: any Error, url: URL) {
        guard let error = error as? TernError else {
            let code: GRPCStatus.Code = error is CancellationError ? .cancelled : .unknown
            self.init(status: GRPCStatus(code: code, message: "\(url.absoluteString): \(error)"))
            return
        }
        let code: GRPCStatus.Code =
            switch error.kind {
            case .timeout: .deadlineExceeded
            case .cancelled: .cancelled
            case .connection, .tls: .unavailable
            default: .unknown
            }
        self.init(status: GRPCStatus(code: code, message: error.message))
    }
}

/// What a gRPC-Web answer has taught so far, as its parts arrive from the transport.
struct GRPCWebReadState {
    var reader: GRPCWebFrameReader
    let url: URL
    var httpStatus: Int?
    var contentType = ""
    /// The status the head carried (a trailers-only answer).
    var headStatus: GRPCStatus?
    var trailerStatus: GRPCStatus?
    var failure: GRPCStatus?
    /// Whether the transport handed over the body as it came (else it is read at the end).
    var streamed = false

    /// Response headers that are HTTP's, not the call's metadata.
    static let notMetadata: Set<String> = [
        "content-type", "content-length", "transfer-encoding", "connection", "keep-alive", "date", "server", "vary",
    ]

    var isGRPCWeb: Bool { contentType.hasPrefix("application/grpc-web") }

    mutating func take(_ part: StreamPart, into sink: AsyncStream<GRPCCallEvent>.Continuation) {
        guard failure == nil else { return }
        switch part {
        case .head(let status, let headers):
            httpStatus = status.code
            contentType = headers[.contentType]?.lowercased() ?? ""
            if contentType.hasPrefix("application/grpc-web-text") {
                reader = GRPCWebFrameReader(maximumMessageBytes: reader.maximumMessageBytes, text: true)
            }
            var entries: [GRPCMetadataEntry] = []
            for field in headers {
                let name = field.name.canonicalName.lowercased()
                if Self.notMetadata.contains(name) || name.hasPrefix("access-control-") { continue }
                entries.append(
                    GRPCMetadataEntry(name: name, written: field.value)
                        ?? GRPCMetadataEntry(name: name, value: .text(field.value)))
            }
            headStatus = GRPCWebFrameReader.status(of: entries)
            sink.yield(.metadata(entries.filter { $0.name != "grpc-status" && $0.name != "grpc-message" }))
        case .chunk(let bytes):
            streamed = true
            guard httpStatus == 200, isGRPCWeb else { return }
            do throws(GRPCWebFrameReader.Failure) {
                for frame in try reader.append(bytes) {
                    switch frame {
                    case .message(let message): sink.yield(.message(message))
                    case .trailers(let entries):
                        trailerStatus =
                            GRPCWebFrameReader.status(of: entries)
                            ?? GRPCStatus(code: .internal, message: "the trailers carry no grpc-status")
                    }
                }
            } catch {
                failure = error.status
            }
        }
    }

    /// How the call ended, once the transport returned `answer`.
    mutating func finish(
        _ answer: Result<TransportResponse, any Error>, into sink: AsyncStream<GRPCCallEvent>.Continuation
    ) -> GRPCStatus {
        switch answer {
        case .failure(let error):
            if let failure { return failure }
            if let trailerStatus { return trailerStatus }
            return GRPCWebFailure(error, url: url).status
        case .success(let response):
            if httpStatus == nil { take(.head(status: response.status, headers: response.headers), into: sink) }
            if !streamed, !response.body.isEmpty { take(.chunk(Array(response.body)), into: sink) }
        }
        if let failure { return failure }
        let http = httpStatus ?? 0
        guard http == 200 else {
            if let headStatus { return headStatus }
            return GRPCStatus(
                code: GRPCWebFrameReader.status(ofHTTP: http),
                message: "\(url.absoluteString) answered HTTP \(http), not gRPC-Web")
        }
        if let headStatus, trailerStatus == nil { return headStatus }
        guard isGRPCWeb else {
            return GRPCStatus(
                code: .unknown,
                message: "\(url.absoluteString) answered '\(contentType.isEmpty ? "no content type" : contentType)', "
                    + "not gRPC-Web: is it a gRPC-Web endpoint?")
        }
        if let trailerStatus { return trailerStatus }
        if reader.hasPartialFrame {
            return GRPCStatus(code: .internal, message: "the answer ends inside a frame")
        }
        return GRPCStatus(code: .internal, message: "the answer ended with no grpc-status")
    }
}
