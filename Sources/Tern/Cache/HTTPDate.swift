public import Foundation

/// Parses and formats HTTP dates (RFC 9110 §5.6.7: `Expires`, `Date`, `Last-Modified`, `Retry-After`).
///
/// All three forms a recipient must accept are read, strictly: IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form (`Sunday, 06-Nov-94 08:49:37 GMT`)
/// and asctime (`Sun Nov  6 08:49:37 1994`), names in any case. Anything else — a missing `GMT`, a
/// day that does not exist, a stray character — is not a date, which for `Expires` means "already
/// expired".
public enum HTTPDate {
    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let longWeekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// The names as the parser matches them (the text is lower-cased first).
    private static let lowerWeekdays = weekdays.map { $0.lowercased() }
    private static let lowerLongWeekdays = longWeekdays.map { $0.lowercased() }
    private static let lowerMonths = months.map { $0.lowercased() }
    /// The longest text read as a date: the longest valid form (RFC 850 with `Wednesday`) is 33 bytes.
    static let maximumLength = 40

    /// The date `text` names, or `nil` when it is not an HTTP date.
    ///
    /// - Parameter now: the reference for an RFC 850 two-digit year, read as the year with those
    ///   digits that is not more than 50 years in the future.
    public static func parse(_ text: String, now: Date = Date()) -> Date? {
        // Names are matched without regard to case, as most recipients do (RFC 9110 spells them in one case).
        let trimmed = text.trimmingWhitespace().lowercased()
        guard trimmed.utf8.count <= maximumLength, trimmed.allSatisfy(\.isASCII) else { return nil }
        if let comma = trimmed.firstIndex(of: ",") {
            let day = String(trimmed[..<comma])
            let rest = trimmed[trimmed.index(after: comma)...]
            if lowerWeekdays.contains(day) { return imfFixdate(String(rest)) }
            if lowerLongWeekdays.contains(day) { return rfc850(String(rest), now: now) }
            return nil
        }
        return asctime(trimmed)
    }

    /// ` 06 Nov 1994 08:49:37 GMT`.
    private static func imfFixdate(_ text: String) -> Date? {
        var scanner = ASCIIScanner(text, limit: maximumLength)
        guard scanner.skip(" "), let day = scanner.number(digits: 2), scanner.skip(" "),
            let month = month(&scanner), scanner.skip(" "), let year = scanner.number(digits: 4), scanner.skip(" "),
            let time = time(&scanner), gmt(&scanner)
        else { return nil }
        return date(year: year, month: month, day: day, time: time)
    }

    /// ` 06-Nov-94 08:49:37 GMT`.
    private static func rfc850(_ text: String, now: Date) -> Date? {
        var scanner = ASCIIScanner(text, limit: maximumLength)
        guard scanner.skip(" "), let day = scanner.number(digits: 2), scanner.skip("-"),
            let month = month(&scanner), scanner.skip("-"), let shortYear = scanner.number(digits: 2),
            scanner.skip(" "), let time = time(&scanner), gmt(&scanner)
        else { return nil }
        let days = wholeSeconds(now) / 86_400
        let thisYear = CivilCalendar.date(days: days).year
        var year = thisYear - thisYear % 100 + shortYear
        if year > thisYear + 50 { year -= 100 }
        return date(year: year, month: month, day: day, time: time)
    }

    /// `Sun Nov  6 08:49:37 1994`.
    private static func asctime(_ text: String) -> Date? {
        let parts = text.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, lowerWeekdays.contains(String(parts[0])) else { return nil }
        var scanner = ASCIIScanner(String(parts[1]), limit: maximumLength)
        guard let month = month(&scanner), scanner.skip(" ") else { return nil }
        let day: Int64
        if scanner.skip(" ") {
            guard let digit = scanner.digit() else { return nil }
            day = digit
        } else {
            guard let digits = scanner.number(digits: 2) else { return nil }
            day = digits
        }
        guard scanner.skip(" "), let time = time(&scanner), scanner.skip(" "), let year = scanner.number(digits: 4),
            scanner.atEnd
        else { return nil }
        return date(year: year, month: month, day: day, time: time)
    }

    private static func month(_ scanner: inout ASCIIScanner) -> Int64? {
        for (index, name) in lowerMonths.enumerated() {
            var probe = scanner
            if name.unicodeScalars.allSatisfy({ probe.skip($0) }) {
                scanner = probe
                return Int64(index + 1)
            }
        }
        return nil
    }

    /// `08:49:37` as seconds since midnight (a leap second `60` is read as the next second).
    private static func time(_ scanner: inout ASCIIScanner) -> Int64? {
        guard let hour = scanner.number(digits: 2), scanner.skip(":"), let minute = scanner.number(digits: 2),
            scanner.skip(":"), let second = scanner.number(digits: 2), hour < 24, minute < 60, second <= 60
        else { return nil }
        return hour * 3_600 + minute * 60 + second
    }

    private static func gmt(_ scanner: inout ASCIIScanner) -> Bool {
        scanner.skip(" ") && scanner.skip("g") && scanner.skip("m") && scanner.skip("t") && scanner.atEnd
    }

    private static func date(year: Int64, month: Int64, day: Int64, time: Int64) -> Date? {
        guard day >= 1, day <= CivilCalendar.daysIn(month: month, year: year) else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + time))
    }

    /// The whole seconds since 1970 of `date`, within ±10^15 (31 million years), rounded down.
    private static func wholeSeconds(_ date: Date) -> Int64 {
        let value = date.timeIntervalSince1970
        guard value.isFinite else { return 0 }
        return Int64(max(-1e15, min(1e15, value)).rounded(.down))  // trap-checked: finite and clamped
    }

    /// `date` as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), whole seconds rounded down.
    public static func format(_ date: Date) -> String {
        let seconds = wholeSeconds(date)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let civil = CivilCalendar.date(days: days)
        // 1970-01-01 was a Thursday (index 3 from Monday).
        let weekday = weekdays[Int(((days % 7) + 7 + 3) % 7)]
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(civil.year)
        let paddedYear = String(repeating: "0", count: max(0, 4 - year.count)) + year
        return "\(weekday), \(two(civil.day)) \(months[Int(civil.month - 1)]) \(paddedYear) "
            + "\(two(time / 3_600)):\(two(time % 3_600 / 60)):\(two(time % 60)) GMT"
    }
}
