import Testing

@testable import TernExplorer

@Suite("Completion")
struct CompletionTests {
    let vocabulary = CompletionVocabulary(
        specs: ["get-user", "list-users", "users/get-user", "users/list-users", "reliability/slow"],
        environments: ["local", "shared"],
        headers: CompletionVocabulary.commonHeaders + ["X-Request-Source"],
        variables: ["baseURL", "token", "userId"]
    )

    func candidates(_ line: String) -> [String] {
        Completion.complete(line, vocabulary: vocabulary).candidates
    }

    @Test("graphql: its verbs, then a kept schema's types or root fields, then targets")
    func graphQL() {
        var vocabulary = self.vocabulary
        vocabulary.targets = ["api", "shop"]
        vocabulary.graphQLTypes = ["Book", "BookInput", "Genre", "Query"]
        let complete = { (line: String) in Completion.complete(line, vocabulary: vocabulary).candidates }
        vocabulary.graphQLFields = ["addBook", "book", "books"]
        #expect(complete("graphql ") == ["new", "refresh", "schema"])
        #expect(complete("graphql new s") == ["shop"])
        #expect(complete("graphql new shop bo") == ["book", "books"])
        // Then the field's arguments, each ready for its value (no space after the `=`).
        vocabulary.graphQLArguments = ["books": ["first", "genre"]]
        #expect(complete("graphql new shop books ") == ["first=", "genre="])
        #expect(complete("graphql new shop books first=2 ") == ["genre="])
        #expect(Completion.complete("graphql new shop books g", vocabulary: vocabulary).suffix == "")
        #expect(complete("graphql schema Bo") == ["Book", "BookInput"])
        #expect(complete("graphql schema Book s") == ["shop"])
        #expect(complete("graphql refresh ") == ["api", "shop"])
    }

    @Test("the first word completes to commands")
    func commands() {
        #expect(candidates("se") == ["send", "set"])
        #expect(candidates("") == CommandRegistry.all.map(\.name).sorted())
        #expect(candidates("  hi") == ["history"])
        #expect(candidates("zzz").isEmpty)
    }

    @Test(
        "each command's argument completes from its own vocabulary",
        arguments: [
            ("use us", ["users/get-user", "users/list-users"]), ("send get", ["get-user"]),
            ("send ", ["get-user", "list-users", "reliability/slow", "users/get-user", "users/list-users"]),
            ("env l", ["local"]), ("mode ", ["cache", "live", "normal", "sample"]), ("mode s", ["sample"]),
            ("cache ", ["clear", "export", "import", "list", "promote", "show"]), ("help cu", ["curl"]),
            ("set ", ["header", "query", "var"]),
            ("unset v", ["var"]), ("set header content-t", ["Content-Type"]),
            ("set header X-R", ["X-Request-ID", "X-Request-Source"]),
            ("set var u", ["userId"]), ("unset var t", ["token"]), ("save ", ["as"]), ("body e", ["edit"]),
        ])
    func arguments(line: String, expected: [String]) {
        #expect(candidates(line) == expected)
    }

    @Test("nothing is offered where the language takes free text")
    func freeText() {
        #expect(candidates("set header Accept app").isEmpty)
        #expect(candidates("set query pa").isEmpty)
        #expect(candidates("use get-user ").isEmpty)
        #expect(candidates("ls ").isEmpty)
    }

    @Test("the word being typed and where it starts; quotes group words")
    func words() {
        let completions = Completion.complete("set header Acc", vocabulary: vocabulary)
        #expect(completions.word == "Acc")
        #expect(completions.wordStart == 11)
        #expect(completions.candidates.contains("Accept-Encoding"))
        #expect(completions.commonPrefix == "Accept")
        let afterSpace = Completion.complete("send ", vocabulary: vocabulary)
        #expect(afterSpace.word == "")
        #expect(afterSpace.wordStart == 5)
        #expect(
            Completion.complete(#"set header "X-Req"#, vocabulary: vocabulary).candidates == [
                "X-Request-ID", "X-Request-Source",
            ])
    }
}
