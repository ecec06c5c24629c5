import Foundation
import Testing

@testable import Tern

@Suite struct CivilCalendarTests {
    /// Foundation's Gregorian calendar in UTC, for dates after 1582 where both are Gregorian.
    private static let gregorian: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    @Test("Day counts match Foundation's calendar, and the two conversions invert each other")
    func againstFoundation() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            // 1583-01-01 to 9999-12-31
            let days = Int64.random(in: -141_349...2_932_896, using: &generator)
            let (year, month, day) = CivilCalendar.date(days: days)
            #expect(CivilCalendar.days(year: year, month: month, day: day) == days)
            let components = Self.gregorian.dateComponents(
                [.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            #expect(components.year == Int(year), "\(days)")
            #expect(components.month == Int(month) && components.day == Int(day), "\(days)")
        }
        #expect(CivilCalendar.days(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilCalendar.days(year: 2000, month: 3, day: 1) == 11_017)
        let lastDayOf1969 = CivilCalendar.date(days: -1)
        #expect(lastDayOf1969.year == 1969 && lastDayOf1969.month == 12 && lastDayOf1969.day == 31)
    }

    @Test("Month lengths follow the leap-year rule")
    func monthLengths() {
        #expect(CivilCalendar.daysIn(month: 2, year: 2024) == 29)
        #expect(CivilCalendar.daysIn(month: 2, year: 1900) == 28)
        #expect(CivilCalendar.daysIn(month: 2, year: 2000) == 29)
        #expect(CivilCalendar.daysIn(month: 4, year: 2023) == 30)
        #expect(CivilCalendar.daysIn(month: 12, year: 2023) == 31)
    }

    @Test("The scanner reads digits, fractions and signs, and a text past its limit never ends")
    func scanner() {
        var scanner = ASCIIScanner("2024.0625+x")
        #expect(scanner.number(digits: 4) == 2024)
        let point = scanner.skip(".")
        #expect(point)
        let fraction = scanner.fraction()
        #expect(fraction.value == 0.0625 && fraction.digits == 4)
        #expect(scanner.sign() == 1)
        #expect(!scanner.atEnd)
        #expect(scanner.number(digits: 1) == nil)
        let last = scanner.skip("x")
        #expect(last && scanner.atEnd)

        var long = ASCIIScanner(String(repeating: "1", count: 65), limit: 64)
        #expect(long.fraction().digits == 64)
        #expect(!long.atEnd)
        var exact = ASCIIScanner(String(repeating: "1", count: 64), limit: 64)
        #expect(exact.fraction().digits == 64)
        #expect(exact.atEnd)
        var accented = ASCIIScanner("é")
        let skipped = accented.skip("é")
        #expect(!skipped)
    }
}
