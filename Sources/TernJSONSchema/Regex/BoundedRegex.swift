package import Foundation

/// A compiled regular expression whose matches are bounded in input size and time.
///
/// ICU reports progress while it matches (`.reportProgress`); the match is abandoned once it runs past its
/// time limit, so a catastrophic pattern cannot hang the caller.
package struct BoundedRegex: @unchecked Sendable {
    // @unchecked: NSRegularExpression is immutable after creation and documented as safe to use from
    // several threads at once; nothing else is stored.
    private let expression: NSRegularExpression

    /// The pattern as written.
    package let pattern: String

    /// What one bounded match found.
    package enum Match: Sendable, Equatable {
        /// The text of the group asked for in the first match.
        case found(String)
        /// No match (or no such group in it).
        case none
        /// The match ran past its time limit and was stopped.
        case stopped
        /// The input is longer than the input limit, so it was not matched.
        case inputTooLong
    }

    /// Compiles `pattern` (ICU syntax); nil when it does not compile.
    package init?(_ pattern: String, options: NSRegularExpression.Options = []) {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: options) else { return nil }
        self.expression = expression
        self.pattern = pattern
    }

    /// The first match in `text` (an unanchored search), group `group`, within `maximumInput` UTF-8 bytes and
    /// `limit` of time.
    package func firstMatch(
        in text: String, group: Int = 0, maximumInput: Int = JSONSchemaLimits.maximumRegexInput,
        limit: Duration = JSONSchemaLimits.regexTimeLimit
    ) -> Match {
        guard text.utf8.count <= maximumInput else { return .inputTooLong }
        let range = NSRange(text.startIndex..., in: text)
        let deadline = ContinuousClock.now + limit
        var result = Match.none
        expression.enumerateMatches(in: text, options: [.reportProgress], range: range) { match, _, stop in
            if let match {
                if group < match.numberOfRanges, let found = Range(match.range(at: group), in: text) {
                    result = .found(String(text[found]))
                }
                stop.pointee = true
            } else if ContinuousClock.now >= deadline {
                result = .stopped
                stop.pointee = true
            }
        }
        return result
    }
}
