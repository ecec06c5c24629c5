import Foundation
import HTTPTypes
import Testing

@testable import Tern

@Suite("TransferLimits, AttemptWatchdog and total duration conversions")
struct TransferLimitsTests {
    @Test("the head size counts the request line, every field and the blank line")
    func headSize() throws {
        var request = Request(url: try #require(URL(string: "http://h/p")))
        request.headers[HTTPField.Name("X-A")!] = "12345"
        // "GET http://h/p HTTP/1.1\r\n" is 3 + 10 + 13, "X-A: 12345\r\n" is 3 + 5 + 4, then "\r\n".
        #expect(TransferLimits.headSize(of: request) == 26 + 12 + 2)
        let limits = TransferLimits(maximumRequestHeadBytes: 39)
        #expect(throws: TernError.self) { try limits.checkHead(of: request) }
        try TransferLimits(maximumRequestHeadBytes: 40).checkHead(of: request)
    }

    @Test("body limits name the setting to raise and the way around")
    func bodyLimits() throws {
        let limits = TransferLimits(maximumBodyBytes: 10, maximumDownloadBytes: 20)
        try limits.checkBody(10, download: false, label: "GET /")
        try limits.checkBody(20, download: true, label: "GET /")
        let memory = #expect(throws: TernError.self) { try limits.checkBody(11, download: false, label: "GET /") }
        #expect(memory?.kind == .unsupported && memory?.message.contains("handler.maxBodyBytes") == true)
        let file = #expect(throws: TernError.self) { try limits.checkBody(21, download: true, label: "GET /") }
        #expect(file?.message.contains("handler.maxDownloadBytes") == true)
        #expect(TransferLimits().maximumBodyBytes == 100_000_000)
        #expect(TransferLimits().maximumDownloadBytes == 10_737_418_240)
        #expect(TransferLimits().readTimeout == .seconds(30))
        #expect(TransferLimits().maximumRequestHeadBytes == 61_440)
    }

    @Test("huge, negative and non-finite seconds convert without trapping")
    func totalConversions() {
        #expect(Duration.fromSeconds(1e300) == .seconds(Int64.max))
        #expect(Duration.fromSeconds(.infinity) == .seconds(Int64.max))
        #expect(Duration.fromSeconds(.nan) == .zero)
        #expect(Duration.fromSeconds(-5) == .zero)
        #expect(Duration.fromSeconds(1e12) == .seconds(1_000_000_000_000))
        #expect(Duration.fromSeconds(0.25) == .milliseconds(250))
        #expect(Duration.seconds(Int64.max).saturatingNanoseconds == Int64.max)
        #expect(Duration.seconds(2).saturatingNanoseconds == 2_000_000_000)
        #expect(Duration.seconds(-1).saturatingNanoseconds == 0)
    }

    @Test("the watchdog names the limit that passed, and is quiet when cancelled")
    func watchdog() async throws {
        let idle = AttemptWatchdog(timeout: .seconds(3600), readTimeout: .milliseconds(50), label: "GET /")
        let quiet = await idle.expiry()
        #expect(
            quiet?.kind == .timeout
                && quiet?.message.hasPrefix("the server sent nothing for 50 ms (read timeout)") == true)
        let total = AttemptWatchdog(timeout: .milliseconds(50), readTimeout: nil, label: "GET /")
        #expect(await total.expiry()?.message.hasPrefix("the server did not answer within 50 ms (timeout)") == true)
        let huge = AttemptWatchdog(timeout: .seconds(Int64.max), readTimeout: .seconds(Int64.max), label: "GET /")
        let waiting = Task { await huge.expiry() }
        waiting.cancel()
        #expect(await waiting.value == nil)
        #expect(AttemptWatchdog.describe(.seconds(2)) == "2 s")
        #expect(AttemptWatchdog.describe(.milliseconds(1500)) == "1.5 s")
    }

    @Test("a lifted deadline no longer ends the attempt; the read timeout still does")
    func liftedDeadline() async throws {
        let lifted = AttemptWatchdog(timeout: .milliseconds(20), readTimeout: nil, label: "GET /sse")
        lifted.liftDeadline()
        let value = try await lifted.run {
            try await Task.sleep(for: .milliseconds(200))
            return 7
        }
        #expect(value == 7)
        let quiet = AttemptWatchdog(timeout: .milliseconds(20), readTimeout: .milliseconds(60), label: "GET /sse")
        quiet.liftDeadline()
        #expect(await quiet.expiry()?.message.hasPrefix("the server sent nothing for 60 ms (read timeout)") == true)
    }
}
