/// The gRPC calls a mock answers, and what it answers each: a recorded call whose request messages are
/// those of the call, else the method's sample, else `NOT_FOUND` saying what is recorded. A method with
/// neither a recording nor a sample is not served (`UNIMPLEMENTED`).
///
/// Pure: the request messages are compared through `fingerprint`, the digest the cache keeps of a
/// recorded call's request (so recordings are matched without their requests stored in clear).
public struct MockGRPCCalls: Sendable {
    /// A call recorded live.
    public struct Recording: Sendable, Hashable {
        /// `pkg.Service/Method`.
        public var method: String
        /// The fingerprint of its request messages; `nil` when the cache kept none (it then never matches).
        public var request: String?
        /// The size of its request messages, framed as gRPC frames them, when known.
        public var requestBytes: Int?
        /// What the server answered.
        public var reply: MockGRPCReply

        /// Makes a recording.
        public init(method: String, request: String?, requestBytes: Int? = nil, reply: MockGRPCReply) {
            self.method = method
            self.request = request
            self.requestBytes = requestBytes
            self.reply = reply
        }
    }

    /// What to answer a call, and why.
    public enum Decision: Sendable, Hashable {
        /// A recorded call with these request messages.
        case recorded(MockGRPCReply)
        /// The method's sample: no recording has these request messages.
        case sample(MockGRPCReply)
        /// The method is served, but nothing answers these request messages: `NOT_FOUND`, saying what is.
        case unmatched(MockGRPCReply)
        /// The method is not served: `UNIMPLEMENTED`.
        case unknown(MockGRPCReply)

        /// What is sent.
        public var reply: MockGRPCReply {
            switch self {
            case .recorded(let reply), .sample(let reply), .unmatched(let reply), .unknown(let reply): reply
            }
        }
    }

    /// At most this many request messages of one call are read (more ends the call with
    /// `RESOURCE_EXHAUSTED`).
    public static let maximumRequestMessages = 10_000

    /// The recordings, newest first (the first that matches answers).
    public let recordings: [Recording]
    /// Each method's sample.
    public let samples: [String: MockGRPCReply]
    /// The digest of request messages, as the recordings' `request` were made.
    public let fingerprint: @Sendable ([[UInt8]]) -> String

    /// Makes the calls a mock answers.
    public init(
        recordings: [Recording], samples: [String: MockGRPCReply],
        fingerprint: @escaping @Sendable ([[UInt8]]) -> String
    ) {
        self.recordings = recordings
        self.samples = samples
        self.fingerprint = fingerprint
    }

    /// The methods served, sorted.
    public var methods: [String] { Set(recordings.map(\.method)).union(samples.keys).sorted() }

    /// How many calls of `method` are recorded.
    public func recordedCount(of method: String) -> Int { recordings.count { $0.method == method } }

    /// What to answer a call of `method` (`pkg.Service/Method`) that sent `requests`.
    public func decide(method: String, requests: [[UInt8]]) -> Decision {
        let recorded = recordings.filter { $0.method == method }
        if !recorded.isEmpty {
            let digest = fingerprint(requests)
            if let match = recorded.first(where: { $0.request == digest }) { return .recorded(match.reply) }
        }
        if let sample = samples[method] { return .sample(sample) }
        guard !recorded.isEmpty else {
            return .unknown(
                MockGRPCReply(code: MockGRPCReply.unimplemented, message: "tern mock serves no method \(method)"))
        }
        let sizes = recorded.compactMap(\.requestBytes).map { "\($0)" }
        let sent = requests.reduce(0) { $0 + 5 + $1.count }
        let calls = recorded.count == 1 ? "1 call" : "\(recorded.count) calls"
        var message = "tern mock has \(calls) of \(method) recorded, none with these request messages"
        if !sizes.isEmpty {
            message += " (recorded requests of \(sizes.joined(separator: ", ")) bytes; this one is \(sent) bytes)"
        }
        message += ": record this call live (tern grpc, tern send), or give the method's spec a sample:"
        return .unmatched(MockGRPCReply(code: MockGRPCReply.notFound, message: message))
    }
}
