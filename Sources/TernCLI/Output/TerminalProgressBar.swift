import Foundation
import Synchronization
import Tern
import TernExplorer

/// One updating line on stderr for `-o`: a bar, bytes, rate and ETA; at most ~10 redraws a second.
final class TerminalProgressBar: Sendable {
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
        let line = ProgressLine(progress)
        let width = 30
        let filled = min(width, max(0, Int(saturating: (line.fraction ?? 0) * Double(width))))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let percent = line.percent == nil ? "   " : line.paddedPercent
        let rate = line.rate.map { " · " + $0 } ?? ""
        let eta = line.eta.map { " · ETA " + $0 } ?? ""
        StandardStream.error.write("\r\u{1B}[K\(bar) \(percent) \(line.amount())\(rate)\(eta)")
    }
}
