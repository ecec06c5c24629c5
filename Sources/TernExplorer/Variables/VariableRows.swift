import Foundation
import Tern
import TernWorkspace

extension VariableRow {
    /// Every variable in force in `context`, highest precedence first: overrides, captured values, the
    /// environment's; a name hidden by a higher one is marked `shadowed`. Secret values are masked.
    static func rows(in context: ExplorerContext) -> [VariableRow] {
        let variables = context.settings.variables
        var rows: [VariableRow] = []
        var seen = Set<String>()
        func add(_ name: String, _ value: String, _ source: VariableRow.Source) {
            rows.append(VariableRow(name: name, value: value, source: source, shadowed: seen.contains(name)))
            seen.insert(name)
        }
        for name in variables.keys.sorted() { add(name, variables[name] ?? "", .override) }
        let captured = context.captures.values(context.activeEnvironment)
        for name in captured.keys.sorted() {
            guard let value = captured[name] else { continue }
            add(name, value.value, .captured(spec: value.spec, at: value.capturedAt))
        }
        if let name = context.activeEnvironment, let environment = context.workspace.environments[name] {
            for variable in environment.variables { add(variable.name, variable.value, .environment(name)) }
        }
        let redactor = SecretBook.redactor(hiding: context.secretValues())
        return rows.map { row in
            var row = row
            row.value = redactor.redact(row.value)
            return row
        }
    }
}
