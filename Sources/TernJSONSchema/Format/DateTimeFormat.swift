import Foundation

/// RFC 3339 `date-time`, `full-date`, `full-time` (leap seconds at 23:59:60 UTC only) and `duration`.
enum DateTimeFormat {
    /// The ABNF of RFC 3339 appendix A `duration`, with ASCII digits only.
    private static let duration = BoundedRegex(
        #"^P(?:[0-9]+W|(?:[0-9]+Y(?:[0-9]+M(?:[0-9]+D)?)?|[0-9]+M(?:[0-9]+D)?|[0-9]+D)(?:TIME)?|TIME)\z"#
            .replacingOccurrences(
                of: "TIME", with: #"T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S)"#))

    /// Whether `text` is `full-date "T" full-time` (`T` in either case).
    static func isDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count > 11, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") else { return false }
        return isDate(Array(bytes[..<10])) && isTime(Array(bytes[11...]))
    }

    /// Whether `bytes` are `YYYY-MM-DD` naming a real day.
    static func isDate(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10])
        else { return false }
        guard (1...12).contains(month), day >= 1 else { return false }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    /// Whether `bytes` are `HH:MM:SS[.frac](Z|±HH:MM)`, a leap second only at 23:59:60 UTC.
    static func isTime(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 9, bytes[2] == UInt8(ascii: ":"), bytes[5] == UInt8(ascii: ":"),
            let hour = number(bytes[0..<2]), let minute = number(bytes[3..<5]), let second = number(bytes[6..<8]),
            hour <= 23, minute <= 59, second <= 60
        else { return false }
        var position = 8
        if bytes[position] == UInt8(ascii: ".") {
            position += 1
            let start = position
            while position < bytes.count, FormatChecker.isDigit(bytes[position]) { position += 1 }
            guard position > start else { return false }
        }
        guard position < bytes.count else { return false }
        var offset = 0
        switch bytes[position] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard position + 1 == bytes.count else { return false }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let zone = bytes[(position + 1)...]
            guard zone.count == 5, zone[zone.startIndex + 2] == UInt8(ascii: ":"),
                let zoneHour = number(zone.prefix(2)), let zoneMinute = number(zone.suffix(2)),
                zoneHour <= 23, zoneMinute <= 59
            else { return false }
            offset = (zoneHour * 60 + zoneMinute) * (bytes[position] == UInt8(ascii: "+") ? 1 : -1)
        default:
            return false
        }
        guard second == 60 else { return true }
        let utcMinutes = ((hour * 60 + minute - offset) % 1440 + 1440) % 1440
        return utcMinutes == 23 * 60 + 59
    }

    /// Whether `text` is an RFC 3339 duration (`P4DT12H30M5S`, `P2W`).
    static func isDuration(_ text: String) -> Bool {
        guard let duration, case .found = duration.firstMatch(in: text) else { return false }
        return true
    }

    /// The value of a run of ASCII digits; nil when any byte is not one.
    private static func number(_ bytes: some Collection<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard FormatChecker.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}
