import Foundation
import Testing

@testable import TernTUI

/// Clock times without ICU: `ClockZone` against Foundation's calendar as the oracle.
@Suite struct ClockZoneTests {
    /// Dates around the year, both sides of daylight-saving changes in the northern and southern
    /// hemispheres, before 1970 and on a leap day.
    static let dates: [Date] = [
        -1_000_000_000, 0, 951_827_696, 1_710_054_000, 1_711_846_799, 1_711_846_800, 1_730_000_000,
        1_743_292_800, 1_767_225_599, 4_102_444_800,
    ].map { Date(timeIntervalSince1970: $0) }

    static func oracle(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? -1, parts.minute ?? -1, parts.second ?? -1)
    }

    @Test func localTimeIsTheSystemZone() {
        for date in Self.dates {
            #expect(Format.clock(date, in: .local) == Self.oracle(date, in: .current), "\(date)")
        }
    }

    @Test(arguments: [0, 3_600, -18_000, 19_800, 45_900, -34_200])
    func fixedOffsetsMatchFoundation(offset: Int) throws {
        let zone = try #require(TimeZone(secondsFromGMT: offset))
        for date in Self.dates + [Date(timeIntervalSince1970: 1_700_000_000.999)] {
            #expect(Format.clock(date, in: .fixed(secondsFromGMT: offset)) == Self.oracle(date, in: zone), "\(date)")
        }
    }

    @Test func datesNoClockCanShowPrintMidnight() {
        #expect(Format.clock(.distantFuture, in: .utc) == Self.oracle(.distantFuture, in: .gmt))
        #expect(Format.clock(Date(timeIntervalSince1970: 1e15), in: .local) == "00:00:00")
        #expect(Format.clock(Date(timeIntervalSince1970: .infinity), in: .utc) == "00:00:00")
        #expect(Format.clock(Date(timeIntervalSince1970: -.infinity), in: .local) == "00:00:00")
        #expect(Format.clock(Date(timeIntervalSince1970: .nan), in: .utc) == "00:00:00")
        #expect(Format.clock(Date(timeIntervalSince1970: 86_399.5), in: .utc) == "23:59:59")
    }
}
