import Foundation
import Testing

@testable import TernJSONPath

@Suite("JSONPath limits")
struct LimitTests {
    @Test("the decoder caps nesting depth with an error, not a crash")
    func decoderDepth() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        _ = try JSONPathValue(decoding: ok)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = try #require(throws: JSONPathError.self) { try JSONPathValue(decoding: tooDeep) }
        #expect(error.kind == .invalidJSON)
        #expect(error.offset == 512)
        let hostile = String(repeating: "{\"a\":", count: 200_000)
        #expect(throws: JSONPathError.self) { try JSONPathValue(decoding: hostile) }
    }

    @Test("the node budget stops a hostile descendant query")
    func nodeBudget() throws {
        let document = JSONPathValue.array((0..<2_000).map { .array([.int(Int64($0)), .string("x")]) })
        let path = try JSONPath("$..*")
        #expect(try path.select(in: document).count == 6_000)
        let limits = JSONPathLimits(maxVisitedNodes: 1_000)
        let error = try #require(throws: JSONPathError.self) { try path.select(in: document, limits: limits) }
        #expect(error.kind == .limitExceeded)
    }

    @Test("filters count against the node budget too")
    func filterBudget() throws {
        let document = JSONPathValue.array((0..<500).map { _ in .array((0..<500).map { .int(Int64($0)) }) })
        let path = try JSONPath("$[?@[?@ == 499]]")
        #expect(try path.select(in: document).count == 500)
        #expect(throws: JSONPathError.self) {
            try path.select(in: document, limits: JSONPathLimits(maxVisitedNodes: 10_000))
        }
    }

    @Test("a catastrophic-backtracking pattern finishes in linear time")
    func regexNoBacktracking() throws {
        let document = JSONPathValue.array([.string(String(repeating: "a", count: 20_000) + "!")])
        let matches = try JSONPath("$[?match(@, '(a*)*b')]").select(in: document)
        #expect(matches.isEmpty)
        let searches = try JSONPath("$[?search(@, '(a|aa)+!')]").select(in: document)
        #expect(searches.count == 1)
    }

    @Test("regex work and input length are bounded")
    func regexLimits() throws {
        let long = JSONPathValue.array([.string(String(repeating: "a", count: 1_000))])
        let path = try JSONPath("$[?search(@, 'a{100}b')]")
        let steps = try #require(throws: JSONPathError.self) {
            try path.select(in: long, limits: JSONPathLimits(maxRegexSteps: 5_000))
        }
        #expect(steps.kind == .limitExceeded)
        let length = try #require(throws: JSONPathError.self) {
            try path.select(in: long, limits: JSONPathLimits(maxRegexInputLength: 100))
        }
        #expect(length.kind == .limitExceeded)
    }

    @Test("over-large patterns are invalid regexes, so match() is false")
    func patternSize() throws {
        let document = JSONPathValue.array([.string("a")])
        let huge = String(repeating: "a", count: 1_001)
        #expect(try JSONPath("$[?match(@, '\(huge)')]").select(in: document).isEmpty)
        #expect(try JSONPath("$[?match(@, '((a{1000}){1000}){1000}')]").select(in: document).isEmpty)
        #expect(throws: JSONPathError.self) { try IRegexp("((a{1000}){1000}){1000}") }
    }

    @Test("nested bounds over a body with no instruction compile at once", .timeLimit(.minutes(1)))
    func emptyBodyRepetition() throws {
        // Found by FuzzJSONPath: the compiler copied the empty body 10^12 times (a timeout, not a limit).
        let document = JSONPathValue.array([.string("xy"), .string("xay"), .string("x")])
        for body in ["a{0}", "()", "(a{0})(){3}"] {
            let pattern = "x((((\(body)){1000}){1000}){1000}){1000}y"
            let path = try JSONPath("$[?match(@, '\(pattern)')]")
            #expect(try path.select(in: document).map(\.value) == [.string("xy")])
            _ = try IRegexp(pattern)
        }
    }

    @Test("encoding a very deep value does not overflow the stack")
    func deepEncoding() {
        var value = JSONPathValue.null
        for _ in 0..<20_000 { value = .array([value]) }
        let text = value.jsonText
        #expect(text.count == 40_004)
        #expect(text.hasPrefix("[[[") && text.contains("[null]") && text.hasSuffix("]]]"))
    }
}
