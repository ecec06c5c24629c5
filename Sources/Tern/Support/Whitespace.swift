extension Substring {
    /// The text without leading and trailing whitespace as Foundation's `CharacterSet.whitespaces`
    /// defines it (tab, the space separators and, as Core Foundation has it, the zero-width space),
    /// found by the standard library alone: the first `trimmingCharacters(in:)` of a process goes
    /// through `NSString` and costs about 1.9 million instructions of protocol-conformance scans,
    /// more than a tenth of a send from the cache.
    package func trimmingWhitespace() -> String {
        trimming(Self.isWhitespace)
    }

    /// The text without leading and trailing `CharacterSet.whitespacesAndNewlines`: the whitespace of
    /// `trimmingWhitespace()`, line feed to carriage return, next line and the line and paragraph
    /// separators.
    package func trimmingWhitespaceAndNewlines() -> String {
        trimming { Self.isWhitespace($0) || Self.isNewline($0) }
    }

    private func trimming(_ trimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !trimmed($0) }),
            let last = scalars.lastIndex(where: { !trimmed($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == " "
            || (scalar.value > 0x7F && (scalar.value == 0x200B || scalar.properties.generalCategory == .spaceSeparator))
    }

    private static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        (0x0A...0x0D).contains(scalar.value) || scalar.value == 0x85 || scalar.value == 0x2028
            || scalar.value == 0x2029
    }
}

extension String {
    /// The text without leading and trailing whitespace (`Substring.trimmingWhitespace()`).
    package func trimmingWhitespace() -> String { self[...].trimmingWhitespace() }

    /// The text without leading and trailing whitespace and newlines
    /// (`Substring.trimmingWhitespaceAndNewlines()`).
    package func trimmingWhitespaceAndNewlines() -> String { self[...].trimmingWhitespaceAndNewlines() }
}
