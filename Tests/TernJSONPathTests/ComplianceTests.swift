import Foundation
import Testing

@testable import TernJSONPath

/// One case of the JSONPath Compliance Test Suite.
struct ComplianceCase: Sendable, CustomTestStringConvertible {
    let name: String
    let selector: String
    let document: JSONPathValue?
    let invalid: Bool
    /// Each allowed result: the values in order and, when given, their paths.
    let results: [(values: [JSONPathValue], paths: [String]?)]

    var testDescription: String { name }
}

/// Loads `Fixtures/jsonpath-cts/cts.json` relative to this file, with the module's own decoder.
enum ComplianceSuite {
    static let fixtureURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/jsonpath-cts/cts.json")

    static func load() throws -> [ComplianceCase] {
        let root = try JSONPathValue(decoding: Data(contentsOf: fixtureURL))
        guard case .object(let object) = root, case .array(let tests)? = object["tests"] else { return [] }
        return tests.compactMap { test -> ComplianceCase? in
            guard case .object(let fields) = test, case .string(let name)? = fields["name"],
                case .string(let selector)? = fields["selector"]
            else { return nil }
            var results: [(values: [JSONPathValue], paths: [String]?)] = []
            if case .array(let values)? = fields["result"] {
                results.append((values, strings(fields["result_paths"])))
            }
            if case .array(let alternatives)? = fields["results"] {
                var pathAlternatives: [JSONPathValue] = []
                if case .array(let paths)? = fields["results_paths"] { pathAlternatives = paths }
                for (index, alternative) in alternatives.enumerated() {
                    guard case .array(let values) = alternative else { continue }
                    let paths = index < pathAlternatives.count ? strings(pathAlternatives[index]) : nil
                    results.append((values, paths))
                }
            }
            return ComplianceCase(
                name: name, selector: selector, document: fields["document"],
                invalid: fields["invalid_selector"] == .bool(true), results: results)
        }
    }

    private static func strings(_ value: JSONPathValue?) -> [String]? {
        guard case .array(let elements)? = value else { return nil }
        return elements.compactMap { if case .string(let text) = $0 { return text } else { return nil } }
    }

    /// Runs one case; returns nil on success or a description of the failure.
    static func check(_ test: ComplianceCase) -> String? {
        let path: JSONPath
        do {
            path = try JSONPath(test.selector)
        } catch {
            return test.invalid ? nil : "unexpected parse error: \(error)"
        }
        if test.invalid { return "accepted an invalid selector" }
        guard let document = test.document else { return "case has no document" }
        do {
            let nodes = try path.select(in: document)
            let values = nodes.map(\.value)
            let paths = nodes.map(\.path.description)
            for expected in test.results
            where expected.values.count == values.count
                && zip(expected.values, values).allSatisfy({ $0 == $1 })
                && (expected.paths == nil || expected.paths == paths)
            {
                return nil
            }
            return "got \(values.map(\.jsonText)) at \(paths)"
        } catch {
            return "evaluation error: \(error)"
        }
    }
}

@Suite("JSONPath Compliance Test Suite")
struct ComplianceTests {
    @Test("every CTS case passes")
    func allCases() throws {
        let cases = try ComplianceSuite.load()
        #expect(cases.count == 703)
        var failures: [String] = []
        for test in cases {
            if let failure = ComplianceSuite.check(test) {
                failures.append("\(test.name) [\(test.selector)]: \(failure)")
            }
        }
        let passed = cases.count - failures.count
        print("CTS: \(passed)/\(cases.count) passed")
        for failure in failures.prefix(60) { print("  FAIL \(failure)") }
        #expect(failures.isEmpty, "\(failures.count) CTS cases failed")
    }
}
