import Foundation
import Testing

@testable import TernExplorer

/// The formatter's validator accepts exactly what JSONSerialization accepts on these documents.
@Suite struct JSONValidatorTests {
    @Test(arguments: [
        #"{}"#, #"[]"#, #"{"a":1}"#, #"[1,2.5,-3e+4,0,-0.1E-2]"#, #"{"a":{"b":[true,false,null,"x\"y\\z\/\u00e9"]}}"#,
        #"  [ { } , [ ] ]  "#, #""text""#, #"[[[[[[[[[[1]]]]]]]]]]"#, "{\"emoji\":\"🙂\"}",
    ])
    func acceptsJSON(text: String) {
        #expect(JSONValidator.isValid(Data(text.utf8)))
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil)
    }

    @Test(arguments: [
        "", "{", "[1,]", #"{"a" 1}"#, #"{"a":1,}"#, "[01]", "[1.]", "[.5]", "[+1]", "[tru]", "[nul]", #"["a\x"]"#,
        #"["\u12G4"]"#, "[1] 2", #"{"a":1}}"#, "[\"line\nbreak\"]", "{1:2}", "[1 2]", "[-]", "[1e]",
    ])
    func rejectsInvalidJSON(text: String) {
        #expect(!JSONValidator.isValid(Data(text.utf8)))
        #expect(JSONFormatter.prettyPrinted(Data(text.utf8)) == nil || text.isEmpty)
    }

    @Test func deepNestingDoesNotOverflowTheStack() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(JSONValidator.isValid(Data(deep.utf8)))
        #expect(!JSONValidator.isValid(Data((deep + "]").utf8)))
    }

    @Test func prettyPrintingKeepsKeyOrderAndNumbers() {
        let pretty = JSONFormatter.prettyPrinted(Data(#"{"z":1.50,"a":[],"m":{"k":"v"}}"#.utf8))
        #expect(pretty == "{\n  \"z\": 1.50,\n  \"a\": [],\n  \"m\": {\n    \"k\": \"v\"\n  }\n}")
    }
}
