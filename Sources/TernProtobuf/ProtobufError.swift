/// What went wrong reading a descriptor, a protobuf message or its JSON: a sentence naming the
/// field path where it happened, e.g. `user.tags[2]: expected a string, found 12`.
public struct ProtobufError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field path where it went wrong (`user.tags[2]`), empty at the top.
    public var path: String
    /// What went wrong there.
    public var reason: String

    /// The sentence, with the field path (when there is one) in front.
    public var message: String {
        get { path.isEmpty ? reason : "\(path): \(reason)" }
        set {
            reason = newValue
            path = ""
        }
    }

    public init(_ message: String) {
        self.reason = message
        self.path = ""
    }

    public init(message: String) {
        self.init(message)
    }

    /// The same error, one level out: `component` is a field name, `[2]` or `["key"]`.
    func within(_ component: String) -> ProtobufError {
        var copy = self
        if path.isEmpty {
            copy.path = component
        } else if path.hasPrefix("[") {
            copy.path = component + path
        } else {
            copy.path = component + "." + path
        }
        return copy
    }

    public var description: String { message }
}

/// Budgets for decoding input that comes from a file, a user or the network.
public struct ProtobufLimits: Sendable, Equatable {
    /// How deep messages (and JSON arrays and objects) may nest.
    public var maximumDepth: Int
    /// The largest input, binary or JSON, in bytes.
    public var maximumBytes: Int

    public init(maximumDepth: Int = 100, maximumBytes: Int = 4 << 20) {
        self.maximumDepth = maximumDepth
        self.maximumBytes = maximumBytes
    }
}

/// How `DynamicMessage.json(_:)` lays out its text.
public enum JSONStyle: Sendable, Equatable {
    /// Two-space indent, one field a line, like grpcurl.
    case pretty
    /// One line, no spaces.
    case compact
}
