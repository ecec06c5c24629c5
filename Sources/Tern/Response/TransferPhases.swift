import Foundation

/// Where one live attempt's time went, as far as its transport could measure it.
///
/// A phase is `nil` when it did not happen (no new connection was opened: the request went out on a
/// kept-alive one; the host was an address, so nothing was looked up) or when the transport cannot
/// see it apart from its neighbours (see each property). The phases follow each other, so the known
/// ones add up to about `total`.
public struct TransferPhases: Sendable, Hashable {
    /// Looking the host name up. `nil` when the transport does not report it apart from `connect`.
    public var dns: Duration?
    /// Opening a new connection: with AsyncHTTPClient this is the whole step of looking the name up,
    /// connecting over TCP and, for https, the TLS handshake (it reports only when the connection is
    /// ready). `nil` when the request went out on a connection that was already open.
    public var connect: Duration?
    /// The TLS handshake, when the transport reports it apart from `connect`.
    public var tls: Duration?
    /// Writing the request body, for bodies streamed from files, forms and uploads; a head and a small
    /// body in memory go out in one write, counted in `firstByte`.
    public var send: Duration?
    /// Waiting for the answer: from the request being on the wire (or the start, when nothing before
    /// it was measured) to the status line and headers.
    public var firstByte: Duration?
    /// Receiving the body, from the headers to its last byte.
    public var transfer: Duration?
    /// The attempt from start to last byte.
    public var total: Duration
    /// Whether the request went out on a connection that was already open; `nil` when unknown.
    public var reusedConnection: Bool?

    /// Makes phases; `total` is the only one always known.
    public init(
        dns: Duration? = nil, connect: Duration? = nil, tls: Duration? = nil, send: Duration? = nil,
        firstByte: Duration? = nil, transfer: Duration? = nil, total: Duration, reusedConnection: Bool? = nil
    ) {
        self.dns = dns
        self.connect = connect
        self.tls = tls
        self.send = send
        self.firstByte = firstByte
        self.transfer = transfer
        self.total = total
        self.reusedConnection = reusedConnection
    }

    /// The phases in order, with the names `--events json` and the history use (`dnsMs` ...).
    public var named: [(name: String, duration: Duration?)] {
        [
            ("dns", dns), ("connect", connect), ("tls", tls), ("send", send), ("firstByte", firstByte),
            ("transfer", transfer), ("total", total),
        ]
    }

    /// The phases as whole and fractional milliseconds, keyed `dnsMs` ... `totalMs` (`nil` for a phase
    /// that did not happen), rounded to microseconds.
    public var milliseconds: [(key: String, value: Double?)] {
        named.map { ("\($0.name)Ms", $0.duration.map(Self.milliseconds)) }
    }

    /// `duration` in milliseconds, rounded to the microsecond.
    public static func milliseconds(_ duration: Duration) -> Double {
        (duration.seconds * 1_000_000).rounded() / 1000
    }
}

extension TransferPhases: Codable {
    private enum CodingKeys: String, CodingKey {
        case dnsMs, connectMs, tlsMs, sendMs, firstByteMs, transferMs, totalMs, reusedConnection
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func phase(_ key: CodingKeys) throws -> Duration? {
            try container.decodeIfPresent(Double.self, forKey: key).flatMap(Self.duration(milliseconds:))
        }
        self.init(
            dns: try phase(.dnsMs), connect: try phase(.connectMs), tls: try phase(.tlsMs), send: try phase(.sendMs),
            firstByte: try phase(.firstByteMs), transfer: try phase(.transferMs),
            total: try phase(.totalMs) ?? .zero,
            reusedConnection: try container.decodeIfPresent(Bool.self, forKey: .reusedConnection))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let keys: [CodingKeys] = [.dnsMs, .connectMs, .tlsMs, .sendMs, .firstByteMs, .transferMs, .totalMs]
        for (key, value) in zip(keys, milliseconds) { try container.encode(value.value, forKey: key) }
        try container.encodeIfPresent(reusedConnection, forKey: .reusedConnection)
    }

    /// A duration from milliseconds read from a file: `nil` for a negative, infinite or absurd value.
    static func duration(milliseconds: Double) -> Duration? {
        guard milliseconds.isFinite, milliseconds >= 0, milliseconds < 1e12 else { return nil }
        return .microseconds(Int64((milliseconds * 1000).rounded()))  // trap-checked: finite, below 1e15
    }
}
