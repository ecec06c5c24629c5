package import Foundation
package import Tern
import TernWorkspace

/// A response with what the spec's `capture:` took from it and how its `expect:` fared.
package struct CheckedResponse: Sendable {
    /// The response.
    package var response: Response
    /// The expectation results, in the order declared.
    package var expectations: [ExpectationResult]
    /// The values captured into variables.
    package var captured: [String: String]
    /// A sentence for each capture rule that found nothing.
    package var captureMisses: [String]
    /// The specs sent first because this one requires them, in the order sent.
    package var dependencies: [String]

    /// The expectations that did not hold.
    package var failures: [ExpectationResult] { expectations.filter { !$0.passed } }
}

extension ExplorerSession {
    /// The captured values of the environment in force, with their sources.
    package func capturedValues() -> [String: CapturedValue] {
        loadedCaptures().partition(activeEnvironment).values.mapValues {
            CapturedValue(value: $0.value, spec: $0.spec, capturedAt: $0.capturedAt)
        }
    }

    /// Forgets captured values (all of the environment's when `names` is empty).
    package func clearCaptured(_ names: [String] = []) throws(ExplorerError) {
        var store = loadedCaptures()
        store.clear(names, environment: activeEnvironment)
        try save(store)
    }

    /// Sends the spec `name` (or the selected one) after the specs it requires (by their policies),
    /// then captures values from its response and evaluates its expectations.
    package func sendChecked(
        _ name: String?, adjustments: SendAdjustments = SendAdjustments()
    ) async throws(ExplorerError) -> CheckedResponse {
        let current = try entry(name)
        try requiresGraph.checkCycles(from: current)
        var sent: [String] = []
        var misses: [String] = []
        try await satisfyDependencies(of: current, sent: &sent, misses: &misses)
        var checked = try await sendAndCheck(current, adjustments: adjustments)
        // A 401 with dependencies answered earlier: what they gave (a token) has expired. They are
        // sent again, once, and so is the spec.
        if checked.response.statusCode == 401, sent.isEmpty,
            current.spec.requires.contains(where: { $0.policy != .never })
        {
            try await satisfyDependencies(of: current, sent: &sent, misses: &misses, renewing: true)
            if !sent.isEmpty { checked = try await sendAndCheck(current, adjustments: adjustments) }
        }
        checked.dependencies = sent
        // What a dependency failed to capture is said too, with its spec: the token it should have
        // given is why this spec may fail.
        checked.captureMisses = misses + checked.captureMisses
        lastResponse = checked.response
        return checked
    }

    /// Sends `entry` and applies its captures and expectations.
    private func sendAndCheck(
        _ entry: SpecEntry, adjustments: SendAdjustments
    ) async throws(ExplorerError) -> CheckedResponse {
        let response = try await sendEntry(entry, adjustments: adjustments)
        dataRow?.answered[entry.id] = response.statusCode
        var facts = ResponseFacts(response)
        let captured = Captures.extract(entry.spec.capture, from: &facts)
        if !entry.spec.capture.isEmpty || requiresGraph.isRequired(entry.id) {
            var store = loadedCaptures()
            store.record(
                captured.values, from: entry.id, status: response.statusCode, at: Date(), environment: activeEnvironment
            )
            try save(store)
        }
        var results: [ExpectationResult]
        do {
            let expectations = try workspace.expectations(for: entry, context: templateContext())
            results = Expectations.evaluate(
                expectations.filter { $0 != .openAPIContract }, on: &facts, root: workspace.root)
        } catch {
            results = [
                ExpectationResult(expected: "the checks' {{…}} render", actual: error.description, passed: false)
            ]
        }
        results += contractResults(entry, &facts)
        lastExpectations[entry.id] = results
        return CheckedResponse(
            response: response, expectations: results, captured: captured.values, captureMisses: captured.misses,
            dependencies: [])
    }

    /// Sends, depth first, the specs `entry` requires whose policy asks for it.
    /// With `renewing`, every direct dependency but a `never` one is sent, whatever its policy.
    func satisfyDependencies(
        of entry: SpecEntry, sent: inout [String], misses: inout [String], renewing: Bool = false
    ) async throws(ExplorerError) {
        for dependency in entry.spec.requires {
            let required = try requiresGraph.required(dependency, of: entry)
            if !renewing, dependency.policy != .always, let status = dataRow?.answered[required.id], status >= 400 {
                throw ExplorerError(
                    .request, "\(required.id), which \(entry.id) requires, answered \(status) for this row")
            }
            let needed =
                renewing ? dependency.policy != .never : needsSending(required, policy: dependency.policy)
            guard !sent.contains(required.id), needed else { continue }
            try await satisfyDependencies(of: required, sent: &sent, misses: &misses)
            let checked: CheckedResponse
            do {
                checked = try await sendAndCheck(required, adjustments: SendAdjustments())
            } catch {
                throw ExplorerError(
                    error.kind, "\(required.id), which \(entry.id) requires, failed: \(error.message)",
                    underlying: error.underlying)
            }
            sent.append(required.id)
            misses += checked.captureMisses.map { "\(required.id): \($0)" }
            guard checked.response.statusCode < 400 else {
                throw ExplorerError(
                    .request, "\(required.id), which \(entry.id) requires, answered \(checked.response.statusCode)")
            }
        }
    }

    /// Whether a dependency must be sent now under `policy`.
    private func needsSending(_ entry: SpecEntry, policy: SpecDependency.Policy) -> Bool {
        let answer = loadedCaptures().partition(activeEnvironment).answers[entry.id]
        // In a data run, what a dependency answered for another row (another user's login) does not count.
        if let dataRow, policy != .never, policy != .always { return dataRow.answered[entry.id] == nil }
        switch policy {
        case .never: return false
        case .always: return true
        case .whenMissing: return answer == nil
        case .whenExpired:
            guard let answer else { return true }
            let validity = entry.spec.validFor ?? workspace.handler.cacheTTL
            return Date().timeIntervalSince(answer.receivedAt) >= validity
        }
    }

    /// The `requires:` graph of the workspace, seen through this session's edits.
    var requiresGraph: RequiresGraph { RequiresGraph(workspace: workspace, edits: edits) }

    /// The capture store, read from `.tern/` the first time.
    func loadedCaptures() -> CaptureStore {
        if let captureStore { return captureStore }
        let store = CaptureStore.load(from: captureFolder)
        captureStore = store
        return store
    }

    private func save(_ store: CaptureStore) throws(ExplorerError) {
        captureStore = store
        do {
            try store.save(to: captureFolder)
        } catch {
            throw ExplorerError(.storage, "the captured values could not be saved: \(error)")
        }
    }

    private var captureFolder: URL { workspace.root.appendingPathComponent(".tern") }
}

/// A value captured from a response, with where and when.
package struct CapturedValue: Sendable, Equatable {
    /// The value.
    package var value: String
    /// The spec whose response it came from.
    package var spec: String
    /// When.
    package var capturedAt: Date
}
