import Foundation
import TernExplorer
import Synchronization
import Tern

/// One updating line on stderr for `-o`: a bar, bytes, rate and ETA; at most ~10 redraws a second.
final class ProgressBar: Sendable {
    private let lastDraw = Mutex<ContinuousClock.Instant?>(nil)

    func update(_ event: HandlerEvent) {
        switch event.kind {
        case .progress(let progress) where progress.direction == .download:
            let now = ContinuousClock.now
            let due = lastDraw.withLock { last -> Bool in
                if let last, now - last < .milliseconds(100), !progress.isFinished { return false }
                last = now
                return true
            }
            if due { draw(progress) }
        case .response, .failure:
            StandardStream.error.write("\r\u{1B}[K")
        default:
            break
        }
    }

    private func draw(_ progress: TransferProgress) {
        let width = 30
        let filled = min(width, max(0, Int(saturating: (progress.fraction ?? 0) * Double(width))))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let percent = progress.fraction.map { String(format: "%3d%%", Int(saturating: $0 * 100)) } ?? "   "
        let total = progress.total.map { " / " + HumanUnits.bytes($0) } ?? ""
        let rate = progress.bytesPerSecond.map { " · " + HumanUnits.bytes(Int64(saturating: $0)) + "/s" } ?? ""
        let eta = progress.estimatedSecondsRemaining.map { " · ETA " + HumanUnits.short($0) } ?? ""
        StandardStream.error.write("\r\u{1B}[K\(bar) \(percent) \(HumanUnits.bytes(progress.bytes))\(total)\(rate)\(eta)")
    }
}
