/// Display widths of text in terminal columns, as `wcwidth` would measure them but without the C
/// library's locale: combining marks and zero-width characters take 0 columns, East Asian wide
/// and fullwidth characters and emoji take 2, everything else 1. Control characters are never
/// drawn (they are shown as `?` by the buffer).
package enum CellWidth {
    /// The columns one grapheme cluster takes: its base scalar's width, or 2 when an emoji
    /// presentation selector (U+FE0F) follows.
    package static func of(_ character: Character) -> Int {
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        var width = of(first)
        while let next = scalars.next() {
            if next.value == 0xFE0F, width == 1 { width = 2 }
        }
        return width
    }

    /// The columns a scalar takes on its own.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 1 }  // drawn as "?"
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) || value == 0x200B { return 0 }
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// The columns a string takes. Printable ASCII is a column a byte, counted without walking grapheme
    /// clusters (a 623-spec tree measures every title and path each frame).
    package static func of(_ text: String) -> Int {
        printableASCIICount(text.utf8) ?? characterWidths(text)
    }

    /// The columns a substring takes (as `of(_:)` a string).
    package static func of(_ text: Substring) -> Int {
        printableASCIICount(text.utf8) ?? characterWidths(text)
    }

    /// The columns a string takes (as `of(_:)` a string).
    package static func of(_ text: some StringProtocol) -> Int {
        printableASCIICount(text.utf8) ?? characterWidths(text)
    }

    /// How many bytes `bytes` has when every one is printable ASCII (a column each), else `nil`.
    private static func printableASCIICount(_ bytes: some Collection<UInt8>) -> Int? {
        let counted = bytes.withContiguousStorageIfAvailable { buffer -> Int? in
            for byte in buffer where byte < 0x20 || byte >= 0x7F { return nil }
            return buffer.count
        }
        if let counted { return counted }
        for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
        return bytes.count
    }

    private static func characterWidths(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The longest prefix of `text` that fits in `columns`.
    package static func prefix(_ text: some StringProtocol, fitting columns: Int) -> Substring {
        let string = Substring(text)
        var used = 0
        var end = string.startIndex
        for index in string.indices {
            let width = of(string[index])
            if used + width > columns { break }
            used += width
            end = string.index(after: index)
        }
        return string[string.startIndex..<end]
    }

    /// `text` cut to `columns`, with `…` when something was cut.
    package static func truncate(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if of(text) <= columns { return text }
        return String(prefix(text, fitting: columns - 1)) + "…"
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode 15.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
            0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
            0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
            0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
            0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
            0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F,
            0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
