import Foundation

/// A run as JUnit XML, in the shape of the Apache Ant JUnit schema that CI systems read
/// (`Tests/TernExplorerTests/Fixtures/junit/JUnit.xsd`): a `testsuite` per group, a `testcase` per
/// spec (per data row, named `id [row]`) with at most one `failure` (every failed expectation,
/// expected vs actual) or `error` (the request could not be made); each suite's `system-out` lists
/// the requests as sent.
package enum JUnitReport {
    /// The XML document of `summary`; `properties` (the environment, the mode) go on every suite.
    package static func xml(_ summary: RunSummary, properties: [(name: String, value: String)] = []) -> String {
        var groups: [(String, [SpecRunResult])] = []
        for result in summary.results {
            let group = result.group.isEmpty ? "(top level)" : result.group
            if let index = groups.firstIndex(where: { $0.0 == group }) {
                groups[index].1.append(result)
            } else {
                groups.append((group, [result]))
            }
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        let timestamp = formatter.string(from: summary.started)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        for (index, (group, results)) in groups.enumerated() {
            let failures = results.count { $0.outcome == .failed }
            let errors = results.count { $0.outcome == .errored }
            let time = results.reduce(0) { $0 + $1.duration }
            xml += "  <testsuite package=\"tern\" id=\"\(index)\" name=\"\(escape(group))\" timestamp=\"\(timestamp)\" "
            xml += "hostname=\"localhost\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" "
            xml += "skipped=\"0\" time=\"\(seconds(time))\">\n"
            xml += "    <properties>\n"
            for property in properties {
                xml += "      <property name=\"\(escape(property.name))\" value=\"\(escape(property.value))\"/>\n"
            }
            xml += "    </properties>\n"
            for result in results { xml += testcase(result, group: group) }
            let sent = results.compactMap { result in
                result.request.map { "\(result.key): \($0)" + (result.status.map { " → \($0)" } ?? "") }
            }
            xml += "    <system-out>\(escape(sent.joined(separator: "\n")))</system-out>\n"
            xml += "    <system-err>\(escape(results.compactMap(\.error).joined(separator: "\n")))</system-err>\n"
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    private static func testcase(_ result: SpecRunResult, group: String) -> String {
        let head =
            "    <testcase name=\"\(escape(result.key))\" classname=\"\(escape(group))\" "
            + "time=\"\(seconds(result.duration))\""
        switch result.outcome {
        case .passed:
            return head + "/>\n"
        case .failed:
            let failures = result.failures
            let message =
                failures.count == 1
                ? failures[0].expected
                : "\(failures.count) expectations failed: "
                    + failures.map(\.expected).joined(separator: "; ")
            let text = failures.map { "expected: \($0.expected)\nactual: \($0.actual)" }.joined(separator: "\n\n")
            return head
                + ">\n      <failure message=\"\(escape(message))\" type=\"expectation\">\(escape(text))</failure>\n"
                + "    </testcase>\n"
        case .errored:
            let message = result.error ?? "no response"
            return head + ">\n      <error message=\"\(escape(message))\" type=\"request\">\(escape(message))</error>\n"
                + "    </testcase>\n"
        }
    }

    /// Text safe in an attribute or element: markup escaped, characters XML 1.0 forbids dropped.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\t", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed =
                    (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value)
                    || (0x10000...0x10FFFF).contains(value)
                if allowed { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    private static func seconds(_ value: Double) -> String {
        guard value.isFinite, value >= 0, value < 1e9 else { return "0" }
        return String(format: "%.3f", value)
    }
}
