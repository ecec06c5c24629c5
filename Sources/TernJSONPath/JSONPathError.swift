/// An error from parsing a JSONPath query, decoding JSON, or evaluating a query within its limits.
public struct JSONPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The category of failure.
    public enum Kind: Sendable, Equatable {
        /// The query does not follow the RFC 9535 grammar.
        case syntax
        /// The query is grammatical but not well-typed (RFC 9535 section 2.4.3).
        case type
        /// The JSON input is malformed or exceeds the decoder's limits.
        case invalidJSON
        /// Evaluation exceeded a configured limit (visited nodes, results, regex work).
        case limitExceeded
    }

    /// The category of failure.
    public let kind: Kind
    /// A human-readable explanation of what went wrong.
    public let message: String
    /// The 0-based position (Unicode scalars in a query, bytes in JSON) where the problem was found.
    public let offset: Int?

    /// The 1-based column of the problem, if it has a position.
    public var column: Int? { offset.map { $0 + 1 } }

    /// Creates an error.
    public init(kind: Kind, message: String, offset: Int? = nil) {
        self.kind = kind
        self.message = message
        self.offset = offset
    }

    /// The message followed by the column when known.
    public var description: String {
        guard let column else { return message }
        return "\(message) (at column \(column))"
    }
}
