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
        return unit == 0 ? "\(count) B" : fixed(value, places: 1) + " " + units[unit]
    }

    /// `4.2 ms` below ten milliseconds, else whole milliseconds (`120 ms`), else seconds (`2.4 s`).
    package static func duration(_ duration: Duration) -> String {
        let ms = duration.seconds * 1000
        if ms < 10 { return fixed(ms, places: 1) + " ms" }
        if ms < 10_000 { return "\(Int(saturating: ms.rounded())) ms" }
        return fixed(ms / 1000, places: 1) + " s"
    }

    /// `value` with `places` decimals (0 to 3), as `%.Nf` writes it, without `String(format:)`: its
    /// first call in a process costs more than a whole send from the cache (a scan of every protocol
    /// conformance in the binary for each argument's type; docs/benchmarks.md).
    package static func fixed(_ value: Double, places: Int) -> String {
        let places = min(max(places, 0), 3)
        let scale: Int64 = [1, 10, 100, 1000][places]
        let product = value * Double(scale)
        guard product.isFinite, abs(product) < 1e15 else { return String(format: "%.\(places)f", value) }
        // `%.Nf` rounds the exact value, half to even; the product is rounded once already, so a product
        // that landed on a half is settled by the product's exact error (a fused multiply-add).
        var scaled = product.rounded(.toNearestOrEven)
        if abs(product - product.rounded(.towardZero)) == 0.5 {
            let error = (-product).addingProduct(value, Double(scale))
            if error > 0 { scaled = product.rounded(.up) } else if error < 0 { scaled = product.rounded(.down) }
        }
        let magnitude = Int64(abs(scaled))
        let sign = value.sign == .minus ? "-" : ""
        guard places > 0 else { return sign + String(magnitude) }
        let fraction = String(magnitude % scale)
        return sign + String(magnitude / scale) + "." + String(repeating: "0", count: places - fraction.count)
            + fraction
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
