import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern

/// Both transports follow `ResumeDecision` against the mock's `Range` handling.
@Suite("Transport conformance: resuming a download")
struct ResumeConformanceTests {
    /// One resume: the file holds `held` bytes, the request asks for `range` of a `size`-byte resource.
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var held: Int
        var size: Int
        var range: String
        var ignoresRange = false
        /// The file's length afterwards when the transport answers, `nil` when it must fail.
        var expected: Int?

        var description: String { name }
    }

    static let cases = [
        Case(
            name: "a 206 at the offset appends", held: 250_000, size: 600_000, range: "bytes=250000-",
            expected: 600_000),
        Case(
            name: "a 200 restarts from zero", held: 250_000, size: 600_000, range: "bytes=250000-", ignoresRange: true,
            expected: 600_000),
        Case(
            name: "a 416 at the end finds the file complete", held: 600_000, size: 600_000, range: "bytes=600000-",
            expected: 600_000),
        Case(
            name: "a 416 before the offset fails", held: 250_000, size: 100_000, range: "bytes=250000-",
            expected: nil),
        Case(name: "a 206 elsewhere fails", held: 250_000, size: 600_000, range: "bytes=100-", expected: nil),
    ]

    @Test("resume cases", arguments: TransportKind.allCases, cases)
    func resume(kind: TransportKind, resume: Case) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                let file = temporaryFile("resume-case")
                defer { try? FileManager.default.removeItem(at: file) }
                let held = MockServer.expectedBytes(count: resume.held)
                try held.write(to: file)
                let url = server.baseURL.appendingPathComponent("bytes/\(resume.size)")
                var request = Request(url: url, transaction: .download)
                if resume.ignoresRange { request.appendQuery(["noRange": 1]) }
                request.downloadDestination = file
                request.headers[.range] = resume.range
                let context = TransportContext(resumeOffset: Int64(resume.held))
                guard let expected = resume.expected else {
                    let error = await #expect(throws: TernError.self) {
                        try await transport.perform(request, context: context)
                    }
                    #expect(error?.kind == .transport)
                    #expect(error?.message.hasPrefix("cannot resume at byte \(resume.held)") == true)
                    #expect(try Data(contentsOf: file) == held, "a refused resume leaves the file as it was")
                    return
                }
                let reply = try await transport.perform(request, context: context)
                #expect(reply.status.code == 200)
                #expect(reply.headers[.contentLength] == "\(expected)")
                #expect(reply.headers[.contentRange] == nil)
                #expect(try Data(contentsOf: file) == MockServer.expectedBytes(count: expected))
            }
        }
    }
}
