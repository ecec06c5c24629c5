import Foundation
import Tern
import TernWorkspace

/// The chains of a `.http` file in Tern's words. A request variable (`{{login.response.body.$.token}}`,
/// `{{login.response.headers.X-Token}}`, `{{login.response.cookies.sid.value}}`: REST Client, kulala,
/// the JetBrains client) becomes a capture on the named request (`login_token: $.token`), the reference
/// `{{login_token}}`, and a `requires:` of that request; a variable a handler sets (`client.global.set`)
/// makes the requests that read it require the one that sets it. What does not map (a request's own
/// values, XPath, a header's n-th value) is reported with its line and kept as a note.
enum HTTPFileChains {
    /// One request as the importer read it, with what chains need.
    struct Request {
        /// The request.
        var draft: RequestDraft
        /// The name `# @name` gives it, which `{{NAME.response.…}}` uses.
        var handle: String?
        /// The lines holding `{{…}}`, with their numbers.
        var templated: [(number: Int, text: String)]
    }

    /// The drafts of `requests`, chained: captures added, references rewritten, `requires` keyed.
    static func link(_ requests: [Request], fileVariables: Set<String>, context: ImportContext) -> [RequestDraft] {
        var drafts = requests.map(\.draft)
        var byHandle: [String: Int] = [:]
        for (index, request) in requests.enumerated() {
            drafts[index].key = String(index)
            if let handle = request.handle, byHandle[handle] == nil { byHandle[handle] = index }
        }
        var setters: [String: [Int]] = [:]
        for (index, draft) in drafts.enumerated() {
            for rule in draft.capture where !(setters[rule.name]?.contains(index) ?? false) {
                setters[rule.name, default: []].append(index)
            }
        }
        var names: [String: String] = [:]
        var taken = fileVariables.union(setters.keys)
        var additions: [(index: Int, rule: CaptureRule)] = []
        for index in drafts.indices {
            var required: [Int] = []
            var unmapped: [String] = []
            drafts[index].rewriteStrings { text in
                Templates.rewrite(text) { inner in
                    if let from = setters[inner], !fileVariables.contains(inner),
                        let setter = from.last(where: { $0 < index }) ?? from.first(where: { $0 != index })
                    {
                        required.append(setter)
                        return nil
                    }
                    guard let dot = inner.firstIndex(of: "."), let source = byHandle[String(inner[..<dot])] else {
                        if inner.contains(".response.") || inner.contains(".request.") { unmapped.append(inner) }
                        return nil
                    }
                    let handle = String(inner[..<dot])
                    guard let (leaf, rule) = captureSource(String(inner[inner.index(after: dot)...])) else {
                        unmapped.append(inner)
                        return nil
                    }
                    let key = "\(source)\u{0}\(rule)"
                    let name: String
                    if let known = names[key] {
                        name = known
                    } else {
                        let base = variableName(handle + "_" + leaf)
                        var candidate = base
                        var number = 2
                        while taken.contains(candidate) {
                            candidate = "\(base)_\(number)"
                            number += 1
                        }
                        taken.insert(candidate)
                        names[key] = candidate
                        additions.append((source, CaptureRule(name: candidate, source: rule)))
                        name = candidate
                    }
                    required.append(source)
                    return "{{\(name)}}"
                }
            }
            for reference in unmapped {
                let line = requests[index].templated.first { $0.text.contains(reference) }
                let number = line.map { "line \($0.number)" } ?? drafts[index].name
                if let line, !drafts[index].notes.contains(line.text) { drafts[index].notes.append(line.text) }
                context.warn(
                    "\(number): {{\(reference)}} is not a value Tern captures from an answer (kept in the spec's "
                        + "notes); set it as a variable")
            }
            for source in required where source != index {
                let key = String(source)
                if !drafts[index].requires.contains(key) { drafts[index].requires.append(key) }
            }
        }
        for (index, rule) in additions where !drafts[index].capture.contains(rule) {
            drafts[index].capture.append(rule)
        }
        return drafts
    }

    /// What `response.body.$.a.b` (and the others) reads from an answer, with a short name for it.
    private static func captureSource(_ path: String) -> (leaf: String, source: CaptureRule.Source)? {
        if path == "response.body.*" || path == "response.body" { return ("body", .regex(#"[\s\S]*"#, group: 0)) }
        if path.hasPrefix("response.body.") {
            var rest = String(path.dropFirst("response.body.".count))
            if rest.hasPrefix("$") { rest.removeFirst() } else { rest = "." + rest }
            guard let json = HTTPFileScript.jsonPath("response" + rest, root: "response") else { return nil }
            return (leaf(of: json) ?? "body", .json(json))
        }
        if path.hasPrefix("response.headers.") {
            var name = String(path.dropFirst("response.headers.".count))
            if name.hasPrefix("['"), name.hasSuffix("']") { name = String(name.dropFirst(2).dropLast(2)) }
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                return nil
            }
            return (name, .header(name))
        }
        if path.hasPrefix("response.cookies."), path.hasSuffix(".value") {
            let name = String(path.dropFirst("response.cookies.".count).dropLast(".value".count))
            guard !name.isEmpty, !name.contains(".") else { return nil }
            return (name, .cookie(name))
        }
        return nil
    }

    /// The last name in a JSONPath (`$.data.token` → `token`), `nil` when it ends in an index.
    private static func leaf(of path: String) -> String? {
        let last = path.split(separator: ".").last.map(String.init) ?? ""
        let name = last.prefix { $0 != "[" }
        return name.isEmpty || name == "$" ? nil : String(name)
    }

    /// `login_X-Token` as `login_X_Token`: letters, digits and `_`.
    private static func variableName(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }
}
