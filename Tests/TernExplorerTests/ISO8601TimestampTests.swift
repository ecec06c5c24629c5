import Foundation
import Testing

@testable import TernExplorer

/// The state files' timestamps against Foundation's ISO 8601 style, which wrote them before.
@Suite struct ISO8601TimestampTests {
    /// Whole seconds from the Gregorian calendar's first full year to 9999: epochs, leap days,
    /// century years, the last second.
    static let seconds: [Double] = [
        -12_212_553_600, -2_208_988_800, -86_401, -1, 0, 59, 86_399, 951_782_400, 951_868_799, 4_107_542_400,
        1_700_000_000, 1_767_225_599, 253_402_300_799,
    ]

    static let foundation = Date.ISO8601FormatStyle()

    @Test func writesWhatFoundationWrites() throws {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<500).map { _ in Double(Int64.random(in: -12_212_553_600...253_402_300_799, using: &generator))
        }
        for value in Self.seconds + random {
            let date = Date(timeIntervalSince1970: value)
            let ours = try #require(ISO8601Timestamp.string(from: date))
            #expect(ours == Self.foundation.format(date), "\(value)")
            #expect(ISO8601Timestamp.date(from: ours) == date, "\(ours)")
        }
    }

    /// Before 1583 Foundation switches to the Julian calendar; ISO 8601, and this, stay Gregorian.
    /// Either way a date reads back as the one written.
    @Test func earlierYearsAreProlepticGregorian() throws {
        #expect(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: -62_167_219_200)) == "0000-01-01T00:00:00Z")
        #expect(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00Z")
        #expect(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: -12_219_292_800)) == "1582-10-15T00:00:00Z")
        for value in [-62_167_219_200.0, -30_000_000_000, -12_219_292_801] {
            let text = try #require(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: value)))
            #expect(ISO8601Timestamp.date(from: text) == Date(timeIntervalSince1970: value), "\(text)")
        }
    }

    @Test func dropsFractionsOfASecondAsFoundationDoes() throws {
        for value in [0.25, 1_700_000_000.999, -0.5, -86_400.75] {
            let date = Date(timeIntervalSince1970: value)
            #expect(ISO8601Timestamp.string(from: date) == Self.foundation.format(date), "\(value)")
        }
    }

    @Test func readsOffsetsAndFractions() throws {
        let cases: [(String, Double)] = [
            ("2026-11-23T08:30:00Z", 1_795_422_600), ("2026-11-23T09:30:00+01:00", 1_795_422_600),
            ("2026-11-23T03:00:00-0530", 1_795_422_600), ("2026-11-23t08:30:00z", 1_795_422_600),
            ("2026-11-23T08:30:00.250Z", 1_795_422_600.25), ("2024-02-29T00:00:00Z", 1_709_164_800),
        ]
        for (text, expected) in cases {
            let date = try #require(ISO8601Timestamp.date(from: text), "\(text)")
            #expect(abs(date.timeIntervalSince1970 - expected) < 0.000_1, "\(text)")
            let oracle = try? Date.ISO8601FormatStyle(includingFractionalSeconds: text.contains(".")).parse(text)
            if let oracle, !text.contains("t") { #expect(abs(oracle.timeIntervalSince(date)) < 0.001, "\(text)") }
        }
    }

    @Test func refusesWhatIsNotADateAndTime() {
        for text in [
            "", "2026-11-23", "2026-11-23T08:30Z", "2026-13-01T00:00:00Z", "2025-02-29T00:00:00Z",
            "2026-04-31T00:00:00Z",
            "2026-11-23T24:00:00Z", "2026-11-23T08:60:00Z", "2026-11-23T08:30:60Z", "2026-11-23T08:30:00",
            "2026-11-23T08:30:00+25:00", "2026-11-23T08:30:00.Z", "2026-11-23T08:30:00.1234567890Z",
            "2026-11-23T08:30:00Zjunk", " 2026-11-23T08:30:00Z", "２０２６-11-23T08:30:00Z",
        ] {
            #expect(ISO8601Timestamp.date(from: text) == nil, "\(text)")
        }
        #expect(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: 253_402_300_800)) == nil)
        #expect(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: -62_167_219_201)) == nil)
        #expect(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: .infinity)) == nil)
        #expect(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: .nan)) == nil)
    }

    struct Stored: Codable, Equatable {
        var at: Date
        var expires: [Date]
    }

    /// Files written with `.iso8601` before this change read back the same.
    @Test func stateFilesWrittenBeforeStillRead() throws {
        let old = JSONEncoder()
        old.dateEncodingStrategy = .iso8601
        let value = Stored(
            at: Date(timeIntervalSince1970: 1_795_422_600), expires: [.distantFuture, Date(timeIntervalSince1970: 0)])
        let decoded = try StateFileJSON.decoder.decode(Stored.self, from: old.encode(value))
        #expect(decoded == value)
        let written = try StateFileJSON.encoder.encode(value)
        let oldDecoder = JSONDecoder()
        oldDecoder.dateDecodingStrategy = .iso8601
        #expect(try oldDecoder.decode(Stored.self, from: written) == value)
        #expect(String(decoding: written, as: UTF8.self).contains("\"2026-11-23T08:30:00Z\""))
        #expect(throws: DecodingError.self) {
            try StateFileJSON.decoder.decode(Stored.self, from: Data(#"{"at":"yesterday","expires":[]}"#.utf8))
        }
    }
}
