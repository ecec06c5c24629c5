import Tern

/// The text forms of the well-known types' JSON: RFC 3339 timestamps, `1.5s` durations, base64,
/// FieldMask paths, and the close-match suggestions of error messages. (The dates' day arithmetic is
/// the core's `CivilCalendar`.)
enum WellKnownText {
    static let minimumTimestamp: Int64 = -62_135_596_800  // 0001-01-01T00:00:00Z
    static let maximumTimestamp: Int64 = 253_402_300_799  // 9999-12-31T23:59:59Z
    static let maximumDuration: Int64 = 315_576_000_000

    static func padded(_ value: Int64, _ width: Int) -> String {
        let text = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        return sign + String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// Nanoseconds as `.123`, `.123456`, `.123456789` or nothing, as protobuf prints them.
    static func fraction(_ nanos: UInt32) -> String {
        if nanos == 0 { return "" }
        if nanos % 1_000_000 == 0 { return "." + padded(Int64(nanos / 1_000_000), 3) }
        if nanos % 1000 == 0 { return "." + padded(Int64(nanos / 1000), 6) }
        return "." + padded(Int64(nanos), 9)
    }

    static func timestamp(seconds: Int64, nanos: Int32) -> String {
        let dayCount = seconds >= 0 ? seconds / 86_400 : (seconds + 1) / 86_400 - 1
        let secondOfDay = seconds - dayCount * 86_400
        let date = CivilCalendar.date(days: dayCount)
        return padded(date.year, 4) + "-" + padded(date.month, 2) + "-" + padded(date.day, 2) + "T"
            + padded(secondOfDay / 3600, 2) + ":" + padded(secondOfDay / 60 % 60, 2) + ":"
            + padded(secondOfDay % 60, 2) + fraction(UInt32(clamping: max(0, nanos))) + "Z"
    }

    static func duration(seconds: Int64, nanos: Int32) -> String {
        let negative = seconds < 0 || nanos < 0
        return (negative ? "-" : "") + String(seconds.magnitude) + fraction(UInt32(clamping: nanos.magnitude)) + "s"
    }

    private static func digits(_ bytes: ArraySlice<UInt8>) -> Int64? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value: Int64 = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// `.123` after the seconds: nanoseconds, or nil when malformed (1 to 9 digits).
    private static func nanos(_ bytes: ArraySlice<UInt8>) -> Int32? {
        guard bytes.count >= 1, bytes.count <= 9, let value = digits(bytes) else { return nil }
        var scaled = value
        for _ in bytes.count..<9 { scaled *= 10 }
        return Int32(scaled)
    }

    /// `1972-01-01T10:00:20.021Z` or with an offset `+01:00`: seconds and nanos since the epoch.
    static func parseTimestamp(_ text: String) -> (seconds: Int64, nanos: Int32)? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = digits(bytes[0..<4]), let month = digits(bytes[5..<7]), let day = digits(bytes[8..<10]),
            let hour = digits(bytes[11..<13]), let minute = digits(bytes[14..<16]),
            let second = digits(bytes[17..<19])
        else { return nil }
        var position = 19
        var nanos: Int32 = 0
        if bytes[position] == UInt8(ascii: ".") {
            let start = position + 1
            position = start
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                position += 1
            }
            guard let parsed = Self.nanos(bytes[start..<position]) else { return nil }
            nanos = parsed
        }
        guard position < bytes.count else { return nil }
        var offset: Int64 = 0
        if bytes[position] == UInt8(ascii: "Z") {
            guard position + 1 == bytes.count else { return nil }
        } else if bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
            guard bytes.count - position == 6, bytes[position + 3] == UInt8(ascii: ":"),
                let offsetHours = digits(bytes[position + 1..<position + 3]),
                let offsetMinutes = digits(bytes[position + 4..<position + 6]), offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offset = (offsetHours * 60 + offsetMinutes) * 60 * (bytes[position] == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        guard year >= 1, month >= 1, month <= 12, day >= 1, day <= CivilCalendar.daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds =
            CivilCalendar.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
            - offset
        guard seconds >= minimumTimestamp, seconds <= maximumTimestamp else { return nil }
        return (seconds, nanos)
    }

