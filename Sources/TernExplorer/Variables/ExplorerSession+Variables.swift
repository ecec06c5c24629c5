import Foundation
import Tern
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
}
