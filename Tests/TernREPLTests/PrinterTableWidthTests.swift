import Foundation
import Tern
import Testing

@testable import TernExplorer
@testable import TernREPL

/// `log` in a terminal: the table fits the terminal's width, so its header does not wrap.
@Suite("Printer table width")
struct PrinterTableWidthTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func entries(label: String) -> [RetryLogEntry] {
        [
            RetryLogEntry(
                requestID: RequestID(rawValue: 1), date: now, label: label, attempt: 1,
                outcome: .retried(cause: "status 503"), delayBeforeNext: .milliseconds(200)),
            RetryLogEntry(
                requestID: RequestID(rawValue: 1), date: now, label: label, attempt: 2, outcome: .status(200, .live)),
        ]
    }

    @Test("a long request label is cut with … and no line is wider than the terminal")
    func logFitsTheTerminal() {
        let label =
            "GET http://127.0.0.1:54321/flaky/demo?failures=2&retryAfter=1&key=" + String(repeating: "k", count: 60)
        var printer = Printer(style: .plain, now: now)
        printer.width = 80
        let lines = printer.render(.retryLog(entries(label: label))).split(separator: "\n")
        #expect(lines.count == 3)
        for line in lines { #expect(line.count <= 80, "\(line)") }
        #expect(lines[0].hasPrefix("TIME") && lines[0].hasSuffix("NEXT"))
        #expect(lines[1].contains("…"))
        #expect(lines[1].contains("retry in 200 ms"))
    }

    @Test("without a width (a pipe) or when it fits, nothing is cut")
    func nothingCutWhenItFits() {
        var printer = Printer(style: .plain, now: now)
        let long = "GET http://127.0.0.1:1/" + String(repeating: "x", count: 100)
        #expect(printer.render(.retryLog(entries(label: long))).contains(long))
        printer.width = 200
        let short = printer.render(.retryLog(entries(label: "reliability/flaky")))
        #expect(short.contains("reliability/flaky  ") && !short.contains("…"))
    }
}
