/// What one grpcurl command line asks for, after its flags are read (before mapping to a spec).
struct GRPCurlInvocation: Sendable, Equatable {
    /// `HOST:PORT` as written.
    var address = ""
    /// `pkg.Service/Method` (grpcurl's `pkg.Service.Method` form already turned into it).
    var method = ""
    /// `-plaintext`: HTTP/2 without TLS.
    var plaintext = false
    /// `-insecure`: TLS without certificate checks.
    var insecure = false
    /// `-d`: the request messages as written (a stream of JSON documents).
    var data: String?
    /// `-H` / `-rpc-header` metadata, in order.
    var metadata: [(name: String, value: String)] = []
    /// `-reflect-header` metadata (Tern sends a call's metadata with its reflection too).
    var reflectMetadata: [(name: String, value: String)] = []
    /// `-proto` files, in order.
    var protos: [String] = []
    /// `-import-path` folders, in order.
    var importPaths: [String] = []
    /// `-protoset` files (Tern reads one).
    var protosets: [String] = []
    /// `-max-time`: the call's deadline in seconds.
    var maxTime: Double?
    /// `-cacert FILE`.
    var caFile: String?
    /// `-cert FILE`.
    var certificate: String?
    /// `-key FILE`.
    var key: String?
    /// Flags read but not carried over, with why (`-connect-timeout: Tern connects within 10 s`).
    var notCarried: [String] = []

    /// Whether the values are equal (tuples are not `Equatable`).
    static func == (lhs: GRPCurlInvocation, rhs: GRPCurlInvocation) -> Bool {
        let pairs = { (list: [(name: String, value: String)]) in list.map { "\($0.name)\u{0}\($0.value)" } }
        return lhs.address == rhs.address && lhs.method == rhs.method && lhs.plaintext == rhs.plaintext
            && lhs.insecure == rhs.insecure && lhs.data == rhs.data && pairs(lhs.metadata) == pairs(rhs.metadata)
            && pairs(lhs.reflectMetadata) == pairs(rhs.reflectMetadata) && lhs.protos == rhs.protos
            && lhs.importPaths == rhs.importPaths && lhs.protosets == rhs.protosets && lhs.maxTime == rhs.maxTime
            && lhs.caFile == rhs.caFile && lhs.certificate == rhs.certificate && lhs.key == rhs.key
            && lhs.notCarried == rhs.notCarried
    }
}
