import Foundation
import Tern
import TernJSONPath
import TernWorkspace

/// Evaluates a spec's `expect:` against its response.
enum Expectations {
    /// One result per expectation, in the order declared; a schema's `$ref`s name files of the
    /// workspace at `root`. What a result says is masked by `redactor` before it is shortened, so a
    /// secret cut by the shortening is masked too.
    static func evaluate(
        _ expectations: [ResponseExpectation], on facts: inout ResponseFacts, root: URL? = nil,
        redactor: Redactor = Redactor()
    ) -> [ExpectationResult] {
        expectations.map { evaluate($0, on: &facts, root: root, redactor: redactor) }
    }

    static func evaluate(
        _ expectation: ResponseExpectation, on facts: inout ResponseFacts, root: URL? = nil,
        redactor: Redactor = Redactor()
    ) -> ExpectationResult {
        var result = check(expectation, on: &facts, root: root, redactor: redactor)
        if redactor.hasSecretValues {
            result.expected = redactor.redact(result.expected)
            result.actual = redactor.redact(result.actual)
        }
        return result
    }

    private static func check(
        _ expectation: ResponseExpectation, on facts: inout ResponseFacts, root: URL?, redactor: Redactor
    ) -> ExpectationResult {
        switch expectation {
        case .status(let status):
            let (phrase, passed) =
                switch status {
                case .exactly(let code): ("status is \(code)", facts.status == code)
                case .inClass(let digit): ("status is \(digit)xx", facts.status / 100 == digit)
                case .oneOf(let codes):
                    ("status is one of \(codes.map(String.init).joined(separator: ", "))", codes.contains(facts.status))
                // Rendered before the check (`Workspace.expectations(for:context:)`); here only when it could not be.
                case .template(let text): ("status is \(text)", false)
                }
            return ExpectationResult(expected: phrase, actual: String(facts.status), passed: passed)
        case .header(let name, let check):
            return text(check, of: facts.header(name), subject: "header \(name)", redactor: redactor)
        case .body(let check):
            switch facts.text() {
            case .success(let text): return self.text(check, of: text, subject: "body", redactor: redactor)
            case .failure(let problem):
                return ExpectationResult(
                    expected: phrase(check, subject: "body"), actual: problem.message, passed: false)
            }
        case .timing(let phase, let comparison, let limit):
            return TimingCheck.result(phase, comparison, limit, of: facts.response)
        case .durationUnder(let limit):
            return ExpectationResult(
                expected: "duration under \(milliseconds(limit))", actual: milliseconds(facts.duration),
                passed: facts.duration < limit)
        case .json(let path, let check):
            switch facts.select(path) {
            case .success(let nodes): return JSONChecks.evaluate(check, path: path, nodes: nodes, redactor: redactor)
            case .failure(let problem):
                return ExpectationResult(
                    expected: JSONChecks.phrase(check, path: path), actual: problem.message, passed: false)
            }
        case .schema(let schema, let assertFormats):
            switch facts.json() {
            case .success(let document):
                return SchemaCheck.result(of: document, against: schema, assertFormats: assertFormats, root: root)
            case .failure(let problem):
                return ExpectationResult(expected: "body matches the schema", actual: problem.message, passed: false)
            }
        case .grpcStatus(let code):
            let expected = GRPCStatus.Code(rawValue: code)
            let actual = facts.header("grpc-status").flatMap(Int.init).map(GRPCStatus.Code.init(rawValue:))
            return ExpectationResult(
                expected: "gRPC status is \(expected)", actual: actual.map(\.description) ?? "not a gRPC call",
                passed: actual == expected)
        case .graphQLNoErrors:
            guard case .success(let document) = facts.json() else {
                return ExpectationResult(
                    expected: "a GraphQL answer without errors", actual: "the body is not JSON", passed: false)
            }
            var errors: [JSONPathValue] = []
            if case .object(let object) = document, case .array(let list)? = object["errors"] { errors = list }
            var first = ""
            if case .object(let error)? = errors.first, case .string(let message)? = error["message"] {
                first = ": " + redactor.redact(message)
            }
            return ExpectationResult(
                expected: "a GraphQL answer without errors",
                actual: errors.isEmpty ? "no errors" : "\(errors.count) error\(errors.count == 1 ? "" : "s")\(first)",
                passed: errors.isEmpty)
        case .openAPIContract:
            // The session checks the contract (it holds the description); here there is nothing to check it with.
            return ExpectationResult(
                expected: "the answer keeps its OpenAPI contract", actual: "no OpenAPI description to check it with",
                passed: false)
        }
    }

    private static func text(_ check: TextCheck, of value: String?, subject: String, redactor: Redactor)
        -> ExpectationResult
    {
        var actual = value.map { shown($0, redactor: redactor) } ?? "absent"
        let passed: Bool
        switch check {
        case .exists(let exists): passed = (value != nil) == exists
        case .equals(let expected): passed = value == expected
        case .contains(let part): passed = value?.contains(part) == true
        case .matches(let pattern):
            let outcome = value.map { ResponseFacts.match(pattern, in: $0) } ?? .none
            if outcome == .stopped { actual = ResponseFacts.stoppedMessage(pattern) }
            if case .found = outcome { passed = true } else { passed = false }
        }
        return ExpectationResult(expected: phrase(check, subject: subject), actual: actual, passed: passed)
    }

    private static func phrase(_ check: TextCheck, subject: String) -> String {
        switch check {
        case .exists(let exists): exists ? "\(subject) exists" : "\(subject) is absent"
        case .equals(let expected): "\(subject) equals \"\(expected)\""
        case .contains(let part): "\(subject) contains \"\(part)\""
        case .matches(let pattern): "\(subject) matches /\(pattern)/"
        }
    }

    /// `text` as a result shows it: masked by `redactor`, then shortened (a secret the shortening cuts
    /// would no longer be found).
    static func shown(_ text: String, redactor: Redactor) -> String {
        shortened(redactor.hasSecretValues ? redactor.redact(text) : text)
    }

    /// At most 80 characters, for reports.
    static func shortened(_ text: String) -> String {
        let oneLine = text.replacingOccurrences(of: "\n", with: " ")
        return oneLine.count <= 80 ? oneLine : String(oneLine.prefix(77)) + "..."
    }

    private static func milliseconds(_ seconds: Double) -> String {
        "\(HumanUnits.wholeMilliseconds(seconds)) ms"
    }
}
