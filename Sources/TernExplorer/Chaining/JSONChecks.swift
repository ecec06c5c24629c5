import Foundation
import Tern
import TernJSONPath
import TernWorkspace

/// The checks of `expect.json`: a JSONPath's nodes against equals, type, count, comparisons...
enum JSONChecks {
    static func evaluate(
        _ check: JSONCheck, path: String, nodes: [JSONPathNode], redactor: Redactor = Redactor()
    ) -> ExpectationResult {
        let value: JSONPathValue? =
            switch nodes.count {
            case 0: nil
            case 1: nodes[0].value
            default: .array(nodes.map(\.value))
            }
        var actual = value.map { Expectations.shown($0.jsonText, redactor: redactor) } ?? "nothing selected"
        let passed: Bool
        switch check {
        case .exists(let exists): passed = !nodes.isEmpty == exists
        case .equals(let expected): passed = value == pathValue(expected)
        case .notEquals(let expected): passed = value != nil && value != pathValue(expected)
        case .type(let type): passed = value.map { matches(type: type, $0) } ?? false
        case .matches(let pattern):
            if case .string(let text)? = value {
                let outcome = ResponseFacts.match(pattern, in: text)
                if case .found = outcome { passed = true } else { passed = false }
                if outcome == .stopped { actual = ResponseFacts.stoppedMessage(pattern) }
            } else {
                passed = false
            }
        case .contains(let element):
            switch value {
            case .array(let items)?: passed = items.contains(pathValue(element))
            case .string(let text)?:
                if case .string(let part) = element { passed = text.contains(part) } else { passed = false }
            default: passed = false
            }
        case .compare(let comparison, let bound):
            passed = number(value).map { compare($0, comparison, bound) } ?? false
        case .count(let expected):
            return ExpectationResult(
                expected: phrase(check, path: path), actual: String(count(nodes)), passed: count(nodes) == expected)
        }
        return ExpectationResult(expected: phrase(check, path: path), actual: actual, passed: passed)
    }

    /// The length of a single array or object node, else the number of nodes.
    static func count(_ nodes: [JSONPathNode]) -> Int {
        if nodes.count == 1 {
            switch nodes[0].value {
            case .array(let items): return items.count
            case .object(let object): return object.count
            default: break
            }
        }
        return nodes.count
    }

    static func phrase(_ check: JSONCheck, path: String) -> String {
        switch check {
        case .exists(let exists): exists ? "\(path) exists" : "\(path) is absent"
        case .equals(let value): "\(path) equals \(pathValue(value).jsonText)"
        case .notEquals(let value): "\(path) does not equal \(pathValue(value).jsonText)"
        case .type(let type): "\(path) is a\(type.first.map { "aeiou".contains($0) } == true ? "n" : "") \(type)"
        case .matches(let pattern): "\(path) matches /\(pattern)/"
        case .contains(let value): "\(path) contains \(pathValue(value).jsonText)"
        case .compare(let comparison, let bound):
            "\(path) \(comparison.rawValue) \(JSONValue.double(bound).scalarText ?? "")"
        case .count(let count): "\(path) has \(count) item\(count == 1 ? "" : "s")"
        }
    }

    static func matches(type: String, _ value: JSONPathValue) -> Bool {
        switch (type, value) {
        case ("integer", .int): true
        case ("integer", .double(let number)): number == number.rounded() && number.isFinite
        default: type == value.typeName
        }
    }

    static func number(_ value: JSONPathValue?) -> Double? {
        switch value {
        case .int(let number)?: Double(number)
        case .double(let number)?: number
        default: nil
        }
    }

    private static func compare(_ value: Double, _ comparison: JSONCheck.Comparison, _ bound: Double) -> Bool {
        comparison.holds(value, bound)
    }

    /// A workspace JSON literal as a JSONPath value (object members sorted by name: order is not compared).
    static func pathValue(_ value: JSONValue) -> JSONPathValue {
        value.pathValue
    }
}

extension JSONCheck.Comparison {
    /// Whether `value` compares so with `bound` (`<`, `<=`, `>`, `>=`): a JSON check's and a timing budget's.
    func holds(_ value: Double, _ bound: Double) -> Bool {
        switch self {
        case .less: value < bound
        case .lessOrEqual: value <= bound
        case .greater: value > bound
        case .greaterOrEqual: value >= bound
        }
    }
}
