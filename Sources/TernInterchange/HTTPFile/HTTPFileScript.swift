import Foundation
import Tern
import TernWorkspace

/// The parts of a `.http` file's response handlers and assertions that say what a spec's `capture:` and
/// `expect:` say: `client.global.set("x", response.body.a)`, `client.assert(response.status === 200, …)`
/// (JetBrains, kulala), `?? status == 200` (httpyac). Anything else is not mapped: the importer keeps it
/// as a note and reports its line.
enum HTTPFileScript {
    /// What one line of a script means to a spec.
    enum Meaning: Equatable {
        /// A value the answer gives a variable.
        case capture(CaptureRule)
        /// A check of the answer.
        case expect(ResponseExpectation)
        /// Nothing to map: a blank line, a comment, the frame of a `client.test(…, function() {` block.
        case frame
    }

    /// The meaning of one statement of a `> {% … %}` handler, `nil` when it does something Tern does not do.
    static func handlerStatement(_ line: String) -> Meaning? {
        var text = line.trimmingCharacters(in: .whitespaces)
        if text.isEmpty || text.hasPrefix("//") { return .frame }
        while text.hasSuffix(";") { text = String(text.dropLast()).trimmingCharacters(in: .whitespaces) }
        if text == "});" || text == "})" || text == "}" { return .frame }
        if text.hasPrefix("client.test("), text.hasSuffix("function() {") || text.hasSuffix("() => {") {
            return .frame
        }
        if let arguments = call("client.global.set", in: text), arguments.count == 2,
            let name = stringLiteral(arguments[0]), !name.isEmpty, let source = captureSource(arguments[1])
        {
            return .capture(CaptureRule(name: name, source: source))
        }
        if let arguments = call("client.assert", in: text), (1...2).contains(arguments.count),
            let expectation = comparison(arguments[0])
        {
            return .expect(expectation)
        }
        return nil
    }

    /// The expectation an httpyac `?? …` line states, `nil` when it is not one Tern checks.
    static func assertion(_ line: String) -> ResponseExpectation? {
        let words = line.trimmingCharacters(in: .whitespaces).dropFirst(2).split(separator: " ").map(String.init)
        guard let subject = words.first else { return nil }
        let rest = words.dropFirst()
        switch subject {
        case "status":
            guard rest.count == 2, rest.first == "==", let code = Int(rest.last ?? ""), (100...599).contains(code)
            else { return nil }
            return .status(.exactly(code))
        case "header":
            guard rest.count >= 2, let name = rest.first else { return nil }
            return textCheck(Array(rest.dropFirst())).map { .header(name, $0) }
        case "body":
            return textCheck(Array(rest)).map { .body($0) }
        case "duration":
            guard rest.count == 2, rest.first == "<", let milliseconds = Double(rest.last ?? ""), milliseconds > 0
            else { return nil }
            return .durationUnder(milliseconds / 1000)
        case "js":
            guard rest.count >= 3, let path = jsonPath(rest.first ?? "", root: "response.parsedBody"),
                rest.dropFirst().first == "=="
            else { return nil }
            return .json(path, .equals(literal(rest.dropFirst(2).joined(separator: " "))))
        default:
            return nil
        }
    }

    // MARK: - Pieces

    /// `== text`, `includes text`, `exists`, as a check of a text.
    private static func textCheck(_ words: [String]) -> TextCheck? {
        guard let operation = words.first else { return nil }
        let value = words.dropFirst().joined(separator: " ")
        switch operation {
        case "==" where !value.isEmpty: return .equals(value)
        case "includes" where !value.isEmpty, "contains" where !value.isEmpty: return .contains(value)
        case "exists" where value.isEmpty: return .exists(true)
        case "isFalse" where value.isEmpty, "!exists" where value.isEmpty: return .exists(false)
        default: return nil
        }
    }

