import Foundation

/// UTC timestamps in ISO 8601 (`2026-11-23T08:30:00Z`), the form the explorer's state files keep
/// dates in, written and read without Foundation's date styles.
///
/// `JSONDecoder.DateDecodingStrategy.iso8601` builds a Gregorian calendar, and that asks ICU for
/// the machine's time zone: a TUI that read its captured values that way kept about 1.5 MiB of ICU
/// code and data resident for its whole life. The files this reads are the ones Tern wrote, so it
/// accepts what `.iso8601` wrote and read (whole seconds, `Z` or a `±hh:mm` offset), plus
/// fractional seconds. Years before 1583 are proleptic Gregorian, as ISO 8601 has them (Foundation
/// switches to the Julian calendar there; no state file holds such a date).
enum ISO8601Timestamp {
    /// `date` as `YYYY-MM-DDThh:mm:ssZ` in UTC, fractions of a second dropped; nil for a date
    /// outside the years 0000–9999.
    static func string(from date: Date) -> String? {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, seconds >= firstSecond, seconds <= lastSecond else { return nil }
        let whole = Int64(seconds)
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondOfDay = whole - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3_600, 2) + ":"
            + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2) + "Z"
    }

    /// The date `text` names, or nil when it is not `YYYY-MM-DDThh:mm:ss[.fraction](Z|±hh:mm|±hhmm)`
    /// with a real calendar date and time.
    static func date(from text: String) -> Date? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"), let month = reader.number(digits: 2),
            reader.skip("-"), let day = reader.number(digits: 2), reader.skip("T") || reader.skip("t"),
            let hour = reader.number(digits: 2), reader.skip(":"), let minute = reader.number(digits: 2),
            reader.skip(":"), let second = reader.number(digits: 2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60,
            second < 60
        else { return nil }
        var fraction = 0.0
        if reader.skip(".") {
            var scale = 0.1
            var digits = 0
            while let digit = reader.digit() {
                digits += 1
                guard digits <= 9 else { return nil }
                fraction += Double(digit) * scale
                scale /= 10
            }
            guard digits > 0 else { return nil }
        }
        var offset: Int64 = 0
        if reader.skip("Z") || reader.skip("z") {
            offset = 0
        } else if let sign = reader.sign() {
            guard let hours = reader.number(digits: 2), hours < 24 else { return nil }
            _ = reader.skip(":")
            guard let minutes = reader.number(digits: 2), minutes < 60 else { return nil }
            offset = sign * (hours * 3_600 + minutes * 60)
        } else {
            return nil
        }
        guard reader.atEnd else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z.
    private static let firstSecond = -62_167_219_200.0
    private static let lastSecond = 253_402_300_799.0

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day count since 1970-01-01 (`civil_from_days`).
    private static func civil(fromDays count: Int64) -> (Int64, Int64, Int64) {
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

    /// A cursor over ASCII bytes.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int64? {
            guard index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else {
                return nil
            }
            defer { index += 1 }
            return Int64(bytes[index] - UInt8(ascii: "0"))
        }

        mutating func number(digits: Int) -> Int64? {
            var value: Int64 = 0
            for _ in 0..<digits {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        mutating func sign() -> Int64? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
