import TernProtobuf

/// What Tab completes to in a `grpc` line at one endpoint: its methods, its symbols and the fields of
/// the request messages, taken from descriptors already known (never from a call on Tab).
package struct GRPCVocabulary: Sendable, Hashable {
    /// A field of a request message, as JSON names it.
    package struct Field: Sendable, Hashable {
        /// The proto3 JSON name (`responseSize`).
        package var name: String
        /// The message type of its value, when that value is a JSON object of fields (not a map, not a
        /// well-known type with a JSON form of its own).
        package var message: String?

        package init(name: String, message: String? = nil) {
            self.name = name
            self.message = message
        }
    }

    /// `host:port` of the endpoint, lowercased: a line naming another address gets none of this.
    package var hostPort: String
    /// Service full names.
    package var services: [String] = []
    /// `pkg.Service/Method` → the full name of its input message.
    package var methods: [String: String] = [:]
    /// Every symbol `describe` knows (services, methods, messages, enums).
    package var symbols: [String] = []
    /// Message full name → its fields, for the messages a request can hold.
    package var messages: [String: [Field]] = [:]

    /// At most this many message types are kept (a descriptor set is already bounded; this bounds the
    /// walk over what requests can hold).
    package static let maximumMessages = 5_000

    package init(
        hostPort: String, services: [String] = [], methods: [String: String] = [:], symbols: [String] = [],
        messages: [String: [Field]] = [:]
    ) {
        self.hostPort = hostPort
        self.services = services
        self.methods = methods
        self.symbols = symbols
        self.messages = messages
    }

    /// The vocabulary of `pool` at `hostPort`: the request messages and every message they can hold.
    init(_ pool: DescriptorPool, hostPort: String) {
        self.init(hostPort: hostPort.lowercased())
        services = pool.services.map(\.fullName).sorted()
        symbols = pool.symbols
        var pending: [MessageDescriptor] = []
        for service in pool.services {
            for method in service.methods {
                methods["\(service.fullName)/\(method.name)"] = method.input.fullName
                pending.append(method.input)
            }
        }
        while let message = pending.popLast(), messages.count < Self.maximumMessages {
            guard messages[message.fullName] == nil else { continue }
            var fields: [Field] = []
            for field in message.fields {
                var type: MessageDescriptor?
                if !field.isMap, let nested = field.messageType, !nested.fullName.hasPrefix("google.protobuf.") {
                    type = nested
                }
                fields.append(Field(name: field.jsonName, message: type?.fullName))
                if let type, messages[type.fullName] == nil { pending.append(type) }
            }
            messages[message.fullName] = fields
        }
    }

    /// Whether `address` (as a `grpc` line writes it) names this endpoint.
    package func names(_ address: String) -> Bool {
        guard case .success(let endpoint) = GRPCEndpoint.parse(address, plaintext: true) else { return false }
        return endpoint.hostPort == hostPort
    }

    /// The field names that may be typed in the request of `method` at `path` (the keys of the
    /// objects enclosing the one being typed, outermost first); `nil` when the path leads to no
    /// message of fields.
    package func fields(of method: String, at path: [String]) -> [String]? {
        let trimmed = method.hasPrefix("/") ? String(method.dropFirst()) : method
        guard var type = methods[trimmed] else { return nil }
        for key in path {
            guard let field = messages[type]?.first(where: { $0.name == key }), let nested = field.message else {
                return nil
            }
            type = nested
        }
        return messages[type]?.map(\.name)
    }
}
