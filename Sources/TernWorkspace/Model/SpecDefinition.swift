import Foundation
public import Tern

/// One request as a spec file declares it, before templating (`specs/users/get-user.yaml`).
///
/// Strings keep their `{{variables}}`; `Workspace.request(for:context:)` renders and lowers them.
/// Two definitions are equal when every field is equal (key order and positions are not compared).
public struct SpecDefinition: Sendable, Equatable {
    /// The display name (`name:`; defaults to the file name).
    public var name: String
    /// The target whose base URL and headers apply (`target:`; may be omitted when there is one target).
    public var target: String?
    /// The HTTP method as written (`GET`, `post`); lowered in upper case.
    public var method: String
    /// The path under the target's base URL, or a full URL.
    public var path: String
    /// Query parameters in file order; string leaves are templated.
    public var query: [(name: String, value: JSONValue)]
    /// How arrays in `query` are written: `individual` (`tags=a&tags=b`) or `comma` (`tags=a,b`).
    public var arrayEncoding: ArrayEncoding
    /// Headers in file order; they override the target's headers of the same name.
    public var headers: [(name: String, value: String)]
    /// Headers and query parameters kept in the file but not sent (`disabled: {headers: [...], query: [...]}`),
    /// as the TUI's on/off toggle leaves them.
    public var disabled = DisabledItems()
    /// The body, when there is one.
    public var body: BodyDefinition?
    /// Data, upload or download.
    public var transaction: Transaction
    /// The key the response is stored under (default: method + resolved URL).
    public var storageKey: String?
    /// Seconds a stored response stays valid, overriding `handler.cacheTTL`.
    public var validFor: Double?
    /// The canned response `sample` mode serves (never templated).
    public var sample: SampleDefinition?
    /// JSON paths `tern verify` ignores when comparing stored and live answers (`verify: {ignore: [...]}`).
    public var verifyIgnore: [String] = []
    /// Specs answered before this one (`requires:`), such as a login whose token it uses.
    public var requires: [SpecDependency] = []
    /// Values taken from the response into variables (`capture:`).
    public var capture: [CaptureRule] = []
    /// What the answer must satisfy (`expect:`), evaluated on every send.
    public var expect: [ResponseExpectation] = []
    /// How the request authenticates (`auth:`): `nil` uses the target's, `.none` turns it off.
    public var auth: AuthDefinition? = nil
    /// Whether the cookie jar is used: its cookies sent, those set stored (`cookies: false` turns it off).
    public var cookies = true
    /// Whether and how far this spec's redirects are followed (`redirects: {follow, max}`), overriding
    /// `handler.redirects`; `nil` keeps the workspace's.
    public var redirects: RedirectPolicy?
    /// Whether a Server-Sent Events stream reconnects when the server ends it (`stream: {reconnect,
    /// max}`); `nil`: up to 10 times.
    public var stream: StreamReconnection?
    /// Free text for people (`notes:`), never sent: what an import kept that Tern cannot run (a `.http`
    /// file's response handler script), or anything the author wants the next reader to know.
    public var notes: String?
    /// The conversation of a WebSocket spec (`websocket:`; a `ws://`/`wss://` path or `protocol: websocket`
    /// makes one with the defaults); `nil` for HTTP.
    public var websocket: WebSocketDefinition?
    /// When a GraphQL subscription ends (`until:`, a spec with a `graphql` body): after N payloads, a quiet
    /// or only at the server's `complete`; `nil`: the conversation's default (5 s of quiet).
    public var until: WebSocketDefinition.Until?
    /// The call of a gRPC spec (`grpc:`), on a target whose baseURL is `grpc://` or `grpcs://`.
    public var grpc: GRPCDefinition?
    /// The OpenAPI operation the spec was imported from (`openapi:`), which contract checks read.
    public var openAPI: OpenAPIOperation?

    /// Key order and value positions from the file this definition was read from.
    var layout = SpecLayout()

    /// Makes a definition; only the method and path are required.
    public init(
        name: String,
        target: String? = nil,
        method: String,
        path: String,
        query: [(name: String, value: JSONValue)] = [],
        arrayEncoding: ArrayEncoding = .individual,
        headers: [(name: String, value: String)] = [],
        body: BodyDefinition? = nil,
        transaction: Transaction = .data,
        storageKey: String? = nil,
        validFor: Double? = nil,
        sample: SampleDefinition? = nil
    ) {
        self.name = name
        self.target = target
        self.method = method
        self.path = path
        self.query = query
        self.arrayEncoding = arrayEncoding
        self.headers = headers
        self.body = body
        self.transaction = transaction
        self.storageKey = storageKey
        self.validFor = validFor
        self.sample = sample
    }

    /// Whether every field is equal (ordered lists compared in order; key order and positions ignored).
    public static func == (lhs: SpecDefinition, rhs: SpecDefinition) -> Bool {
        lhs.name == rhs.name && lhs.target == rhs.target && lhs.method == rhs.method && lhs.path == rhs.path
            && lhs.query.elementsEqual(rhs.query, by: { $0.name == $1.name && $0.value == $1.value })
            && lhs.arrayEncoding == rhs.arrayEncoding && Pairs.equal(lhs.headers, rhs.headers)
            && lhs.disabled == rhs.disabled
            && lhs.body == rhs.body && lhs.transaction == rhs.transaction && lhs.storageKey == rhs.storageKey
            && lhs.validFor == rhs.validFor && lhs.sample == rhs.sample && lhs.verifyIgnore == rhs.verifyIgnore
            && lhs.requires == rhs.requires && lhs.capture == rhs.capture && lhs.expect == rhs.expect
            && lhs.auth == rhs.auth && lhs.cookies == rhs.cookies && lhs.redirects == rhs.redirects
            && lhs.stream == rhs.stream && lhs.notes == rhs.notes && lhs.openAPI == rhs.openAPI
    }
}

extension SpecDefinition {
    /// Whether `path` is a whole `http://` or `https://` URL: such a spec without `target:` uses no target
    /// (no base URL, no target headers).
    public var hasFullURL: Bool {
        let lowered = path.prefix(8).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }
}

/// The names of a spec's headers and query parameters that are switched off.
public struct DisabledItems: Sendable, Equatable {
    /// Header names (compared case-insensitively).
    public var headers: [String] = []
    /// Query parameter names.
    public var query: [String] = []

    public init(headers: [String] = [], query: [String] = []) {
        self.headers = headers
        self.query = query
    }

    public var isEmpty: Bool { headers.isEmpty && query.isEmpty }

    /// Whether the header `name` is off.
    public func isDisabled(header name: String) -> Bool {
        headers.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// Whether the query parameter `name` is off.
    public func isDisabled(query name: String) -> Bool { query.contains(name) }
}

extension SpecDefinition {
    /// Whether the spec opens a WebSocket conversation rather than sending one request.
    public var isWebSocket: Bool { websocket != nil }

    /// Whether the spec is a gRPC call (`grpc:`).
    public var isGRPC: Bool { grpc != nil }

    /// The method and path lists show: `GRPC` and `pkg.Service/Method` for a gRPC spec.
    public var listed: (method: String, path: String) {
        if let grpc { return ("GRPC", grpc.method) }
        return (method, path)
    }

    /// Whether `path` is a `ws://` or `wss://` URL.
    static func isWebSocketURL(_ path: String) -> Bool {
        let lower = path.prefix(6).lowercased()
        return lower.hasPrefix("ws://") || lower.hasPrefix("wss://")
    }
}
