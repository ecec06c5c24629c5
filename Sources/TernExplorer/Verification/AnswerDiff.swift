import Foundation
import HTTPTypes
package import Tern

/// Two answers side by side (`diff`): the status, the headers and the JSON body field by field, as
/// `verify` compares a stored answer with a live one, with the same `verify.ignore` paths.
package struct AnswerDiff: Sendable {
    /// What came of the comparison.
    package enum Outcome: Sendable, Equatable {
        case same
        case different
        /// Fewer than two answers to compare, and why.
        case nothingToCompare(String)
    }

    /// The spec compared.
    package var spec: String
    /// What the left and right answers are (`previous, stored 12:00:03`).
    package var left: String
    package var right: String
    package var outcome: Outcome
    package var statusChange: (left: Int, right: Int)?
    /// `~ ETag: "a" → "b"`, `+ X-New: 1`, `- X-Old: 1`.
    package var headerChanges: [String] = []
    package var bodyChanges: [JSONDiff.Change] = []
    /// When a body is not JSON: whether and how it differs.
    package var bodyNote: String?
    /// The JSON paths left out (`verify.ignore`).
    package var ignored: [String] = []
    /// Both bodies as text, line by line (JSON pretty-printed), for a side-by-side view.
    package var leftBody: [String] = []
    package var rightBody: [String] = []

    /// Headers that change with every answer whatever the API does: never reported.
    static let volatileHeaders: Set<String> = ["date", "age", "expires", "last-modified", "x-request-id"]

    package init(spec: String, left: String, right: String, outcome: Outcome) {
        self.spec = spec
        self.left = left
        self.right = right
        self.outcome = outcome
    }

    /// The report as lines: a heading, then one line per difference (`~`, `+`, `-`), as `verify` writes them.
    package var lines: [String] {
        var lines: [String]
        switch outcome {
        case .same: lines = ["✓ \(spec): the same answer (\(left) and \(right))"]
        case .different: lines = ["✗ \(spec): \(left) → \(right)"]
        case .nothingToCompare(let reason): return ["? \(spec): \(reason)"]
        }
        if let change = statusChange { lines.append("  ~ status: \(change.left) → \(change.right)") }
        for change in headerChanges { lines.append("  \(change)") }
        lines += bodyChanges.map(\.line)
        if let bodyNote { lines.append("  ~ \(bodyNote)") }
        if !ignored.isEmpty { lines.append("  (ignoring \(ignored.joined(separator: ", ")))") }
        return lines
    }

    /// The two bodies side by side in `width` columns: `left │ right`, a line that differs marked `≠`.
    package func sideBySide(width: Int) -> [String] {
        let half = max(10, (width - 3) / 2)
        func row(_ old: String, _ mark: String, _ new: String) -> String {
            (Self.cell(old, half) + mark + Self.cell(new, half)).replacingOccurrences(
                of: "\\s+$", with: "", options: .regularExpression)
        }
        var rows = [row(left, " │ ", right)]
        rows.append(String(repeating: "─", count: half) + "─┼─" + String(repeating: "─", count: half))
        for index in 0..<max(leftBody.count, rightBody.count) {
            let old = index < leftBody.count ? leftBody[index] : ""
            let new = index < rightBody.count ? rightBody[index] : ""
            rows.append(row(old, old == new ? " │ " : " ≠ ", new))
        }
        return rows
    }

    private static func cell(_ text: String, _ width: Int) -> String {
        let shown = text.count > width ? String(text.prefix(width - 1)) + "…" : text
        return shown + String(repeating: " ", count: max(0, width - shown.count))
    }

    /// Compares `old` with `new` (stored answers), leaving out the JSON paths `ignoring`.
    package static func compare(
        spec: String, left: (label: String, answer: StoredResponse), right: (label: String, answer: StoredResponse),
        ignoring: [String]
    ) -> AnswerDiff {
        var diff = AnswerDiff(spec: spec, left: left.label, right: right.label, outcome: .same)
        diff.ignored = ignoring
        let old = left.answer
        let new = right.answer
        if old.status != new.status { diff.statusChange = (old.status, new.status) }
        diff.headerChanges = Self.headerChanges(old.headers, new.headers)
        let oldBody = (try? old.bodyData()) ?? Data()
        let newBody = (try? new.bodyData()) ?? Data()
        let decoder = JSONDecoder()
        if let oldJSON = try? decoder.decode(JSONValue.self, from: oldBody),
            let newJSON = try? decoder.decode(JSONValue.self, from: newBody)
        {
            diff.bodyChanges = JSONDiff.changes(
                from: oldJSON, to: newJSON, ignoring: ignoring.compactMap(PathPattern.init))
            diff.leftBody = prettyLines(oldJSON)
            diff.rightBody = prettyLines(newJSON)
        } else {
            if oldBody != newBody {
                diff.bodyNote =
                    "the body differs (\(HumanUnits.bytes(Int64(oldBody.count))) and "
                    + "\(HumanUnits.bytes(Int64(newBody.count))))"
            }
            diff.leftBody = textLines(oldBody)
            diff.rightBody = textLines(newBody)
        }
        let differs =
            diff.statusChange != nil || !diff.headerChanges.isEmpty || !diff.bodyChanges.isEmpty
            || diff.bodyNote != nil
        diff.outcome = differs ? .different : .same
        return diff
    }

    private static func headerChanges(_ old: HTTPFields, _ new: HTTPFields) -> [String] {
        func values(_ fields: HTTPFields) -> [(name: String, value: String)] {
            var seen: [String: Int] = [:]
            var result: [(name: String, value: String)] = []
            for field in fields where !volatileHeaders.contains(field.name.canonicalName) {
                let name = field.name.canonicalName
                if let index = seen[name] {
                    result[index].value += ", " + field.value
                } else {
                    seen[name] = result.count
                    result.append((field.name.rawName, field.value))
                }
            }
            return result
        }
        let before = values(old)
        let after = values(new)
        var changes: [String] = []
        for (name, value) in before {
            if let now = after.first(where: { $0.name.lowercased() == name.lowercased() }) {
                if now.value != value { changes.append("~ header \(name): \(value) → \(now.value)") }
            } else {
                changes.append("- header \(name): \(value)")
            }
        }
        for (name, value) in after where !before.contains(where: { $0.name.lowercased() == name.lowercased() }) {
            changes.append("+ header \(name): \(value)")
        }
        return changes
    }

    private static func prettyLines(_ value: JSONValue) -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data()
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .prefix(5_000).map(String.init)
    }

    private static func textLines(_ data: Data) -> [String] {
        guard let text = String(data: data.prefix(256 * 1024), encoding: .utf8) else {
            return ["(\(HumanUnits.bytes(Int64(data.count))) of binary data)"]
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).prefix(5_000).map(String.init)
    }
}
