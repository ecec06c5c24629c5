public import Foundation

/// Runs gRPC calls: the gRPC counterpart of `Transport` and `WebSocketConnector`, the only place a
/// call's bytes meet a network. `TernGRPC`'s `GRPCClientConnector` is the one built on grpc-swift over
/// SwiftNIO's HTTP/2. A connector moves message bytes: what they mean (descriptors, JSON) is
/// `TernProtobuf`'s.
public protocol GRPCConnector: Sendable {
    /// Runs `call`: sends each of `messages` as it comes (the request stream ends when `messages`
    /// finishes), hands each of the server's answers to `receive` in order and waits for it (so a slow
    /// reader slows the server down), and returns how the call ended.
    ///
    /// Everything that goes wrong ends as a status: a server that cannot be reached is `unavailable`, a
    /// deadline that passes `deadlineExceeded`, the caller's task cancelled `cancelled` (the stream is
    /// reset), a message over `call.maximumReceivedMessageBytes` `resourceExhausted`, bytes that are
    /// not gRPC `internal`. Never waits past `call.timeout` when one is set.
    func run(
        _ call: GRPCCall, messages: AsyncStream<[UInt8]>,
        receive: @escaping @Sendable (GRPCCallEvent) async -> Void
    ) async -> GRPCStatus

    /// A connector that makes calls as this one does but keeps its connections open between calls (one
    /// per server, calls multiplexed on it), for a caller that makes many (a load) and shuts it down
    /// when done; `nil` when the connector cannot make one.
    func dedicatedPool() -> (any PooledGRPCConnector)?
}

extension GRPCConnector {
    /// No pool of its own: the caller calls through this connector.
    public func dedicatedPool() -> (any PooledGRPCConnector)? { nil }
}

/// A connector whose connections stay open between calls until `shutdown`.
public protocol PooledGRPCConnector: GRPCConnector {
    /// Closes every connection; calls made after it fail.
    func shutdown() async
    /// The connections it opened and the most open at once (they stay open until `shutdown`).
    var connectionCount: ConnectionCount { get }
}

/// One gRPC call as a connector runs it.
public struct GRPCCall: Sendable, Hashable {
    /// `grpc://HOST:PORT` (plaintext HTTP/2) or `grpcs://HOST:PORT` (TLS with `tls`); `grpc-web://` and
    /// `grpc-webs://` for gRPC-Web over HTTP (`GRPCWebConnector`).
    public var url: URL
    /// The method's path without its leading slash: `pkg.Service/Method`.
    public var method: String
    /// The request's metadata (HTTP/2 headers): `-bin` names carry bytes.
    public var metadata: [GRPCMetadataEntry]
    /// The call's deadline, from its start; `nil` for none.
    public var timeout: Duration?
    /// The TLS settings of a `grpcs://` call.
    public var tls: TLSSettings
    /// The largest message accepted from the server, in bytes (4 MiB by default, as gRPC's).
    public var maximumReceivedMessageBytes: Int

    /// The default limit of a received message: 4 MiB.
    public static let defaultMaximumReceivedMessageBytes = 4 << 20

    public init(
        url: URL, method: String, metadata: [GRPCMetadataEntry] = [], timeout: Duration? = nil,
        tls: TLSSettings = TLSSettings(), maximumReceivedMessageBytes: Int = Self.defaultMaximumReceivedMessageBytes
    ) {
        self.url = url
        self.method = method
        self.metadata = metadata
        self.timeout = timeout
        self.tls = tls
        self.maximumReceivedMessageBytes = maximumReceivedMessageBytes
    }

    /// Whether the call goes over TLS (`grpcs://`, `grpc-webs://`).
    public var usesTLS: Bool { url.usesGRPCTLS }

    /// Whether the call is gRPC-Web (`grpc-web://`, `grpc-webs://`), made over HTTP by `GRPCWebConnector`.
    public var isWeb: Bool { url.isGRPCWeb }
}

/// One metadata entry: a name (lowercase) and a text value, or bytes for a `-bin` name.
public struct GRPCMetadataEntry: Sendable, Hashable {
    public var name: String
    public var value: Value

    public enum Value: Sendable, Hashable {
        case text(String)
        case binary([UInt8])
    }

    public init(name: String, value: Value) {
        self.name = name.lowercased()
        self.value = value
    }

