import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

/// `.http` files whose shape made the importer's work grow with the square of their size: the time limit
/// only keeps a return of that from hanging the suite (the checks are on what was imported).
@Suite(".http files at scale", .timeLimit(.minutes(1)))
struct HTTPFileScaleTests {
    private func plan(_ text: String) throws -> (ImportedCollection, ImportPlan) {
        try planHTTPFile(text)
    }

    @Test("120,000 {{…}} in one body are rewritten in one pass")
    func manyPlaceholders() throws {
        let body = String(repeating: "{{a}}", count: 120_000)
        let (collection, _) = try plan("@a = 1\n\nPOST http://localhost/x\n\n\(body)\n")
        let spec = try #require(collection.specs.first).spec
        guard case .text(let text) = spec.body else {
            Issue.record("the body is \(String(describing: spec.body))")
            return
        }
        let same = text == body  // compared apart: a failure would print both
        #expect(same, "the body is \(text.count) characters")
    }

    @Test("10,000 requests of one name, each under comment lines, and 10,000 unmapped chain references")
    func manyRequestsAndReferences() throws {
        var text = ""
        for _ in 0..<10_000 { text += "# a comment\n// another\nGET http://localhost/\n\n" }
        let references = (0..<10_000).map { "{{x.response.nothing\($0)}}" }.joined()
        text += "###\n# @name x\nGET http://localhost/x\n\n###\nPOST http://localhost/y\n\n\(references)\n"
        let (collection, plan) = try plan(text)
        #expect(collection.specs.count == 10_002)
        let ids = Set(plan.items.map(\.id))
        #expect(ids.count == 10_002)
        #expect(collection.warnings.count { $0.contains(".response.nothing") } == 10_000)
    }
}
