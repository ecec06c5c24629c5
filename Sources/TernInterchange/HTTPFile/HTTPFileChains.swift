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
            // The indices go up: one already noted for this draft is the last.
            for rule in draft.capture where setters[rule.name]?.last != index {
                setters[rule.name, default: []].append(index)
            }
        }
        var names: [String: String] = [:]
        var taken = fileVariables.union(setters.keys)
        // The number to try next after each base name, so that many names on one base do not each count from 2.
        var nextNumber: [String: Int] = [:]
        var additions: [(index: Int, rule: CaptureRule)] = []
        for index in drafts.indices {
            var required: [Int] = []
            var unmapped: [String] = []
            drafts[index].rewriteStrings { text in
                Templates.rewrite(text) { inner in
                    if let from = setters[inner], !fileVariables.contains(inner),
                        let setter = lastBefore(index, in: from) ?? from.first(where: { $0 != index })
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
                        var number = nextNumber[base] ?? 2
                        while taken.contains(candidate) {
                            candidate = "\(base)_\(number)"
                            number += 1
                        }
                        if candidate != base { nextNumber[base] = number }
                        taken.insert(candidate)
                        names[key] = candidate
                        additions.append((source, CaptureRule(name: candidate, source: rule)))
                        name = candidate
                    }
                    required.append(source)
                    return "{{\(name)}}"
                }
            }
            // Each reference once, found by name in the lines that hold it (a scan of every line for each of
            // thousands of references was quadratic).
            var reported: Set<String> = []
            var noted = Set(drafts[index].notes)
            var lineOf: [String: (number: Int, text: String)]?
            for reference in unmapped where reported.insert(reference).inserted {
                if lineOf == nil {
                    var found: [String: (number: Int, text: String)] = [:]
                    for line in requests[index].templated {
                        for name in Templates.names(in: line.text) where found[name] == nil { found[name] = line }
                    }
                    lineOf = found
                }
                let line = lineOf?[reference] ?? requests[index].templated.first { $0.text.contains(reference) }
                let number = line.map { "line \($0.number)" } ?? drafts[index].name
                if let line, noted.insert(line.text).inserted { drafts[index].notes.append(line.text) }
                context.warn(
                    "\(number): {{\(reference)}} is not a value Tern captures from an answer (kept in the spec's "
                        + "notes); set it as a variable")
            }
            var requires = Set(drafts[index].requires)
            for source in required where source != index {
                let key = String(source)
                if requires.insert(key).inserted { drafts[index].requires.append(key) }
            }
        }
        // Each addition has a name of its own (none of the file's captures has it): a set of names per draft
        // tells the repeats apart without comparing each with every capture.
        var captured: [Int: Set<String>] = [:]
        for (index, rule) in additions {
            if captured[index] == nil { captured[index] = Set(drafts[index].capture.map(\.name)) }
            if captured[index]?.insert(rule.name).inserted == true { drafts[index].capture.append(rule) }
        }
        return drafts
    }

    /// The last of `sorted` (ascending) below `index`, found by halving: a file of thousands of requests
    /// reading one variable does not scan its setters for each.
    private static func lastBefore(_ index: Int, in sorted: [Int]) -> Int? {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? sorted[low - 1] : nil
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
