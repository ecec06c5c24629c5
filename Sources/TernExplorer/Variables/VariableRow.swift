package import Foundation

/// A variable as `vars` shows it: its value and where it comes from.
package struct VariableRow: Sendable, Hashable {
    /// Where a value comes from, highest precedence first.
    package enum Source: Sendable, Hashable {
        /// `--var` or `set var`.
        case override
        /// Captured from a spec's response.
        case captured(spec: String, at: Date)
        /// The environment file.
        case environment(String)
    }

    package var name: String
    package var value: String
    package var source: Source
    /// Whether a value of higher precedence hides this one.
    package var shadowed: Bool

    /// "captured from auth/login 3m ago", "environment local", "--var".
    package func sourceText(now: Date) -> String {
        switch source {
        case .override: "set var / --var"
        case .captured(let spec, let date):
            "captured from \(spec) \(HumanUnits.short(max(0, now.timeIntervalSince(date)))) ago"
        case .environment(let name): "environment \(name)"
        }
    }
}
