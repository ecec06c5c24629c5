import TernWorkspace

/// The verdict on one expectation: what was expected, what was found, and whether they agree.
package struct ExpectationResult: Sendable, Equatable {
    /// The expectation, as a short phrase (`status is 2xx`, `$.id equals 1`).
    package var expected: String
    /// What the response had (`404`, `"Ada"`, `nothing selected`).
    package var actual: String
    /// Whether it held.
    package var passed: Bool

    /// Makes a result.
    package init(expected: String, actual: String, passed: Bool) {
        self.expected = expected
        self.actual = actual
        self.passed = passed
    }
}
