import Foundation
import Testing

@testable import Tern
@testable import TernExplorer

@Suite("Progress line")
struct ProgressLineTests {
    @Test("a download with total and rate: every part, and the one-line form")
    func full() {
        let progress = TransferProgress(
            direction: .download, bytes: 12_400_000, total: 50_000_000, bytesPerSecond: 10_000_000)
        let line = ProgressLine(progress)
        #expect(line.arrow == "↓")
        #expect(line.amount() == "12.4 MB / 50.0 MB")
        #expect(line.amount(separator: "/") == "12.4 MB/50.0 MB")
        #expect(line.percent == "24%")
        #expect(line.paddedPercent == " 24%")
        #expect(line.rate == "10.0 MB/s")
        #expect(line.eta == "4s", "3.76 s left rounds up")
        #expect(line.text == "↓ 12.4 MB / 50.0 MB  24% · 10.0 MB/s · ETA 4s")
    }

    @Test("an upload of unknown size has no percent, rate or ETA")
    func unknown() {
        let line = ProgressLine(TransferProgress(direction: .upload, bytes: 229, total: nil))
        #expect(line.text == "↑ 229 B")
        #expect(line.fraction == nil && line.percent == nil && line.rate == nil && line.eta == nil)
        #expect(line.paddedPercent == "    ")
    }

    @Test("a zero rate is no rate; a finished transfer is 100%; percent never rounds up to 100")
    func edges() {
        let stalled = TransferProgress(direction: .download, bytes: 1, total: 10, bytesPerSecond: 0)
        #expect(ProgressLine(stalled).rate == nil)
        #expect(ProgressLine(TransferProgress(direction: .download, bytes: 999, total: 1000)).percent == "99%")
        let done = ProgressLine(TransferProgress(direction: .download, bytes: 5, total: nil), completed: true)
        #expect(done.fraction == 1)
        #expect(done.percent == "100%")
        let over = ProgressLine(TransferProgress(direction: .download, bytes: 20, total: 10, bytesPerSecond: 5))
        #expect(over.percent == "100%")
        #expect(over.eta == "0s")
    }
}
