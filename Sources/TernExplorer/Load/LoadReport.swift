import Foundation

/// A finished load run: what was asked and what was measured.
package struct LoadReport: Sendable, Equatable {
    /// The spec ids loaded, in the order their requests take turns.
    package var specs: [String]
    /// The arrivals asked for.
    package var arrivals: LoadOptions.Arrivals
    /// Seconds asked for.
    package var duration: Double
    /// Whether the run was stopped before its end (Ctrl-C, Esc).
    package var stoppedEarly: Bool
    /// The figures at the end.
    package var figures: LoadFigures
}
