import Foundation
import Tern

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
        let (year, month, day) = CivilCalendar.date(days: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3_600, 2) + ":"
            + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2) + "Z"
    }

    /// The date `text` names, or nil when it is not `YYYY-MM-DDThh:mm:ss[.fraction](Z|±hh:mm|±hhmm)`
    /// with a real calendar date and time.
    static func date(from text: String) -> Date? {
        var scanner = ASCIIScanner(text)
        guard let year = scanner.number(digits: 4), scanner.skip("-"), let month = scanner.number(digits: 2),
            scanner.skip("-"), let day = scanner.number(digits: 2), scanner.skip("T") || scanner.skip("t"),
            let hour = scanner.number(digits: 2), scanner.skip(":"), let minute = scanner.number(digits: 2),
            scanner.skip(":"), let second = scanner.number(digits: 2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= CivilCalendar.daysIn(month: month, year: year), hour < 24,
            minute < 60, second < 60
        else { return nil }
        var fraction = 0.0
        if scanner.skip(".") {
            let digits: Int
            (fraction, digits) = scanner.fraction()
            guard (1...9).contains(digits) else { return nil }
        }
        var offset: Int64 = 0
        if scanner.skip("Z") || scanner.skip("z") {
            offset = 0
        } else if let sign = scanner.sign() {
            guard let hours = scanner.number(digits: 2), hours < 24 else { return nil }
            _ = scanner.skip(":")
            guard let minutes = scanner.number(digits: 2), minutes < 60 else { return nil }
            offset = sign * (hours * 3_600 + minutes * 60)
        } else {
            return nil
        }
        guard scanner.atEnd else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
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
}
