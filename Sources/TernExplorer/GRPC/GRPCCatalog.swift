import TernProtobuf

/// A gRPC target's services and their methods, as the TUI's tree lists them.
package struct GRPCCatalog: Sendable, Hashable {
    /// One method of a service.
    package struct Method: Sendable, Hashable {
        /// `Method`.
        package var name: String
        /// `pkg.Service/Method`, as a spec's `grpc.method` names it.
        package var path: String
        package var clientStreaming: Bool
        package var serverStreaming: Bool

        /// Makes one.
        package init(name: String, path: String, clientStreaming: Bool = false, serverStreaming: Bool = false) {
            self.name = name
            self.path = path
            self.clientStreaming = clientStreaming
            self.serverStreaming = serverStreaming
        }

        /// `unary`, `server streaming`, `client streaming` or `bidi streaming`.
        package var kind: String {
            switch (clientStreaming, serverStreaming) {
            case (false, false): "unary"
            case (false, true): "server streaming"
            case (true, false): "client streaming"
            case (true, true): "bidi streaming"
            }
        }
    }

    /// One service and its methods.
    package struct Service: Sendable, Hashable {
        /// `pkg.Service`.
        package var name: String
        package var methods: [Method]

        /// Makes one.
        package init(name: String, methods: [Method]) {
            self.name = name
            self.methods = methods
        }
    }

    /// The workspace target's name.
    package var target: String
    /// Its services, sorted by full name.
    package var services: [Service]
    /// Why the server was not asked, when the descriptors are the ones reflection kept in `.tern/grpc/`.
    package var offline: String?

    /// Makes one.
    package init(target: String, services: [Service], offline: String? = nil) {
        self.target = target
        self.services = services
        self.offline = offline
    }

    /// The catalog of `pool`'s services.
    init(target: String, pool: DescriptorPool, offline: String? = nil) {
        let services = pool.services.map { service in
            Service(
                name: service.fullName,
                methods: service.methods.map {
                    Method(
                        name: $0.name, path: service.fullName + "/" + $0.name, clientStreaming: $0.clientStreaming,
                        serverStreaming: $0.serverStreaming)
                })
        }
        self.init(target: target, services: services, offline: offline)
    }
}
