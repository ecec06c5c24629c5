/// One reason an instance does not match a schema: where in the instance, which keyword, and why.
public struct JSONSchemaFailure: Sendable, Equatable, CustomStringConvertible {
    /// RFC 6901 pointer to the offending value in the instance ("" for the root).
    public let instanceLocation: String
    /// Pointer through the schema by the keywords taken to reach the failing one (e.g. `/properties/id/type`).
    public let keywordLocation: String
    /// The failing keyword as `uri#pointer` inside its schema resource, when the resource has a URI.
    public let absoluteKeywordLocation: String?
    /// What is wrong, in a short sentence ("expected integer, found string").
    public let message: String

    /// Creates a failure.
    public init(instanceLocation: String, keywordLocation: String, absoluteKeywordLocation: String?, message: String) {
        self.instanceLocation = instanceLocation
        self.keywordLocation = keywordLocation
        self.absoluteKeywordLocation = absoluteKeywordLocation
        self.message = message
    }

    /// The instance location (`/` for the root) and the message.
    public var description: String { "\(instanceLocation.isEmpty ? "/" : instanceLocation): \(message)" }

    /// The same failure with another message (used to prefix the failures of `propertyNames`).
    func withMessage(_ newMessage: String) -> JSONSchemaFailure {
        JSONSchemaFailure(
            instanceLocation: instanceLocation, keywordLocation: keywordLocation,
            absoluteKeywordLocation: absoluteKeywordLocation, message: newMessage)
    }
}
