public import Foundation

/// The lenient cookie-date parser of RFC 6265 section 5.1.1, which accepts what servers really send
/// (`Wed, 09 Jun 2021 10:18:14 GMT`, `Thursday, 01-Jan-70 00:00:00 GMT`, `Mon Dec 10 16:32:30 2007`).
public enum CookieDate {
    /// The date `text` names in UTC, or `nil` when a part is missing or out of range.
    public static func parse(_ text: String) -> Date? {
        var time: (hour: Int, minute: Int, second: Int)?
        var day: Int?
        var month: Int?
        var year: Int?
        for token in tokens(of: text.utf8.prefix(1024)) {
            if time == nil, let found = parseTime(token) {
                time = found
            } else if day == nil, let found = leadingDigits(token, min: 1, max: 2) {
                day = found
            } else if month == nil, let found = parseMonth(token) {
                month = found
            } else if year == nil, let found = leadingDigits(token, min: 2, max: 4) {
                year = found
            }
        }
        guard let time, let day, let month, var year else { return nil }
        if (70...99).contains(year) { year += 1900 } else if (0...69).contains(year) { year += 2000 }
        guard (1...31).contains(day), year >= 1601, time.hour <= 23, time.minute <= 59, time.second <= 59 else {
            return nil
        }
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        let components = DateComponents(
            year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second)
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
        return date
    }

    /// Splits at the delimiters of section 5.1.1 (`%x09 / %x20-2F / %x3B-40 / %x5B-60 / %x7B-7E`).
    static func tokens(of bytes: some Collection<UInt8>) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in bytes {
            if isDelimiter(byte) {
                if !current.isEmpty { result.append(current) }
                current = []
            } else {
                current.append(byte)
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == 0x09 || (0x20...0x2F).contains(byte) || (0x3B...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// `min`–`max` digits, then nothing or a non-digit followed by anything.
    private static func leadingDigits(_ token: [UInt8], min: Int, max: Int) -> Int? {
        let digits = token.prefix { isDigit($0) }
        guard (min...max).contains(digits.count) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// `hms-time ( non-digit *OCTET )`: 1–2 digits, `:`, 1–2 digits, `:`, 1–2 digits.
    private static func parseTime(_ token: [UInt8]) -> (hour: Int, minute: Int, second: Int)? {
        var values: [Int] = []
        var index = 0
        while values.count < 3 {
            var value = 0
            var count = 0
            while index < token.count, isDigit(token[index]), count < 3 {
                value = value * 10 + Int(token[index] - 0x30)
                count += 1
                index += 1
            }
            guard (1...2).contains(count) else { return nil }
            values.append(value)
            if values.count < 3 {
                guard index < token.count, token[index] == 0x3A else { return nil }
                index += 1
            }
        }
        if index < token.count, isDigit(token[index]) { return nil }
        return (values[0], values[1], values[2])
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func parseMonth(_ token: [UInt8]) -> Int? {
        guard token.count >= 3 else { return nil }
        let prefix = String(decoding: token.prefix(3), as: UTF8.self).lowercased()
        return months.firstIndex(of: prefix).map { $0 + 1 }
    }
}