    /// `-1.5s`: seconds and nanos with the same sign.
    static func parseDuration(_ text: String) -> (seconds: Int64, nanos: Int32)? {
        var bytes = Array(text.utf8)[...]
        guard bytes.last == UInt8(ascii: "s") else { return nil }
        bytes = bytes.dropLast()
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        var nanos: Int32 = 0
        if let dot = bytes.firstIndex(of: UInt8(ascii: ".")) {
            guard let parsed = Self.nanos(bytes[(dot + 1)...]) else { return nil }
            nanos = parsed
            bytes = bytes[..<dot]
        }
        guard let seconds = digits(bytes), seconds <= maximumDuration else { return nil }
        return negative ? (-seconds, -nanos) : (seconds, nanos)
    }

    // MARK: Base64

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func base64(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out.append(alphabet[Int(n >> 18)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(alphabet[Int(n >> 6 & 63)])
            out.append(alphabet[Int(n & 63)])
            i += 3
        }
        let rest = bytes.count - i
        if rest == 1 {
            let n = UInt32(bytes[i]) << 16
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if rest == 2 {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Standard or URL-safe base64, padded or not; nil when malformed.
    static func decodeBase64(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        values.reserveCapacity(text.utf8.count)
        var padding = 0
        for byte in text.utf8 {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
            case UInt8(ascii: "="):
                padding += 1
                continue
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                continue  // line breaks of wrapped base64
            default: return nil
            }
            guard padding == 0 else { return nil }
            values.append(value)
        }
        // Padding is optional, and needs not be complete ("AQ=" is "AQ==").
        guard values.count % 4 != 1, padding <= 2, padding == 0 || values.count % 4 != 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(values.count * 3 / 4)
        var i = 0
        while i + 4 <= values.count {
            let n =
                UInt32(values[i]) << 18 | UInt32(values[i + 1]) << 12 | UInt32(values[i + 2]) << 6
                | UInt32(values[i + 3])
            out.append(UInt8(truncatingIfNeeded: n >> 16))
            out.append(UInt8(truncatingIfNeeded: n >> 8))
            out.append(UInt8(truncatingIfNeeded: n))
            i += 4
        }
        let rest = values.count - i
        if rest >= 2 {
            var n = UInt32(values[i]) << 18 | UInt32(values[i + 1]) << 12
            if rest == 3 { n |= UInt32(values[i + 2]) << 6 }
            out.append(UInt8(truncatingIfNeeded: n >> 16))
            if rest == 3 { out.append(UInt8(truncatingIfNeeded: n >> 8)) }
        }
        return out
    }

    // MARK: Names

    /// protoc's JSON name of a field without `json_name`: underscores dropped, the letter after each
    /// one upper-cased. Also a FieldMask path's JSON form (`foo_bar.baz` → `fooBar.baz`).
    static func jsonName(_ name: String) -> String {
        var result = ""
        var upper = false
        for character in name {
            if character == "_" {
                upper = true
            } else if upper {
                result += character.uppercased()
                upper = false
            } else {
                result.append(character)
            }
        }
        return result
    }

    // MARK: FieldMask paths

    /// `fooBar.baz` → `foo_bar.baz`.
    static func snakePath(_ path: String) -> String {
        var out = ""
        for character in path {
            if character.isUppercase {
                out += "_" + character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }

    // MARK: Close matches

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased().utf8)
        let b = Array(b.lowercased().utf8)
        guard a.count <= 64, b.count <= 64 else { return Int.max }
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// Up to three names close to `name`, nearest first.
    static func closeMatches(_ name: String, among candidates: [String]) -> [String] {
        let limit = max(2, name.count / 3)
        var scored: [(String, Int)] = []
        var seen: Set<String> = []
        for candidate in candidates where seen.insert(candidate).inserted {
            let score = distance(name, candidate)
            if score <= limit || candidate.lowercased().contains(name.lowercased()) && name.count >= 3 {
                scored.append((candidate, score))
            }
        }
        return scored.sorted { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }.prefix(3).map(\.0)
    }
}
