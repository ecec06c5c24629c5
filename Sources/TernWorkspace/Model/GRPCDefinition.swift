public import Tern

/// A gRPC spec's call (`grpc:`): the method, the request messages (JSON, templated), metadata and a
/// deadline. The target's `baseURL` is `grpc://HOST:PORT` (or `grpcs://`), its `grpc:` settings say
/// where the descriptors come from.
public struct GRPCDefinition: Sendable, Equatable {
    /// `pkg.Service/Method`.
    public var method: String
    /// The request messages in proto3 JSON, their strings templated: one for a unary or server-streaming
    /// method (`message:`), any number for a client-streaming or bidirectional one (`messages:`).
    public var messages: [JSONValue] = []
    /// Metadata sent with the call (templated; a `-bin` name's value in base64), after the target's and
    /// the spec's `headers:`.
    public var metadata: [GRPCDefinition.Entry] = []
    /// The call's deadline in seconds; `nil`: none.
    public var timeout: Double?

    /// One metadata entry as written.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(method: String) { self.method = method }
}

/// Where a gRPC target's descriptors come from (`grpc:` on a target).
public enum GRPCDescriptorSource: Sendable, Equatable {
    /// The server's reflection (the default).
    case reflection
    /// A descriptor set file, relative to the workspace.
    case protoset(String)
    /// `.proto` files and import paths, relative to the workspace, compiled by `protoc`.
    case protos([String], importPaths: [String])
}
