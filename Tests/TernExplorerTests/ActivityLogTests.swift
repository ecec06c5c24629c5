import Foundation
import Testing

@testable import Tern
@testable import TernExplorer

@Suite("Activity log")
struct ActivityLogTests {
    let date = Date(timeIntervalSince1970: 1_800_000_000)

    func event(_ id: UInt64, _ kind: HandlerEvent.Kind, label: String = "users/get-user") -> HandlerEvent {
        HandlerEvent(requestID: RequestID(rawValue: id), label: label, date: date, kind: kind)
    }

    @Test("attempts end with a typed outcome, matched by request id even when labels are the same")
    func retries() {
        let log = ActivityLog()
        log.record(event(1, .attempt(number: 1)))
        log.record(event(2, .attempt(number: 1)))
        log.record(event(1, .retry(attempt: 1, cause: .status(503), delay: .milliseconds(200))))
        log.record(event(1, .attempt(number: 2)))
        log.record(event(2, .failure(TernError(.timeout, "no answer in 5 s"))))
        log.record(event(1, .response(status: 200, source: .live, bytes: 2, duration: .milliseconds(3))))
        let entries = log.retryLog
        #expect(entries.map(\.requestID.rawValue) == [1, 2, 1])
        #expect(entries[0].outcome == .retried(cause: "status 503"))
        #expect(entries[0].delayBeforeNext == .milliseconds(200))
        #expect(entries[1].outcome == .failed(reason: "timed out: no answer in 5 s"))
        #expect(entries[2].outcome == .status(200, .live))
        #expect(entries.map(\.outcome.text) == ["status 503", "timed out: no answer in 5 s", "200 live"])
        #expect(entries.map(\.outcome.isTrouble) == [true, true, false])
    }

    @Test("transfers run until their send ends: done, failed or cancelled")
    func transfers() {
        let log = ActivityLog()
        let progress = TransferProgress(direction: .download, bytes: 10, total: 100)
        log.record(event(1, .progress(progress)))
        log.record(event(2, .progress(progress)))
        log.record(event(3, .progress(progress)))
        #expect(log.transfers.map(\.outcome) == [.running, .running, .running])
        log.record(event(1, .response(status: 200, source: .live, bytes: 100, duration: .milliseconds(3))))
        log.record(event(2, .failure(TernError(.connection, "reset"))))
        log.record(event(3, .failure(TernError(.cancelled, "stopped"))))
        #expect(log.transfers.map(\.outcome) == [.done, .failed(reason: "connection failed"), .cancelled])
        #expect(log.transfers.map(\.outcome.text) == ["done", "connection failed", "cancelled"])
    }
}
