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

    /// How long ago something that has happened happened ("12s ago"); a moment the clock has not
    /// reached yet (stored by another task since the last tick) is "just now", never "in 0s".
    static func ago(_ date: Date, to now: Date) -> String {
        let delta = now.timeIntervalSince(date)
        return delta < 1 ? "just now" : "\(HumanUnits.short(delta)) ago"
    }

    /// "1 attempt", "2 attempts": `count` and the noun, plural unless there is one.
    static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
    }

    /// 14:03:07 local time.
    static func clock(_ date: Date, in zone: ClockZone = .local) -> String {
        let time = zone.wallClock(at: date.timeIntervalSince1970)
        return [time.hour, time.minute, time.second].map(twoDigits).joined(separator: ":")
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
