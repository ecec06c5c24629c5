import Foundation
import Testing

@testable import Tern
@testable import TernExplorer

@Suite("Human units are total")
struct HumanUnitsTests {
    @Test(
        "short ages and waits for any Double",
        arguments: [
            (-1, "0s"), (Double.nan, "0s"), (59, "59s"), (3_599, "59m"), (86_399, "23h"), (86_400 * 999, "999d"),
            (3_155_760_000, "100y"), (1e300, "\(Int.max)y"), (Double.infinity, "∞"), (-Double.infinity, "0s"),
        ] as [(Double, String)])
    func short(seconds: Double, text: String) {
        #expect(HumanUnits.short(seconds) == text)
    }

    @Test("durations and sizes at the extremes")
    func extremes() {
        #expect(HumanUnits.duration(.seconds(Int64.max)).hasSuffix(" s"))
        #expect(HumanUnits.duration(.fromSeconds(.nan)) == "0.0 ms")
        #expect(HumanUnits.duration(.milliseconds(-5)) == "-5.0 ms")
        #expect(HumanUnits.bytes(Int64.max).hasSuffix(" TB"))
        #expect(HumanUnits.bytes(Int64(saturating: Double.infinity)) == HumanUnits.bytes(.max))
        #expect(HumanUnits.bytes(-5) == "-5 B")
    }

    @Test("fixed decimals are what %.Nf writes, for every value it is asked")
    func fixedDecimals() {
        var values: [Double] = [
            0, -0.0, 0.05, 0.25, 0.35, 1.05, 2.5, 9.95, 9.96, 99.999, -0.04, -4.25, 1e14, -1e14 - 0.5,
        ]
        values += (0..<2_000).map { Double($0) * 0.0137 - 3 }
        values += [1e15, 1e300, .infinity, -.infinity, .nan]
        for value in values {
            for places in 0...3 {
                #expect(
                    HumanUnits.fixed(value, places: places) == String(format: "%.\(places)f", value),
                    "\(value) to \(places) places")
            }
        }
    }

    @Test(
        "saturating conversions never trap",
        arguments: [
            (Double.nan, Int64(0)), (.infinity, .max), (-.infinity, .min), (1e300, .max), (-1e300, .min),
            (9.223372036854775807e18, .max), (-9.223372036854775808e18, .min), (42.9, 42), (-42.9, -42),
        ] as [(Double, Int64)])
    func saturating(value: Double, expected: Int64) {
        #expect(Int64(saturating: value) == expected)
        #expect(Int(saturating: value) == Int(expected))
    }
}
