import Foundation
import Testing

/// The official JSON-Schema-Test-Suite: every required file passes; optional files keep their counts.
@Suite struct SuiteTests {
    @Test("required suite file passes", arguments: SchemaSuite.requiredFiles)
    func requiredFilePasses(_ file: SuiteFile) {
        let tally = SchemaSuite.run(file)
        #expect(tally.total > 0, "no tests found in \(file.testDescription)")
        #expect(tally.failures.isEmpty, "\(tally.failures.count) failed:\n\(tally.failures.joined(separator: "\n"))")
    }

    /// The optional tests (format assertion on for `optional/format/`) passed per draft, as achieved.
    static let optionalFloors: [SuiteDraft: Int] = [.draft2020_12: 876, .draft2019_09: 865, .draft7: 740]
    /// The `optional/format/` tests passed per draft, as achieved.
    static let formatFloors: [SuiteDraft: Int] = [.draft2020_12: 714, .draft2019_09: 707, .draft7: 626]

    @Test("optional suite files do not regress", arguments: SuiteDraft.allCases)
    func optionalFilesHoldTheirFloor(_ draft: SuiteDraft) {
        var all = SuiteTally()
        var formats = SuiteTally()
        for file in SchemaSuite.files(draft, optional: true) {
            let tally = SchemaSuite.run(file)
            all.passed += tally.passed
            all.total += tally.total
            all.failures += tally.failures
            if file.path.hasPrefix("optional/format/") {
                formats.passed += tally.passed
                formats.total += tally.total
            }
        }
        print(
            "\(draft.rawValue) optional: \(all.passed)/\(all.total) passed, formats \(formats.passed)/\(formats.total)")
        // Set TERN_SCHEMA_SUITE_LOG to a path prefix to see which optional tests fail.
        if let prefix = ProcessInfo.processInfo.environment["TERN_SCHEMA_SUITE_LOG"] {
            try? all.failures.joined(separator: "\n").write(
                toFile: prefix + draft.rawValue, atomically: true, encoding: .utf8)
        }
        #expect(all.passed >= Self.optionalFloors[draft] ?? 0)
        #expect(formats.passed >= Self.formatFloors[draft] ?? 0)
    }
}