    /// An entry as it is written (`-H 'name: value'`, a spec's `metadata:`): a `-bin` name's value is
    /// base64 (standard or URL-safe, padded or not); nil when it is not.
    public init?(name: String, written: String) {
        let lowered = name.lowercased()
        if lowered.hasSuffix("-bin") {
            guard let bytes = GRPCMetadataEntry.base64(written) else { return nil }
            self.init(name: lowered, value: .binary(bytes))
        } else {
            self.init(name: lowered, value: .text(written))
        }
    }

    /// The value as it is shown and stored: the text, or a `-bin` value in standard base64.
    public var written: String {
        switch value {
        case .text(let text): text
        case .binary(let bytes): Data(bytes).base64EncodedString()
        }
    }

    /// Decodes base64 in either alphabet, with or without padding.
    static func base64(_ text: String) -> [UInt8]? {
        var standard = text.trimmingWhitespace()
            .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard).map { [UInt8]($0) }
    }
}

/// What a running call hands over, in order.
public enum GRPCCallEvent: Sendable, Hashable {
    /// The server's initial metadata (its response headers).
    case metadata([GRPCMetadataEntry])
    /// One message from the server, as its bytes.
    case message([UInt8])
}

/// How a call ended: its code, message and trailers.
public struct GRPCStatus: Sendable, Hashable, Error {
    public var code: Code
    public var message: String
    /// The trailing metadata (`grpc-status-details-bin` among them, when the server sent details).
    public var trailers: [GRPCMetadataEntry]

    public init(code: Code, message: String = "", trailers: [GRPCMetadataEntry] = []) {
        self.code = code
        self.message = message
        self.trailers = trailers
    }

    /// Whether the call succeeded.
    public var isOK: Bool { code == .ok }

    /// The status codes of gRPC (`doc/statuscodes.md`), by number.
    public struct Code: Sendable, Hashable, Comparable, CustomStringConvertible {
        public let rawValue: Int

        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let ok = Code(rawValue: 0)
        public static let cancelled = Code(rawValue: 1)
        public static let unknown = Code(rawValue: 2)
        public static let invalidArgument = Code(rawValue: 3)
        public static let deadlineExceeded = Code(rawValue: 4)
        public static let notFound = Code(rawValue: 5)
        public static let alreadyExists = Code(rawValue: 6)
        public static let permissionDenied = Code(rawValue: 7)
        public static let resourceExhausted = Code(rawValue: 8)
        public static let failedPrecondition = Code(rawValue: 9)
        public static let aborted = Code(rawValue: 10)
        public static let outOfRange = Code(rawValue: 11)
        public static let unimplemented = Code(rawValue: 12)
        public static let `internal` = Code(rawValue: 13)
        public static let unavailable = Code(rawValue: 14)
        public static let dataLoss = Code(rawValue: 15)
        public static let unauthenticated = Code(rawValue: 16)

        static let names = [
            "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
            "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE",
            "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED",
        ]

        /// The code's name as gRPC writes it (`NOT_FOUND`); `CODE_N` for a number gRPC does not define.
        public var name: String {
            Self.names.indices.contains(rawValue) ? Self.names[rawValue] : "CODE_\(rawValue)"
        }

        /// The code named `name` (`NOT_FOUND`, `not_found`, `NotFound`) or written as its number.
        public init?(named name: String) {
            if let number = Int(name), number >= 0 {
                self.init(rawValue: number)
                return
            }
            let folded = name.uppercased().replacingOccurrences(of: "_", with: "")
            guard let index = Self.names.firstIndex(where: { $0.replacingOccurrences(of: "_", with: "") == folded })
            else { return nil }
            self.init(rawValue: index)
        }

        public var description: String { "\(name) (\(rawValue))" }

        public static func < (lhs: Code, rhs: Code) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}

extension URL {
    /// Whether the URL names a gRPC endpoint (`grpc://`, `grpcs://`, or gRPC-Web's `grpc-web://`,
    /// `grpc-webs://`).
    public var isGRPC: Bool {
        guard let scheme = scheme?.lowercased() else { return false }
        return ["grpc", "grpcs", "grpc-web", "grpc-webs"].contains(scheme)
    }

    /// Whether the URL names a gRPC-Web endpoint (`grpc-web://` over HTTP, `grpc-webs://` over HTTPS).
    public var isGRPCWeb: Bool {
        guard let scheme = scheme?.lowercased() else { return false }
        return scheme == "grpc-web" || scheme == "grpc-webs"
    }

    /// Whether a gRPC URL's calls go over TLS (`grpcs://`, `grpc-webs://`).
    public var usesGRPCTLS: Bool {
        guard let scheme = scheme?.lowercased() else { return false }
        return scheme == "grpcs" || scheme == "grpc-webs"
    }
}
