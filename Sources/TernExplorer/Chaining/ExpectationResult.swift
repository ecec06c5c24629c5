import TernWorkspace

/// The verdict on one expectation: what was expected, what was found, and whether they agree.
public struct ExpectationResult: Sendable, Equatable {
    /// The expectation, as a short phrase (`status is 2xx`, `$.id equals 1`).
    public var expected: String
    /// What the response had (`404`, `"Ada"`, `nothing selected`).
    public var actual: String
    /// Whether it held.
    public var passed: Bool

    /// Makes a result.
    public init(expected: String, actual: String, passed: Bool) {
        self.expected = expected
        self.actual = actual
        self.passed = passed
    }
}
