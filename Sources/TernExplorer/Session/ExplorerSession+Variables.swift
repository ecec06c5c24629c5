import Foundation
import Tern
import TernJSONPath
import TernSQLite
import TernWorkspace

extension ExplorerSession {
    /// Every variable in force, highest precedence first: overrides, captured values, the
    /// environment's; a name hidden by a higher one is marked `shadowed`.
    package func variableRows() -> [VariableRow] {
        var rows: [VariableRow] = []
        var seen = Set<String>()
        func add(_ name: String, _ value: String, _ source: VariableRow.Source) {
            rows.append(VariableRow(name: name, value: value, source: source, shadowed: seen.contains(name)))
            seen.insert(name)
        }
        for name in variables.keys.sorted() { add(name, variables[name] ?? "", .override) }
        let captured = capturedValues()
        for name in captured.keys.sorted() {
            guard let value = captured[name] else { continue }
            add(name, value.value, .captured(spec: value.spec, at: value.capturedAt))
        }
        if let name = activeEnvironment, let environment = workspace.environments[name] {
            for variable in environment.variables { add(variable.name, variable.value, .environment(name)) }
        }
        let redactor = Redactor(secretValues: secrets().map(\.value) + capturedSecretValues())
        return rows.map { row in
            var row = row
            row.value = redactor.redact(row.value)
            return row
        }
    }

    /// `filter EXPR`: each node the JSONPath selects in the last response's JSON body, as compact JSON.
    /// The waterfall of the last response's phases; an error says why there is none.
    func lastTiming() throws(ExplorerError) -> [String] {
        guard let response = lastResponse else {
            throw ExplorerError(.usage, "there is no response yet: 'send' one first")
        }
        guard response.source == .live else {
            throw ExplorerError(
                .usage,
                "the last response came from the \(response.source.rawValue), not the network: nothing was timed")
        }
        guard let phases = response.phases else {
            throw ExplorerError(.usage, "the transport did not time the last response")
        }
        return TimingSummary.waterfall(phases)
    }

    func filterLastResponse(_ expression: String) throws(ExplorerError) -> [String] {
        let path: JSONPath
        do {
            path = try JSONPath(expression)
        } catch {
            throw ExplorerError(.usage, "'\(expression)' is not a JSONPath: \(error)")
        }
        guard let response = lastResponse else {
            throw ExplorerError(.usage, "there is no response yet: 'send' one first")
        }
        var facts = ResponseFacts(response)
        switch facts.json() {
        case .failure(let problem):
            throw ExplorerError(.usage, "the last response cannot be filtered: \(problem.message)")
        case .success(let document):
            do {
                return try path.select(in: document).map(\.value.jsonText)
            } catch {
                throw ExplorerError(.usage, "\(expression): \(error)")
            }
        }
    }

    /// `rerun N`: the spec of the Nth entry `history` lists, sent again.
    func rerun(_ number: Int) async throws(ExplorerError) -> CommandOutput {
        guard let history else { throw ExplorerError(.storage, "this session keeps no history") }
        let entries: [HistoryEntry]
        do {
            entries = try await history.history(limit: 100)
        } catch {
            throw ExplorerError(.storage, "the history could not be read: \(error)")
        }
        guard number >= 1, number <= entries.count else {
            throw ExplorerError(.usage, "history has \(entries.count) entries: 'rerun N' takes 1 to \(entries.count)")
        }
        guard let spec = entries[number - 1].spec else {
            throw ExplorerError(.usage, "entry \(number) was not sent from a spec, so it cannot be sent again")
        }
        let checked = try await sendChecked(spec)
        return .response(checked.response, checks: checked.expectations, warnings: checked.captureMisses)
    }
}
