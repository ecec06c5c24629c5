import Foundation
import HTTPTypes
import Tern
import Testing

@testable import TernExplorer

@Suite("StoredEntrySummary")
struct StoredEntrySummaryTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func entry(validFor: TimeInterval, revalidated: Bool = false, drifted: Bool? = nil) -> StoredResponse {
        StoredResponse(
            key: "k", status: 200, headers: [:], body: Data("12345678".utf8), source: .live,
            storedAt: now.addingTimeInterval(-300), validUntil: now.addingTimeInterval(validFor), method: "GET",
            url: "http://x/", revalidatedAt: revalidated ? now.addingTimeInterval(-60) : nil,
            verification: drifted.map { StoredResponse.Verification(date: now.addingTimeInterval(-120), drifted: $0) })
    }

    @Test("status, source, size, age and validity; revalidation and verification when known")
    func lines() {
        #expect(
            StoredEntrySummary(Self.entry(validFor: 420), now: Self.now).line
                == "200 · live · 8 B · stored 5m ago · valid 7m")
        #expect(StoredEntrySummary(Self.entry(validFor: -1), now: Self.now).details.last == "expired")
        let full = StoredEntrySummary(Self.entry(validFor: 60, revalidated: true, drifted: true), now: Self.now)
        #expect(full.details.suffix(2) == ["revalidated 1m ago", "verified 2m ago (drifted)"])
    }
}
