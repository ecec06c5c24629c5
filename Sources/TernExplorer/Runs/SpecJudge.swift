import Foundation
import HTTPTypes
package import Tern
import TernWorkspace

/// One spec sent as a run sends it, and judged.
struct SpecJudge {
    /// The session as it was when the run reached this spec (with the data row's fields).
    let context: ExplorerContext

    /// A judge in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// Sends the spec `id` as a run does and judges it: its expectations, or, without a status expectation, a
    /// status below 400; with the response when the spec was answered (the TUI keeps each spec's response).
    func run(_ id: String) async -> SpecRun {
        var response: Response?
        let started = Date()
        let found = try? context.entry(id)
        var result = SpecRunResult(
            id: id, name: found?.spec.name ?? id, group: found?.group.joined(separator: "/") ?? "",
            outcome: .errored, duration: 0, expectations: [])
        result.row = context.captures.pass.map { RunRowTag(number: $0.row.number, label: $0.row.label) }
        do {
            let checked = try await ChainedSend(context).sendChecked(id)
            response = checked.response
            let response = checked.response
            result.status = response.statusCode
            result.source = response.source.rawValue
            let url = context.handler.redactor(for: response.request).redact(url: response.request.url)
            result.request = "\(response.request.method.rawValue) \(url)"
            result.expectations = checked.expectations
            let declaresStatus = (found?.spec.expect ?? []).contains { if case .status = $0 { true } else { false } }
            if !declaresStatus && response.statusCode >= 400 {
                result.expectations.insert(
                    ExpectationResult(expected: "status below 400", actual: String(response.statusCode), passed: false),
                    at: 0)
            }
            result.outcome = result.failures.isEmpty ? .passed : .failed
        } catch {
            result.error = error.message
        }
        // What a run prints and reports leaves the machine (CI logs, JUnit files): a check on a
        // captured token names it masked. The stored answer keeps the real value.
        let masker = context.exportRedactor()
        if masker.hasSecretValues {
            result.expectations = result.expectations.map {
                ExpectationResult(
                    expected: masker.redact($0.expected), actual: masker.redact($0.actual), passed: $0.passed)
            }
            result.error = result.error.map { masker.redact($0) }
        }
        result.duration = Date().timeIntervalSince(started)
        return SpecRun(result: result, response: response)
    }
}

/// One spec's run: the judged result and, when the spec was answered, its response.
package struct SpecRun: Sendable {
    /// The result as run reports print it.
    package var result: SpecRunResult
    /// The response (`nil`: the send failed).
    package var response: Response?
}
