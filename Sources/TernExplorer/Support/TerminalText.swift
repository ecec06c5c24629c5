/// Text from files and servers made safe to print on a terminal: what a terminal would act on
/// instead of showing — C0 and C1 control characters (an escape sequence can retitle the window,
/// move the cursor or rewrite what was printed), DEL, a carriage return that hides a line's start,
/// and the bidirectional overrides and isolates that reorder what is read — each becomes `?`, as
/// the TUI's screen buffer draws them. Spec ids, names and paths, cache keys, URLs in the history
/// and error messages pass through it in every face.
package enum TerminalText {
    /// `text` with each such character replaced by `?`; `keepingLines` keeps `\n` (and tabs are
    /// always kept).
    package static func safe(_ text: String, keepingLines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0, keepingLines: keepingLines) }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isUnsafe(scalar, keepingLines: keepingLines) ? "?" : scalar)
        }
        return String(scalars)
    }

    /// Whether a terminal would act on `scalar` rather than show it.
    static func isUnsafe(_ scalar: Unicode.Scalar, keepingLines: Bool) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x0A: !keepingLines
        case 0x00..<0x20, 0x7F..<0xA0: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
