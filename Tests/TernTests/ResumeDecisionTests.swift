import Testing

@testable import Tern

@Suite("Resume decision")
struct ResumeDecisionTests {
    @Test(
        "a resumed download appends, restarts, is complete or fails",
        arguments: [
            // A 206 at the offset appends; the total comes from the range, else its last byte + 1.
            (100, 206, "bytes 100-999/1000", "900", .append(from: 100, total: 1000)),
            (100, 206, "bytes 100-999/*", "900", .append(from: 100, total: 1000)),
            (100, 206, "bytes 100-999/*", nil, .append(from: 100, total: 1000)),
            // A server ignoring Range answers 200: the file is rewritten, its total is the length.
            (100, 200, nil, "1000", .restart(total: 1000)),
            (100, 200, nil, nil, .restart(total: nil)),
            // Not a resume: whatever the status, the body replaces the file.
            (nil, 206, "bytes 100-999/1000", "900", .restart(total: 900)),
            (0, 200, nil, "1000", .restart(total: 1000)),
            // A slice that is not the continuation is neither appended nor taken for the whole.
            (100, 206, "bytes 50-999/1000", "950", .invalid("cannot resume at byte 100: the server sent bytes 50-999")),
            (100, 206, nil, "900", .invalid("cannot resume at byte 100: the 206 has no byte Content-Range")),
            (
                100, 206, "bytes 100-999/500", "900",
                .invalid("cannot resume at byte 100: Content-Range 'bytes 100-999/500' is inconsistent")
            ),
            // A 416 at the end of the resource: the file is already whole.
            (1000, 416, "bytes */1000", "0", .complete(total: 1000)),
            (100, 416, "bytes */1000", nil, .invalid("cannot resume at byte 100: the resource now has 1000 bytes")),
            (
                100, 416, nil, nil,
                .invalid("cannot resume at byte 100: the server refused the range without saying the size")
            ),
            // A negative or malformed length is no total.
            (nil, 200, nil, "-5", .restart(total: nil)),
            (nil, 200, nil, "lots", .restart(total: nil)),
        ] as [(Int64?, Int, String?, String?, ResumeDecision)])
    func decision(offset: Int64?, status: Int, range: String?, length: String?, expected: ResumeDecision) {
        let decision = ResumeDecision.decide(offset: offset, status: status, contentRange: range, contentLength: length)
        #expect(decision == expected)
    }

    @Test("kept bytes and total follow the decision")
    func keptBytes() {
        #expect(ResumeDecision.append(from: 100, total: 1000).keptBytes == 100)
        #expect(ResumeDecision.complete(total: 1000).keptBytes == 1000)
        #expect(ResumeDecision.restart(total: 7).keptBytes == 0)
        #expect(ResumeDecision.restart(total: 7).total == 7)
        #expect(ResumeDecision.invalid("x").total == nil)
    }

    @Test("a 416's Content-Range gives the size; anything else gives none")
    func unsatisfiedTotal() {
        #expect(ContentRange.unsatisfiedTotal("bytes */1000") == 1000)
        #expect(ContentRange.unsatisfiedTotal("bytes 0-9/1000") == nil)
        #expect(ContentRange.unsatisfiedTotal("bytes */-1") == nil)
    }
}
