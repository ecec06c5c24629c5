#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension MockServer {
    /// How long a client may take and how many clients are served at once, so slow or idle
    /// clients (slowloris) cannot hold the server.
    public struct Limits: Sendable, Hashable {
        /// The longest time from a new connection to a complete first request head (default 10 s).
        public var headerTimeout: Duration
        /// The longest silence while a request body arrives, and between a response and the next
        /// request head of a keep-alive connection (default 75 s).
        public var idleTimeout: Duration
        /// Connections served at once (default half the process's descriptor limit, between 8 and
        /// 1024). Past it, a new connection replaces the one that has waited longest for a request
        /// head, or is closed at once when every connection is busy with a request.
        public var maximumConnections: Int

        /// Makes limits; the defaults are the documented ones.
        public init(
            headerTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(75),
            maximumConnections: Int = Limits.defaultMaximumConnections
        ) {
            self.headerTimeout = headerTimeout
            self.idleTimeout = idleTimeout
            self.maximumConnections = max(1, maximumConnections)
        }

        /// Half the soft `RLIMIT_NOFILE` (the client in the same process needs descriptors too),
        /// between 8 and 1024.
        public static var defaultMaximumConnections: Int {
            var limit = rlimit()
            guard getrlimit(Self.descriptorResource, &limit) == 0 else { return 256 }
            let soft = UInt64(clamping: limit.rlim_cur)
            return Int(min(1024, max(8, soft / 2)))
        }

        #if canImport(Glibc)
            private static let descriptorResource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            private static let descriptorResource = RLIMIT_NOFILE
        #endif
    }
}
