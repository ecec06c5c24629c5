import Foundation
import TernExplorer

extension Printer {
    /// After a response: every expectation that failed, or a line saying how many held.
    func expectations(_ checks: [ExpectationResult]) -> String {
        guard !checks.isEmpty else { return "" }
        let failures = checks.filter { !$0.passed }
        guard !failures.isEmpty else {
            return style.green("✓ \(checks.count) expectation\(checks.count == 1 ? "" : "s") held") + "\n"
        }
        return failures.map { style.red("✗ \($0.expected) — got \($0.actual)") }.joined(separator: "\n") + "\n"
    }

    /// `warning: …` lines: what a capture (of the spec or of a spec it required) could not read.
    func warnings(_ warnings: [String]) -> String {
        warnings.map { style.yellow("warning: ") + TerminalText.safe($0) + "\n" }.joined()
    }

    /// `run`: a line per spec (and its failures), then the summary.
    func run(_ summary: RunSummary) -> String {
        var lines: [String] = []
        let width = SpecRunResult.idWidth(summary.results)
        for result in summary.results {
            for line in result.lines(idWidth: width) {
                switch line.trimmingCharacters(in: .whitespaces).first {
                case "✓": lines.append(style.green(line))
                case "✗", "!": lines.append(style.red(line))
                default: lines.append(line)
                }
            }
        }
        lines.append(style.bold(summary.line))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `vars`: name, value and source, highest precedence first; hidden values dimmed.
    func variables(_ rows: [VariableRow]) -> String {
        guard !rows.isEmpty else { return "no variables: the environment defines none and nothing was captured\n" }
        let table = TextTable(
            header: ["NAME", "VALUE", "SOURCE"],
            rows: rows.map { row in
                let source = row.sourceText(now: now) + (row.shadowed ? " (hidden)" : "")
                return [row.name, String(row.value.prefix(60)), source]
            })
        return table.render(style)
    }
}
