/// Why a schema could not be compiled: invalid, unresolvable, of an unknown dialect, or too deep.
public struct JSONSchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Sendable, Equatable {
        case invalidSchema(pointer: String, reason: String)
        case unresolvableReference(uri: String)
        case unknownDialect(uri: String)
        case nestingTooDeep(pointer: String)
    }

    private let code: Code

    private init(_ code: Code) { self.code = code }

    /// A keyword has a value of the wrong type or shape; `pointer` locates it in its document.
    static func invalidSchema(at pointer: String, _ reason: String) -> JSONSchemaError {
        JSONSchemaError(.invalidSchema(pointer: pointer, reason: reason))
    }

    /// A `$ref` (or `$schema`) names a URI that neither the document, the registry nor its hook provides.
    static func unresolvableReference(_ uri: String) -> JSONSchemaError {
        JSONSchemaError(.unresolvableReference(uri: uri))
    }

    /// `$schema` names a dialect this validator does not know.
    static func unknownDialect(_ uri: String) -> JSONSchemaError { JSONSchemaError(.unknownDialect(uri: uri)) }

    /// Schema objects nest deeper than `JSONSchemaLimits.maximumSchemaNesting`.
    static func nestingTooDeep(at pointer: String) -> JSONSchemaError {
        JSONSchemaError(.nestingTooDeep(pointer: pointer))
    }

    /// The JSON pointer (in its document) of the offending keyword, when the error has one.
    public var pointer: String? {
        switch code {
        case .invalidSchema(let pointer, _), .nestingTooDeep(let pointer): return pointer
        case .unresolvableReference, .unknownDialect: return nil
        }
    }

    /// The URI that could not be resolved or is not a known dialect, when the error has one.
    public var uri: String? {
        switch code {
        case .unresolvableReference(let uri), .unknownDialect(let uri): return uri
        case .invalidSchema, .nestingTooDeep: return nil
        }
    }

    /// What went wrong, in words a person can act on.
    public var description: String {
        switch code {
        case .invalidSchema(let pointer, let reason):
            return "invalid schema at \(Self.show(pointer)): \(reason)"
        case .unresolvableReference(let uri):
            return "cannot resolve the reference \(uri): add the document to the registry or let retrieve load it"
        case .unknownDialect(let uri):
            let known = JSONSchemaDialect.metaschemaURIs.joined(separator: ", ")
            return "unknown $schema \(uri) (known: \(known); or register its meta-schema)"
        case .nestingTooDeep(let pointer):
            return "schema nests deeper than \(JSONSchemaLimits.maximumSchemaNesting) levels at \(Self.show(pointer))"
        }
    }

    private static func show(_ pointer: String) -> String { pointer.isEmpty ? "the root" : pointer }
}
