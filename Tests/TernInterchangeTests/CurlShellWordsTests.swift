import Testing

@testable import TernInterchange

@Suite("curl import shell words")
struct CurlShellWordsTests {
    private func words(_ text: String) throws -> [[String]] {
        try ShellWords.commands(in: text, source: "t.sh").map { $0.words.map(\.text) }
    }

    @Test("POSIX quotes, escapes and continuations give bash's words")
    func posixQuoting() throws {
        #expect(try words(#"curl 'a b' "c \"d\" \$e \\ \z" f\ g"#) == [["curl", "a b", #"c "d" $e \ \z"#, "f g"]])
        #expect(try words("curl \\\n  -H 'X: 1' \\\r\n  https://h") == [["curl", "-H", "X: 1", "https://h"]])
        #expect(try words("curl 'it'\\''s'") == [["curl", "it's"]])
        #expect(try words("curl \"a\\\nb\"") == [["curl", "ab"]])
    }

    @Test("$'…' decodes ANSI-C escapes")
    func ansiC() throws {
        #expect(try words(#"curl $'a\nb\t\x41\101\u00e9\'q\\'"#) == [["curl", "a\nb\tAAé'q\\"]])
    }

    @Test("Comments, separators, pipes and redirections split and drop as bash does")
    func separators() throws {
        let text = "# intro\ncurl a # trailing\ncurl b; curl c && curl d | jq . > out.json 2>&1\ncurl e < in.txt"
        #expect(
            try words(text) == [
                ["curl", "a"], ["curl", "b"], ["curl", "c"], ["curl", "d"], ["jq", "."],
                ["curl", "e"],
            ])
        #expect(try words("curl https://h/#frag") == [["curl", "https://h/#frag"]])
    }

    @Test("$NAME and ${NAME} become {{env:NAME}}; single quotes keep them")
    func variables() throws {
        let commands = try ShellWords.commands(in: #"curl -H "A: $TOKEN" ${HOST}/x '$KEEP'"#, source: "t")
        #expect(commands.first?.words.map(\.text) == ["curl", "-H", "A: {{env:TOKEN}}", "{{env:HOST}}/x", "$KEEP"])
        #expect(commands.first?.environmentNames == ["TOKEN", "HOST"])
    }

    @Test("Unterminated quotes and NUL bytes are errors with line and column")
    func errors() {
        #expect(throws: ImportError("this single quote is never closed", at: "t.sh:2:9")) {
            try ShellWords.commands(in: "curl a\ncurl -d 'oops", source: "t.sh")
        }
        #expect(throws: ImportError("this double quote is never closed", at: "t.sh:1:6")) {
            try ShellWords.commands(in: "curl \"x", source: "t.sh")
        }
        #expect(throws: ImportError("a NUL byte cannot be part of a command", at: "t.sh:1:7")) {
            try ShellWords.commands(in: "curl a\0b", source: "t.sh")
        }
    }

    @Test("Windows cmd: ^ escapes and continuations, then the C runtime's quoting")
    func windowsCmd() throws {
        let text = """
            curl.exe ^"https://h/p?a=1^&b=2^" ^
              -H ^"accept: */*^" ^
              --data-raw ^"^{^\\^"k^\\^":^\\^"v w^\\^"^}^"
            """
        #expect(WindowsCommandLine.looksLikeCmd(text))
        let commands = try WindowsCommandLine.commands(in: text, source: "t")
        #expect(
            commands.map { $0.words.map(\.text) } == [
                ["curl.exe", "https://h/p?a=1&b=2", "-H", "accept: */*", "--data-raw", #"{"k":"v w"}"#]
            ])
        let plain = try WindowsCommandLine.commands(in: "curl \"a b\" c\\d \"e\\\"f\"", source: "t")
        #expect(plain.first?.words.map(\.text) == ["curl", "a b", "c\\d", "e\"f"])
    }
}
