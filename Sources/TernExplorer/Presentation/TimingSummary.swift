import Foundation
package import Tern

/// Where a live answer's time went, as the faces show it: one line for `-v`/`--include` and the REPL,
/// a small waterfall for the TUI. Phases that did not happen (or were not measured) are left out.
package enum TimingSummary {
    /// The phase names people read, in order.
    static let labels = [
        "dns": "dns", "connect": "connect", "tls": "tls", "send": "send", "firstByte": "first byte",
        "transfer": "transfer",
    ]

    /// `timing: connect 1.2 ms · first byte 3.4 ms · transfer 0.2 ms · total 5.0 ms (new connection)`.
    package static func line(_ phases: TransferPhases) -> String {
        let parts = steps(phases).map { "\($0.label) \(HumanUnits.duration($0.duration))" }
        let total = "total \(HumanUnits.duration(phases.total))"
        return "timing: " + (parts + [total]).joined(separator: " · ") + connectionNote(phases)
    }

    /// ` (new connection)`, ` (reused connection)` or nothing when the transport did not say.
    static func connectionNote(_ phases: TransferPhases) -> String {
        switch phases.reusedConnection {
        case true?: " (reused connection)"
        case false?: " (new connection)"
        case nil: ""
        }
    }

    /// The measured phases in order, with their labels.
    static func steps(_ phases: TransferPhases) -> [(label: String, duration: Duration)] {
        phases.named.compactMap { name, duration in
            guard let duration, let label = labels[name] else { return nil }
            return (label, duration)
        }
    }

    /// A title line and one line per phase, each with a bar placed where the phase fell in the attempt:
    ///
    ///     Timing (new connection)
    ///     connect    ███████                   1.2 ms
    ///     first byte        ██████████████     3.4 ms
    ///     transfer                        ██   0.2 ms
    ///     total      ██████████████████████    5.0 ms
    package static func waterfall(_ phases: TransferPhases, barWidth: Int = 24) -> [String] {
        let width = max(4, barWidth)
        let total = max(phases.total.seconds, 1e-9)
        var lines = ["Timing" + connectionNote(phases)]
        var elapsed = 0.0
        func row(_ label: String, start: Double, length: Double, duration: Duration) -> String {
            let from = min(width - 1, Int(saturating: (start / total * Double(width)).rounded(.down)))
            let cells = max(1, min(width - from, Int(saturating: (length / total * Double(width)).rounded())))
            let bar = String(repeating: " ", count: from) + String(repeating: "█", count: cells)
            let padded = bar + String(repeating: " ", count: width - bar.count)
            return label.padding(toLength: 11, withPad: " ", startingAt: 0) + padded + "  "
                + HumanUnits.duration(duration)
        }
        for step in steps(phases) {
            let seconds = step.duration.seconds
            lines.append(row(step.label, start: elapsed, length: seconds, duration: step.duration))
            elapsed += seconds
        }
        lines.append(row("total", start: 0, length: total, duration: phases.total))
        return lines
    }
}
