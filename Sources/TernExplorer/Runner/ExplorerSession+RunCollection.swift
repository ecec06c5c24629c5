import Foundation
package import Tern
import TernWorkspace

extension ExplorerSession {
    /// The ids `names` (spec ids, unique file names, group folders; every spec when empty) stand
    /// for, in a stable order: id order, except that a spec comes after the chosen specs it requires.
    package func runOrder(_ names: [String]) throws(ExplorerError) -> [String] {
        let chosen = try verificationTargets(names, allWhenEmpty: true).sorted { $0.id < $1.id }
        let graph = requiresGraph
        for entry in chosen { try graph.checkCycles(from: entry) }
        return graph.order(chosen)
    }

    /// Sends the spec `id` as a run does and judges it: its expectations, or, without a status
    /// expectation, a status below 400.
    package func runSpec(_ id: String) async -> SpecRunResult {
        await runSpecWithResponse(id).result
    }

    /// `runSpec(_:)`, with the response when the spec was answered (the TUI keeps each spec's response):
    /// taken in the same actor hop, so no other send can come between.
    package func runSpecWithResponse(_ id: String) async -> SpecRun {
        var response: Response?
        let started = Date()
        let found = try? entry(id)
        var result = SpecRunResult(
            id: id, name: found?.spec.name ?? id, group: found?.group.joined(separator: "/") ?? "",
            outcome: .errored, duration: 0, expectations: [])
        result.row = dataRow.map { RunRowTag(number: $0.row.number, label: $0.row.label) }
        do {
            let checked = try await sendChecked(id)
            response = checked.response
            let response = checked.response
            result.status = response.statusCode
            result.source = response.source.rawValue
            let url = handler.redactor(for: response.request).redact(url: response.request.url)
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
        let masker = exportRedactor()
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

extension ExplorerSession {
    /// `run [SPEC|GROUP]... [--data FILE]`: every named spec (all when none) in run order, each
    /// judged; with a data file, the whole order once per row.
    package func runCollection(_ target: RunTarget) async throws(ExplorerError) -> RunSummary {
        let order = try runOrder(target.names)
        let data = try target.readData()
        let started = Date()
        var results: [SpecRunResult] = []
        await beginRunWrites()
        for row in RunTarget.passes(data) {
            enterRow(row)
            for id in order { results.append(await runSpec(id)) }
        }
        enterRow(nil)
        try await endRunWrites()
        return RunSummary(results: results, started: started, duration: Date().timeIntervalSince(started))
    }

    /// Starts the pass of a data run over `row`: its fields become variables (over the environment and
    /// captured values, under `--var`), and a dependency is sent again unless answered in this pass.
    /// `nil` ends the data run.
    package func enterRow(_ row: RunData.Row?) {
        let now = Date()
        dataRow = row.map { DataPass(row: $0, runStarted: dataRow?.runStarted ?? now, rowStarted: now) }
        setRowValues(row?.values ?? [:])
    }

    /// From here on, the cache writes the answers and history rows of the run in batches (one
    /// transaction every few dozen answers) instead of one at a time; `endRunWrites()` writes the rest.
    /// A crash in the middle of the run loses at most the batch in hand (docs/cache.md, "Runs").
    package func beginRunWrites() async {
        await history?.beginBatch()
    }

    /// Writes what the run held back; an error says the answers could not all be stored.
    package func endRunWrites() async throws(ExplorerError) {
        do {
            try await history?.endBatch()
        } catch {
            throw ExplorerError(.storage, "the run's answers could not all be stored: \(TernError.wrap(error).message)")
        }
    }
}

/// One spec's run: the judged result and, when the spec was answered, its response.
package struct SpecRun: Sendable {
    /// The result as run reports print it.
    package var result: SpecRunResult
    /// The response (`nil`: the send failed).
    package var response: Response?
}
