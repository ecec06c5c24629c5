/// A target in `workspace.yaml`: a base URL and the headers shared by its specs.
public struct WorkspaceTarget: Sendable, Equatable {
    /// The key under `targets:`.
    public var name: String
    /// The base URL (templated), for example `"{{baseURL}}"` or `https://api.example.com/v1`.
    public var baseURL: String
    /// Headers sent with every spec of this target, in file order (templated); a spec's own win.
    public var headers: [(name: String, value: String)]
    /// How every spec of this target authenticates (`auth:`), unless a spec says otherwise.
    public var auth: AuthDefinition? = nil

    /// TLS settings for this target's requests, instead of the workspace's `tls:`.
    public var tls: TLSDefinition? = nil
    /// The proxy for this target's requests, instead of the workspace's `proxy:`.
    public var proxy: ProxyDefinition? = nil
    /// Where a gRPC target's descriptors come from (`grpc:`); `nil`: server reflection.
    public var grpc: GRPCDescriptorSource? = nil
    /// Whether a gRPC target's calls are gRPC-Web over HTTP (`grpc: {web: true}`), for services behind
    /// Envoy or another gRPC-Web proxy.
    public var grpcWeb = false
    /// Where a GraphQL target's schema comes from and where its subscriptions go (`graphql:`); `nil`: the
    /// schema by introspection, kept in `.tern/graphql/`.
    public var graphql: GraphQLTargetSettings? = nil

    /// Where templated values are, for error positions (`baseURL`, `headers/<name>`).
    var locations: [String: SourceLocation] = [:]

    /// Makes a target.
    public init(name: String, baseURL: String, headers: [(name: String, value: String)] = []) {
        self.name = name
        self.baseURL = baseURL
        self.headers = headers
    }

    /// Whether name, base URL, headers (in order), auth, TLS and proxy are equal.
    public static func == (lhs: WorkspaceTarget, rhs: WorkspaceTarget) -> Bool {
        lhs.name == rhs.name && lhs.baseURL == rhs.baseURL && Pairs.equal(lhs.headers, rhs.headers)
            && lhs.auth == rhs.auth && lhs.tls == rhs.tls && lhs.proxy == rhs.proxy && lhs.grpc == rhs.grpc
            && lhs.grpcWeb == rhs.grpcWeb && lhs.graphql == rhs.graphql
    }
}
