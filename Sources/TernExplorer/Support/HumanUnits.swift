package import Foundation
import Tern

/// Sizes, durations and ages as people read them, shared by the explorer's front ends.
package enum HumanUnits {
    /// `229 B`, `12.4 KB`, `50.0 MB` (powers of 1000).
    package static func bytes(_ count: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: "%.1f %@", value, units[unit])
    }

    /// `4.2 ms` below ten milliseconds, else whole milliseconds (`120 ms`), else seconds (`2.4 s`).
    package static func duration(_ duration: Duration) -> String {
        let ms = duration.seconds * 1000
        if ms < 10 { return String(format: "%.1f ms", ms) }
        if ms < 10_000 { return "\(Int(saturating: ms.rounded())) ms" }
        return String(format: "%.1f s", ms / 1000)
    }

    /// A short age or wait: `12s`, `4m`, `2h`, `3d`, `120y`; total for any value (NaN and
    /// negatives are `0s`, infinity is `∞`, a huge finite value is a saturated number of years).
    /// `seconds` as whole milliseconds, rounded; 0 for a negative, infinite, NaN or absurd value
    /// (over a million seconds), so it can never trap.
    package static func wholeMilliseconds(_ seconds: TimeInterval) -> Int {
        guard seconds.isFinite, seconds >= 0, seconds < 1e6 else { return 0 }
        return Int((seconds * 1000).rounded())
    }

    package static func short(_ seconds: TimeInterval) -> String {
        guard !seconds.isNaN else { return "0s" }
        let value = max(0, seconds)
        if value < 60 { return "\(Int(saturating: value))s" }
        if value < 3600 { return "\(Int(saturating: value / 60))m" }
        if value < 86400 { return "\(Int(saturating: value / 3600))h" }
        if value < 86400 * 1000 { return "\(Int(saturating: value / 86400))d" }
        guard value.isFinite else { return "∞" }
        return "\(Int(saturating: value / 31_557_600))y"
    }
}
