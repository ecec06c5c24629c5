import Foundation

/// The dynamic variables `{{$name args}}` that `.http` files (JetBrains, VS Code REST Client) and
/// Postman collections use, made when the request is rendered: every send gets new values.
///
/// - `$uuid`, `$guid`, `$random.uuid`: a random UUID, lower case.
/// - `$timestamp`: seconds since 1970; `$isoTimestamp`: the current UTC time, ISO 8601.
/// - `$randomInt [MIN MAX]`: an integer from MIN up to, not including, MAX (0 and 1000 by default).
/// - `$datetime FORMAT [OFFSET UNIT]`, `$localDatetime …`: now (UTC, or local time), as `iso8601`,
///   `rfc1123` or a date pattern in quotes (`"yyyy-MM-dd"`), shifted by OFFSET of y, M, w, d, h, m, s.
/// - `$processEnv NAME`, `$env NAME`: the environment variable (`{{env:NAME}}`), handled by the renderer.
package enum TemplateFunctions {
    /// Why a dynamic variable has no value.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The function names Tern makes values for (what follows `$`).
    static let names: Set<String> = [
        "uuid", "guid", "random.uuid", "randomUUID", "timestamp", "isoTimestamp", "randomInt", "random.integer",
        "datetime", "localDatetime", "processEnv", "env",
    ]

    /// Whether `{{$call}}` is one Tern makes a value for.
    package static func knows(_ call: String) -> Bool {
        names.contains(String(call.prefix { $0 != " " }))
    }

    /// The names Tern knows, for messages.
    static let known = "$uuid, $guid, $timestamp, $isoTimestamp, $randomInt, $datetime, $localDatetime, $processEnv"

    /// The value of `call` (what follows `$`, arguments included).
    static func evaluate(_ call: String, now: Date = Date()) throws(Failure) -> String {
        let words = arguments(call)
        guard let name = words.first else { throw Failure(description: "an empty dynamic variable {{$}}") }
        let rest = Array(words.dropFirst())
        switch name {
        case "uuid", "guid", "random.uuid", "randomUUID":
            return UUID().uuidString.lowercased()
        case "timestamp":
            return String(Int(now.timeIntervalSince1970))  // trap-checked: the clock's time, finite and in range
        case "isoTimestamp":
            return format(now, as: "iso8601", local: false)
        case "randomInt", "random.integer":
            let low = rest.first.flatMap(Int.init) ?? 0
            let high = rest.dropFirst().first.flatMap(Int.init) ?? 1000
            guard low < high else { throw Failure(description: "{{$\(call)}}: MIN must be below MAX") }
            return String(Int.random(in: low..<high))
        case "datetime", "localDatetime":
            guard let pattern = rest.first else {
                throw Failure(description: "{{$\(call)}}: name a format (iso8601, rfc1123 or \"yyyy-MM-dd\")")
            }
            var date = now
            if rest.count >= 3, let amount = Int(rest[1]) {
                date = try shifted(now, by: amount, unit: rest[2], call: call)
            }
            return format(date, as: pattern, local: name == "localDatetime")
        default:
            throw Failure(description: "unknown dynamic variable {{$\(name)}}: Tern makes \(known)")
        }
    }

    /// Words, a quoted one kept whole without its quotes.
    private static func arguments(_ call: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        for character in call {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == " " {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func shifted(_ date: Date, by amount: Int, unit: String, call: String) throws(Failure) -> Date {
        let component: Calendar.Component
        switch unit {
        case "y": component = .year
        case "M": component = .month
        case "w": component = .weekOfYear
        case "d": component = .day
        case "h": component = .hour
        case "m": component = .minute
        case "s": component = .second
        case "ms": component = .nanosecond
        default: throw Failure(description: "{{$\(call)}}: the unit is y, M, w, d, h, m, s or ms")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let value = component == .nanosecond ? amount * 1_000_000 : amount
        return calendar.date(byAdding: component, value: value, to: date) ?? date
    }

    private static func format(_ date: Date, as pattern: String, local: Bool) -> String {
        let zone = local ? TimeZone.current : TimeZone(identifier: "UTC") ?? .current
        switch pattern {
        case "iso8601":
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = zone
            return formatter.string(from: date)
        case "rfc1123":
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            return formatter.string(from: date)
        default:
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = zone
            formatter.dateFormat = pattern
            return formatter.string(from: date)
        }
    }
}
