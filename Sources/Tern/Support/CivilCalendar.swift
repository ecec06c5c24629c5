/// The parts of ISO 8601 date-time handling that Tern's two readers share: the day arithmetic of the
/// proleptic Gregorian calendar and a cursor over the text's ASCII bytes.
///
/// The explorer's state files read their own timestamps strictly; the HAR importer reads what
/// browsers and proxies wrote, leniently. Each keeps its own rules and builds them from these
/// pieces, without Foundation's date formatters (which load ICU's calendar and time-zone data).
package enum CivilCalendar {
    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    package static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day count since 1970-01-01 (`civil_from_days`).
    package static func date(days count: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = count + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The number of days in `month` (1–12) of `year`.
    package static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// A cursor over the ASCII bytes of a short text, such as a timestamp.
package struct ASCIIScanner {
    private let bytes: [UInt8]
    private let truncated: Bool
    private var index = 0

    /// A scanner over at most `limit` bytes of `text`; a longer text never reaches `atEnd`.
    package init(_ text: String, limit: Int = 64) {
        let bytes = Array(text.utf8.prefix(limit + 1))
        self.truncated = bytes.count > limit
        self.bytes = Array(bytes.prefix(limit))
    }

    /// Whether the whole text has been read.
    package var atEnd: Bool { index == bytes.count && !truncated }

    /// Moves past `character` if it is next.
    package mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, character.isASCII, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// The next decimal digit, read.
    package mutating func digit() -> Int64? {
        guard index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else {
            return nil
        }
        defer { index += 1 }
        return Int64(bytes[index] - UInt8(ascii: "0"))
    }

    /// Exactly `digits` decimal digits as a number; nil (having read some of them) when fewer follow.
    package mutating func number(digits: Int) -> Int64? {
        var value: Int64 = 0
        for _ in 0..<digits {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// The digits that follow, as the fraction they are after a decimal point (`"25"` is 0.25), and
    /// how many there were.
    package mutating func fraction() -> (value: Double, digits: Int) {
        var value = 0.0
        var scale = 0.1
        var count = 0
        while let digit = digit() {
            value += Double(digit) * scale
            scale /= 10
            count += 1
        }
        return (value, count)
    }

    /// `+` as 1 or `-` as -1, read; nil when neither is next.
    package mutating func sign() -> Int64? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
