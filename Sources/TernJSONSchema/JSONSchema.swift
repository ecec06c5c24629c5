public import TernJSONPath

/// A compiled JSON Schema (draft 2020-12, 2019-09, draft-07, or an OpenAPI 3.0 Schema Object) that validates
/// instances.
///
/// ```swift
/// let schema = try JSONSchema(try JSONPathValue(decoding: #"{"type": "integer", "maximum": 10}"#))
/// schema.validate(.int(12)).errors.first?.message  // "12 is greater than the maximum 10"
/// ```
public struct JSONSchema: Sendable {
    private let program: SchemaProgram

    /// The dialect the root schema is read in.
    public let dialect: JSONSchemaDialect

    /// Compiles `schema`, resolving every reference it reaches now (so validation never fails to resolve one).
    ///
    /// - Parameters:
    ///   - baseURI: the absolute URI the schema was loaded from; relative `$ref`s resolve against it.
    ///   - dialect: the dialect to read the schema in, whatever its `$schema` says; nil takes it from `$schema`,
    ///     else draft 2020-12.
    ///   - registry: the other documents `$ref` may name, and the hook that loads unknown ones.
    ///   - formatAssertion: whether `format` fails on values that do not match it (otherwise an annotation).
    public init(
        _ schema: JSONPathValue, baseURI: String? = nil, dialect: JSONSchemaDialect? = nil,
        registry: JSONSchemaRegistry = .init(), formatAssertion: Bool = false
    ) throws(JSONSchemaError) {
        program = try SchemaCompiler.compile(
            schema, baseURI: baseURI, dialect: dialect, registry: registry, formatAssertion: formatAssertion)
        self.dialect = program.dialect
    }

    /// Validates `instance`, reporting the useful (deepest) failures when it does not match; a validation that
    /// takes longer than `timeLimit` stops with a failure saying so.
    public func validate(
        _ instance: JSONPathValue, timeLimit: Duration = JSONSchemaLimits.validationTimeLimit
    ) -> JSONSchemaValidation {
        var evaluator = Evaluator(program: program, timeLimit: timeLimit)
        let outcome = evaluator.evaluate(program.root, instance)
        guard let stop = evaluator.stop else {
            return JSONSchemaValidation(isValid: outcome.isValid, errors: outcome.errors)
        }
        return JSONSchemaValidation(
            isValid: false, errors: [stop] + outcome.errors.prefix(JSONSchemaLimits.maximumErrors - 1))
    }
}
