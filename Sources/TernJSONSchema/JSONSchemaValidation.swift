/// The result of validating one instance: whether it matches and, if not, the most useful failures.
public struct JSONSchemaValidation: Sendable, Equatable {
    /// Whether the instance matches the schema.
    public let isValid: Bool
    /// The failures, deepest first within each applicator, at most `JSONSchemaLimits.maximumErrors`.
    public let errors: [JSONSchemaFailure]

    /// Creates a result.
    public init(isValid: Bool, errors: [JSONSchemaFailure]) {
        self.isValid = isValid
        self.errors = errors
    }
}
