import Foundation
import Tern

/// Numbers as people read them in the panes.
enum Format {
    /// 229 B, 12.4 KB, 50.0 MB.
    static func bytes(_ count: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: "%.1f %@", value, units[unit])
    }

    /// 38 ms, 1.24 s.
    static func duration(_ seconds: Double) -> String {
        seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.2f s", seconds)
    }

    static func duration(_ duration: Duration) -> String {
        self.duration(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    /// 12 s, 4 min, 3 h, 2 d.
    static func span(_ seconds: Double) -> String {
        let s = max(0, seconds)
        if s < 60 { return "\(Int(s)) s" }
        if s < 3600 { return "\(Int(s / 60)) min" }
        if s < 86_400 { return "\(Int(s / 3600)) h" }
        return "\(Int(s / 86_400)) d"
    }

    /// "4 min ago" / "in 6 min" relative to `now`.
    static func relative(_ date: Date, to now: Date) -> String {
        let delta = date.timeIntervalSince(now)
        return delta <= 0 ? "\(span(-delta)) ago" : "in \(span(delta))"
    }

    /// 14:03:07 local time.
    static func clock(_ date: Date, in timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    /// 1.2 MB/s.
    static func rate(_ bytesPerSecond: Double?) -> String {
        guard let bytesPerSecond, bytesPerSecond > 0 else { return "–" }
        return bytes(Int64(bytesPerSecond)) + "/s"
    }

    /// The time left at the current rate, when both are known.
    static func eta(_ progress: TransferProgress) -> String {
        guard let total = progress.total, let rate = progress.bytesPerSecond, rate > 0, total >= progress.bytes else { return "–" }
        return span(Double(total - progress.bytes) / rate)
    }
}
