import Foundation
package import Tern

/// The text parts of a transfer's progress, computed once for the CLI's bar, the REPL's live line and
/// table, and the TUI's transfers pane; each face only lays the parts out and colours them.
package struct ProgressLine: Sendable, Hashable {
    /// `↓` for a download, `↑` for an upload.
    package var arrow: String
    /// The bytes moved so far, `12.4 MB`.
    package var done: String
    /// The expected total, `50.0 MB`, when known.
    package var total: String?
    /// The fraction done, 0...1: the progress's own, or 1 for a transfer that finished well.
    package var fraction: Double?
    /// The fraction as a whole percentage, `24%` (truncated, so 100% only when complete).
    package var percent: String?
    /// The rate, `10.0 MB/s`, when known and above zero.
    package var rate: String?
    /// The time left at the current rate (the core's estimate, rounded up), `4s`, when known.
    package var eta: String?

    /// The parts of `progress`; `completed` marks a transfer known to have finished well.
    package init(_ progress: TransferProgress, completed: Bool = false) {
        arrow = progress.direction == .download ? "↓" : "↑"
        done = HumanUnits.bytes(progress.bytes)
        total = progress.total.map(HumanUnits.bytes)
        fraction = progress.fraction ?? (completed ? 1 : nil)
        percent = fraction.map { "\(Int(saturating: ($0 * 100).rounded(.down)))%" }
        rate = progress.bytesPerSecond.flatMap { $0 > 0 ? HumanUnits.bytes(Int64(saturating: $0)) + "/s" : nil }
        eta = progress.estimatedSecondsRemaining.map { HumanUnits.short($0.rounded(.up)) }
    }

    /// `12.4 MB / 50.0 MB`, or `12.4 MB` when the total is unknown; `separator` goes between the two.
    package func amount(separator: String = " / ") -> String {
        total.map { done + separator + $0 } ?? done
    }

    /// The percentage right-aligned in four columns (` 24%`), or four spaces.
    package var paddedPercent: String {
        let text = percent ?? ""
        return String(repeating: " ", count: max(0, 4 - text.count)) + text
    }

    /// `↓ 12.4 MB / 50.0 MB  24% · 10.0 MB/s · ETA 4s`: the one-line form of the REPL and the CLI.
    package var text: String {
        var line = "\(arrow) \(amount())"
        if percent != nil { line += " " + paddedPercent }
        if let rate { line += " · " + rate }
        if let eta { line += " · ETA " + eta }
        return line
    }
}
