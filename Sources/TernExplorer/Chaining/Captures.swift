import Foundation
import TernJSONPath
import TernWorkspace

/// Applies a spec's `capture:` rules to its response.
enum Captures {
    /// What the rules found, and a sentence for each rule that found nothing.
    struct Outcome: Sendable, Equatable {
        var values: [String: String] = [:]
        var misses: [String] = []
    }

    /// The values `rules` take from `facts`.
    static func extract(_ rules: [CaptureRule], from facts: inout ResponseFacts) -> Outcome {
        var outcome = Outcome()
        for rule in rules {
            switch value(rule.source, in: &facts) {
            case .success(let value): outcome.values[rule.name] = value
            case .failure(let problem): outcome.misses.append("capture '\(rule.name)': \(problem.message)")
            }
        }
        return outcome
    }

    private static func value(_ source: CaptureRule.Source, in facts: inout ResponseFacts) -> Result<
        String, CheckProblem
    > {
        switch source {
        case .status:
            return .success(String(facts.status))
        case .header(let name):
            guard let value = facts.header(name) else { return .failure(CheckProblem("no header \(name)")) }
            return .success(value)
        case .cookie(let name):
            guard let value = facts.cookie(name) else { return .failure(CheckProblem("no cookie \(name) is set")) }
            return .success(value)
        case .json(let path):
            return facts.select(path).flatMap { nodes in
                guard let first = nodes.first else { return .failure(CheckProblem("\(path) selects nothing")) }
                return .success(text(of: first.value))
            }
        case .regex(let pattern, let group):
            return facts.text().flatMap { text in
                switch ResponseFacts.match(pattern, in: text, group: group) {
                case .found(let found): return .success(found)
                case .none: return .failure(CheckProblem("/\(pattern)/ does not match the body"))
                case .stopped: return .failure(CheckProblem(ResponseFacts.stoppedMessage(pattern)))
                }
            }
        }
    }

    /// A string as it is; anything else as compact JSON.
    static func text(of value: JSONPathValue) -> String {
        if case .string(let string) = value { return string }
        return value.jsonText
    }
}
