import Testing

@testable import TernJSONPath

@Suite("JSONPath parse errors")
struct ParserErrorTests {
    /// Parses `query`, expecting a failure; returns the error.
    private func parseError(_ query: String) throws -> JSONPathError {
        do {
            _ = try JSONPath(query)
        } catch let error as JSONPathError {
            return error
        }
        Issue.record("'\(query)' parsed but should not")
        return JSONPathError(kind: .syntax, message: "")
    }

    @Test(
        "syntax errors report the column where parsing stopped",
        arguments: [
            ("$. a", 2),
            ("$.a ", 3),
            ("$[1", 1),
            ("$[1 2]", 4),
            ("x", 0),
            ("$[-0]", 2),
            ("$[01]", 2),
            ("$[9007199254740992]", 2),
            ("$['a\\x']", 4),
            ("$['\\uD800']", 3),
            ("$[?@.a==]", 8),
            ("$[?@.a=1]", 6),
            ("$[?!!@.a]", 4),
            ("$[?foo(@.a)]", 3),
            ("$[?(@.a]", 7),
        ])
    func syntaxColumns(query: String, offset: Int) throws {
        let error = try parseError(query)
        #expect(error.kind == .syntax)
        #expect(error.offset == offset, "\(query): \(error)")
        #expect(error.column == offset + 1)
    }

    @Test(
        "type errors point at the offending operand",
        arguments: [
            ("$[?length(@.*)==1]", 10),
            ("$[?count(1)==1]", 9),
            ("$[?length(@.a)]", 3),
            ("$[?@.* == 1]", 3),
            ("$[?1 == @..a]", 8),
            ("$[?match(@.a)]", 3),
            ("$[?'a']", 3),
        ])
    func typeColumns(query: String, offset: Int) throws {
        let error = try parseError(query)
        #expect(error.kind == .type)
        #expect(error.offset == offset, "\(query): \(error)")
    }

    @Test("the description carries message and column")
    func description() throws {
        let error = try parseError("$. a")
        #expect(error.description == "expected a member name or '*' after '.' (at column 3)")
    }

    @Test("deep nesting is rejected instead of overflowing the stack")
    func deepNesting() throws {
        let parens = String(repeating: "(", count: 10_000) + "@.a" + String(repeating: ")", count: 10_000)
        #expect(try parseError("$[?\(parens)]").message.contains("nested deeper"))
        let filters = String(repeating: "[?@", count: 5_000) + String(repeating: "]", count: 5_000)
        #expect(try parseError("$\(filters)").message.contains("nested deeper"))
    }

    @Test("over-long queries are rejected")
    func longQuery() throws {
        let query = "$" + String(repeating: ".a", count: 40_000)
        #expect(try parseError(query).message.contains("longer than"))
    }

    @Test(
        "whitespace follows the ABNF",
        arguments: [
            ("$ .a", true), ("$[ 'a' , 0 ]", true), ("$[?@.a == 1 && @.b]", true), ("$[? @.a]", true),
            ("$ ", false), (" $", false), ("$.. a", false), ("$[?length (@.a) == 1]", false), ("$[?@.a=\n=1]", false),
        ])
    func whitespace(query: String, valid: Bool) {
        #expect((try? JSONPath(query)) != nil || !valid, "\(query) should parse")
        #expect((try? JSONPath(query)) == nil || valid, "\(query) should not parse")
    }

    @Test("bracket whitespace makes a query non-singular, as in the ABNF")
    func singularWhitespace() throws {
        _ = try JSONPath("$[?@['a']==1]")
        _ = try JSONPath("$[?@.a [0]==1]")
        #expect(try parseError("$[?@[ 'a' ]==1]").kind == .type)
    }
}