    /// `response.status === 200`, `response.body.a.b == "x"` as an expectation.
    private static func comparison(_ text: String) -> ResponseExpectation? {
        // `Number.isInteger(response.body.a)`, `response.headers.valueOf("X").includes("v")`.
        if let arguments = call("Number.isInteger", in: text), arguments.count == 1,
            let path = jsonPath(arguments[0], root: "response.body")
        {
            return .json(path, .type("integer"))
        }
        if text.hasSuffix(")"), let open = text.range(of: ").includes(") {
            let header = String(text[..<open.lowerBound]) + ")"
            let value = String(text[open.upperBound...].dropLast())
            guard case .header(let name)? = captureSource(header), let literal = stringLiteral(value) else {
                return nil
            }
            return .header(name, .contains(literal))
        }
        for operation in ["===", "=="] {
            guard let range = text.range(of: operation) else { continue }
            var left = text[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            let right = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
            if left == "response.status" {
                guard let code = Int(right), (100...599).contains(code) else { return nil }
                return .status(.exactly(code))
            }
            // `typeof response.body.a === "string"`.
            if left.hasPrefix("typeof ") {
                left = String(left.dropFirst("typeof ".count)).trimmingCharacters(in: .whitespaces)
                let types = ["string", "number", "boolean", "object"]
                guard let path = jsonPath(left, root: "response.body"), let type = stringLiteral(right),
                    types.contains(type)
                else { return nil }
                return .json(path, .type(type))
            }
            if case .header(let name)? = captureSource(left), let literal = stringLiteral(right) {
                return .header(name, .equals(literal))
            }
            guard let path = jsonPath(left, root: "response.body"), let value = JSONDocument.value(ofText: right)
            else { return nil }
            return .json(path, .equals(value))
        }
        return nil
    }

    /// `response.body.a.b`, `response.headers.valueOf("X")`, `response.status` as where a capture reads.
    private static func captureSource(_ text: String) -> CaptureRule.Source? {
        if text == "response.status" { return .status }
        if let arguments = call("response.headers.valueOf", in: text), arguments.count == 1,
            let name = stringLiteral(arguments[0]), !name.isEmpty
        {
            return .header(name)
        }
        return jsonPath(text, root: "response.body").map { .json($0) }
    }

    /// `root.a.b[0]` as `$.a.b[0]` (`root` alone as `$`), `nil` for anything else (a call, an expression).
    static func jsonPath(_ text: String, root: String) -> String? {
        guard text.hasPrefix(root) else { return nil }
        let rest = text.dropFirst(root.count)
        guard rest.isEmpty || rest.hasPrefix(".") || rest.hasPrefix("[") else { return nil }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._[]$-"))
        guard rest.unicodeScalars.allSatisfy({ allowed.contains($0) }), !rest.contains(".."),
            !rest.hasSuffix(".")
        else { return nil }
        return "$" + rest
    }

    /// The arguments of `name(…)` when `text` is exactly that call, split at top-level commas.
    private static func call(_ name: String, in text: String) -> [String]? {
        guard text.hasPrefix(name + "("), text.hasSuffix(")") else { return nil }
        let inner = text.dropFirst(name.count + 1).dropLast()
        var arguments: [String] = []
        var current = ""
        var depth = 0
        var quote: Character?
        var escaped = false
        for character in inner {
            if let open = quote {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == open {
                    quote = nil
                }
            } else if character == "\"" || character == "'" || character == "`" {
                quote = character
            } else if "([{".contains(character) {
                depth += 1
            } else if ")]}".contains(character) {
                depth -= 1
                if depth < 0 { return nil }
            } else if character == ",", depth == 0 {
                arguments.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
                continue
            }
            current.append(character)
        }
        guard quote == nil, depth == 0 else { return nil }
        let last = current.trimmingCharacters(in: .whitespaces)
        if !last.isEmpty { arguments.append(last) }
        return arguments
    }

    /// `"x"` or `'x'` without its quotes; `nil` when `text` is not one plain string literal.
    private static func stringLiteral(_ text: String) -> String? {
        guard text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first else {
            return nil
        }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains(first), !inner.contains("\\") else { return nil }
        return String(inner)
    }

    /// A value as httpyac compares it: JSON when it reads as JSON (`1`, `true`, `"x"`), else the text.
    private static func literal(_ text: String) -> JSONValue {
        JSONDocument.value(ofText: text) ?? .string(text)
    }
}
