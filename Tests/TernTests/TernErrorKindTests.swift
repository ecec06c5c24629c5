import Foundation
import Testing

@testable import Tern

@Suite("TernError.Kind")
struct TernErrorKindTests {
    @Test("prints as its case name; summary is the words people see")
    func descriptionAndSummary() {
        #expect("\(TernError.Kind.unacceptableStatus)" == "unacceptableStatus")
        #expect(TernError.Kind.timeout.description == "timeout")
        #expect(TernError.Kind.invalidRequest.description == "invalidRequest")
        #expect(TernError.Kind.unacceptableStatus.summary == "unacceptable status")
        #expect(TernError.Kind.timeout.summary == "timed out")
        let error = TernError(.timeout, "no data for 30 s", requestLabel: "GET http://x/", attempt: 2)
        #expect(error.description == "timed out: no data for 30 s [GET http://x/] (attempt 2)")
    }

    @Test("every kind has a case name and a summary of its own")
    func distinct() {
        let kinds: [TernError.Kind] = [
            .invalidRequest, .connection, .timeout, .cancelled, .transport, .unacceptableStatus, .decoding,
            .cacheMiss, .noSample, .storage, .authentication, .unsupported, .tls,
        ]
        #expect(Set(kinds.map(\.description)).count == kinds.count)
        #expect(Set(kinds.map(\.summary)).count == kinds.count)
        #expect(kinds.allSatisfy { !$0.description.contains(" ") })
    }
}
