/// Every limit the validator enforces, in one place, so that a schema or an instance from a file or the
/// network can neither crash nor hang the process.
public enum JSONSchemaLimits {
    /// Nested evaluation frames (a subschema applied inside another, `$ref` included) before evaluation
    /// stops with a failure; this is what ends `$ref` cycles and keeps the stack small.
    public static let maximumDepth = 128

    /// Subschema evaluations in one `validate` call before it stops with a failure (ends the exponential
    /// blow-up of nested `anyOf` over `$ref`).
    public static let maximumEvaluations = 1_000_000

    /// Failures kept in one validation result; the rest are dropped (validity is still exact).
    public static let maximumErrors = 50

    /// Failures of the branches of a failed `anyOf` / `oneOf` reported under its own failure.
    public static let maximumBranchDetails = 3

    /// Nesting of schema objects inside one schema document before compiling refuses it.
    public static let maximumSchemaNesting = 256

    /// UTF-8 bytes of a string that `pattern` / `patternProperties` match against; a longer string fails.
    public static let maximumRegexInput = 256 * 1024

    /// Time one regular-expression match may take before it is stopped and counts as a failure.
    public static let regexTimeLimit = Duration.milliseconds(500)
    /// One validation stops (and fails) after this long in all, whatever each pattern takes.
    public static let validationTimeLimit = Duration.seconds(5)

    /// Characters of an instance value quoted in a failure message before it is cut with "…".
    public static let maximumQuotedValue = 60
}
