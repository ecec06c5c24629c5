import Testing

@testable import TernWorkspace

@Suite("Suggestions")
struct SuggestionsTests {
    @Test("prefixes rank first, then small edit distances; a swap of neighbours is one edit")
    func ranking() {
        #expect(Suggestions.closeMatches(to: "his", in: ["history", "help", "show"]) == ["history"])
        let specs = ["users/get-user", "get-user", "list-users"]
        #expect(Suggestions.closeMatches(to: "get-usr", in: specs).first == "get-user")
        #expect(Suggestions.editDistance("kitten", "sitting") == 3)
        #expect(Suggestions.editDistance("sned", "send") == 1)
        #expect(Suggestions.editDistance("mdoe", "mode") == 1)
        #expect(Suggestions.editDistance("", "abc") == 3)
        #expect([3, 4, 5, 9, 12].map(Suggestions.tolerance) == [1, 1, 2, 3, 4])
    }

    @Test(
        "commands, fields and environments get the same answers",
        arguments: [
            ("sned", ["send", "show", "set"], ["send"]),
            ("lst", ["ls", "log", "help"], ["ls"]),
            ("prd", ["local", "prod"], ["prod"]),
            ("comas", ["individual", "comma"], ["comma"]),
            ("zzzzzz", ["users/get-user", "orders/create-order"], []),
            ("", ["send"], []),
        ])
    func sameAnswers(word: String, candidates: [String], expected: [String]) {
        #expect(Suggestions.closeMatches(to: word, in: candidates) == expected)
    }

    @Test("the hint names the closest candidate, or says nothing")
    func hint() {
        #expect(Suggestions.hint(for: "locl", in: ["local", "prod"]) == " (did you mean 'local'?)")
        #expect(Suggestions.hint(for: "qqqq", in: ["local", "prod"]) == "")
        #expect(Suggestions.list(["a", "b", "c"]) == "'a', 'b' and 'c'")
        #expect(Suggestions.list([]) == "none")
    }
}
