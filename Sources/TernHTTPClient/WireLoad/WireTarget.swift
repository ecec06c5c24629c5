import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import Tern

/// Where a load's connection goes: host, port, and the TLS it speaks (none for `http`).
struct WireEndpoint: Hashable, Sendable {
    /// The host to connect to (an IPv6 address without its brackets).
    var host: String
    var port: Int
    /// The TLS settings of an `https` endpoint.
    var tls: TLSSettings?
}

/// One request of a load as it goes on the wire: its bytes, encoded once and written as they are for every
/// send (a `ByteBuffer` is shared, not copied, when written).
struct WireTarget: Sendable {
    /// The index of its endpoint in the load's endpoints.
    var endpoint: Int
    /// The request line, the headers and the body.
    var bytes: ByteBuffer
    /// A head naming the method, which the response decoder is shown so that it reads the answer to a `HEAD`
    /// as one without a body.
    var head: HTTPRequestHead
    /// The whole head and the body, for HTTP/2 (whose headers are encoded per connection).
    var fullHead: HTTPRequestHead
    var body: ByteBuffer
    /// How long an answer may take once the request is written, `nil` for no limit.
    var timeout: TimeAmount?

    /// Why `request` cannot be encoded once and sent as it is, or `nil`.
    static func refusal(of request: Request) -> String? {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "\(request.url.scheme ?? "no") scheme"
        }
        if request.connectionSettings?.proxy != nil { return "a proxy" }
        switch request.body {
        case .none, .data: break
        case .file: return "a body read from a file"
        case .multipart: return "a multipart body"
        }
        return request.url.host == nil ? "no host in \(request.url.absoluteString)" : nil
    }

    /// The endpoint `request` goes to, with `tls` for `https` when the request names none of its own.
    static func endpoint(of request: Request, tls: TLSSettings) -> WireEndpoint {
        let secure = request.url.scheme?.lowercased() == "https"
        return WireEndpoint(
            host: request.url.connectHost, port: request.url.port ?? (secure ? 443 : 80),
            tls: secure ? (request.connectionSettings?.tls ?? tls) : nil)
    }

    /// `request` encoded for `endpoint` (at index `index`): `METHOD TARGET HTTP/1.1`, `Host`, the request's
    /// headers, `Content-Length` when there is a body (or the method usually has one), then the body.
    init(_ request: Request, endpoint: WireEndpoint, index: Int) {
        let target = request.url.requestTarget
        let body: Data =
            switch request.body {
            case .data(let data): data
            default: Data()
            }
        var fields = HTTPHeaders()
        var head = "\(request.method.rawValue) \(target) HTTP/1.1\r\n"
        let givenHost = request.headers.first { $0.name.canonicalName == "host" }?.value
        if givenHost == nil {
            let defaultPort = endpoint.tls == nil ? 80 : 443
            let host = endpoint.host.contains(":") ? "[\(endpoint.host)]" : endpoint.host
            let value = endpoint.port == defaultPort ? host : "\(host):\(endpoint.port)"
            head += "Host: \(value)\r\n"
            fields.add(name: "Host", value: value)
        }
        for field in request.headers
        where field.name != .contentLength && field.name != .transferEncoding && field.name.canonicalName != "host" {
            head += "\(field.name.rawName): \(field.value)\r\n"
            fields.add(name: field.name.rawName, value: field.value)
        }
        if let givenHost {
            head += "Host: \(givenHost)\r\n"
            fields.add(name: "Host", value: givenHost)
        }
        if !body.isEmpty || [.post, .put, .patch].contains(request.method) {
            head += "Content-Length: \(body.count)\r\n"
            fields.add(name: "Content-Length", value: String(body.count))
        }
        head += "\r\n"
        var bytes = ByteBuffer()
        bytes.reserveCapacity(head.utf8.count + body.count)
        bytes.writeString(head)
        bytes.writeBytes(body)
        self.endpoint = index
        self.bytes = bytes
        let method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        self.head = HTTPRequestHead(version: .http1_1, method: method, uri: target)
        fullHead = HTTPRequestHead(version: .http1_1, method: method, uri: target, headers: fields)
        self.body = ByteBuffer(bytes: body)
        timeout = request.timeout.map(TimeAmount.init)
    }
}

extension TimeAmount {
    /// `duration` in nanoseconds.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(
            seconds.multipliedReportingOverflow(by: 1_000_000_000).partialValue + attoseconds / 1_000_000_000)
    }
}
