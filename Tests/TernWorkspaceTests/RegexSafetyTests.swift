import Testing

@testable import TernWorkspace

@Suite("Regular expressions that could run for ever are refused")
struct RegexSafetyTests {
    @Test(
        "nested unbounded repetition, repeated alternation and backreferences are refused",
        arguments: [#"(a+)+b"#, #"(a|aa)*"#, #"(\w*,)+x"#, #"((ab)*c)+"#, #"(x+x+)+y"#, #"(a{1,})+"#, #"(.)\1"#])
    func refused(_ pattern: String) {
        #expect(RegexSafety.problem(in: pattern) != nil, "\(pattern)")
    }

    @Test(
        "ordinary patterns run",
        arguments: [
            #"code=(\w+)"#, #"^token-\d+$"#, #"(\d{3}-)+\d{4}"#, #"(ab)?c+"#, #"[(+*]+"#, #"\(a+\)+"#,
            #"(?:GET|POST) /users/(\d+)"#, #"json"#, #"a{2,2}(b)+"#,
        ])
    func allowed(_ pattern: String) {
        #expect(RegexSafety.problem(in: pattern) == nil, "\(pattern): \(RegexSafety.problem(in: pattern) ?? "")")
    }
}
