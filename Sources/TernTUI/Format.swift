import Foundation
import Tern
import TernExplorer

/// Numbers as people read them in the panes.
enum Format {
    /// 229 B, 12.4 KB, 50.0 MB.
    static func bytes(_ count: Int64) -> String { HumanUnits.bytes(count) }

    /// 38 ms, 1.5 s — the REPL's and the CLI's format.
    static func duration(_ duration: Duration) -> String { HumanUnits.duration(duration) }

    static func duration(_ seconds: Double) -> String { HumanUnits.duration(.fromSeconds(seconds)) }

    /// "4 min ago" / "in 6 min" relative to `now`.
    static func relative(_ date: Date, to now: Date) -> String {
        let delta = date.timeIntervalSince(now)
        return delta <= 0 ? "\(HumanUnits.short(-delta)) ago" : "in \(HumanUnits.short(delta))"
    }

    /// "1 attempt", "2 attempts": `count` and the noun, plural unless there is one.
    static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
    }

    /// 14:03:07 local time.
    static func clock(_ date: Date, in timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
