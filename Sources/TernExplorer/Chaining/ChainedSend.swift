import Foundation
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

/// Sends a spec the way its file says: the specs it requires first (by their policies, once, depth first, again
/// when a 401 says what they gave expired), then its captures taken and its expectations checked. The
/// chaining concept's one loop; `Sender` sends each request.
struct ChainedSend {
    /// The session as it was when the send began.
    let context: ExplorerContext

    /// A chained send in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// Sends what `entry` requires and has not got (as `send` would first); returns the ids sent, in order.
    func dependencies(of entry: SpecEntry) async throws(ExplorerError) -> [String] {
        try context.requiresGraph.checkCycles(from: entry)
        var sent: [String] = []
        var misses: [String] = []
        try await satisfyDependencies(of: entry, sent: &sent, misses: &misses)
        return sent
    }

    /// Sends the spec `name` (or the selected one) after the specs it requires (by their policies),
    /// then captures values from its response and evaluates its expectations.
    func sendChecked(
        _ name: String?, adjustments: SendAdjustments = SendAdjustments()
    ) async throws(ExplorerError) -> CheckedResponse {
        let current = try context.entry(name)
        try context.requiresGraph.checkCycles(from: current)
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
        context.captures.latest = checked.response
        return checked
    }

    /// Sends `entry` and applies its captures and expectations.
    private func sendAndCheck(
        _ entry: SpecEntry, adjustments: SendAdjustments
    ) async throws(ExplorerError) -> CheckedResponse {
        let response = try await Sender(context).send(entry, adjustments: adjustments)
        context.captures.answered(entry.id, status: response.statusCode)
        var facts = ResponseFacts(response)
        let captured = Captures.extract(entry.spec.capture, from: &facts)
        if !entry.spec.capture.isEmpty || context.requiresGraph.isRequired(entry.id) {
            try context.captures.record(
                captured.values, from: entry.id, status: response.statusCode, environment: context.activeEnvironment)
        }
        // What the checks say is printed (`send --fail`, run reports): the request's secrets are masked
        // in it, before a long value is shortened.
        let redactor = context.handler.redactor(for: response.request)
        var results: [ExpectationResult]
        do {
            var expectations = try context.workspace.expectations(for: entry, context: context.templateContext())
            // A gRPC call that did not end OK fails its spec unless the spec expects another status.
            if entry.spec.isGRPC, !expectations.contains(where: { if case .grpcStatus = $0 { true } else { false } }) {
                expectations.insert(.grpcStatus(0), at: 0)
            }
            results = Expectations.evaluate(
                expectations.filter { $0 != .openAPIContract }, on: &facts, root: context.workspace.root,
                redactor: redactor)
        } catch {
            results = [
                ExpectationResult(
                    expected: "the checks' {{…}} render", actual: redactor.redact(error.description), passed: false)
            ]
        }
        results += context.contracts.results(entry, &facts, in: context.workspace).map {
            ExpectationResult(
                expected: redactor.redact($0.expected), actual: redactor.redact($0.actual), passed: $0.passed)
        }
        return CheckedResponse(
            response: response, expectations: results, captured: captured.values, captureMisses: captured.misses,
            dependencies: [])
    }

    /// Sends, depth first, the specs `entry` requires whose policy asks for it.
    /// With `renewing`, every direct dependency but a `never` one is sent, whatever its policy.
    private func satisfyDependencies(
        of entry: SpecEntry, sent: inout [String], misses: inout [String], renewing: Bool = false
    ) async throws(ExplorerError) {
        for dependency in entry.spec.requires {
            let required = try context.requiresGraph.required(dependency, of: entry)
            if !renewing, dependency.policy != .always, let status = context.captures.pass?.answered[required.id],
                status >= 400
            {
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
        let answer = context.captures.store.partition(context.activeEnvironment).answers[entry.id]
        // In a data run, what a dependency answered for another row (another user's login) does not count.
        if let pass = context.captures.pass, policy != .never, policy != .always {
            return pass.answered[entry.id] == nil
        }
        switch policy {
        case .never: return false
        case .always: return true
        case .whenMissing: return answer == nil
        case .whenExpired:
            guard let answer else { return true }
            let validity = entry.spec.validFor ?? context.workspace.handler.cacheTTL
            return Date().timeIntervalSince(answer.receivedAt) >= validity
        }
    }
}
