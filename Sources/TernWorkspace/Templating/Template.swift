import Foundation
import Tern

/// The `{{name}}` / `{{env:NAME}}` / `{{secret:NAME}}` syntax: finding references and substituting them in one pass.
///
/// Spaces inside the braces are ignored (`{{ userId }}`). `{{}}` and an unclosed `{{` are kept
/// as text. Substituted values are never scanned again. A reference may end in a type, `:number`,
/// `:boolean` or `:json` (`{{age:number}}`, `{{env:PORT:number}}`): its value must be one
/// (`TemplateType`), and a JSON value written as exactly that reference takes it as its JSON value.
enum Template {
    /// One `{{…}}` in a string.
    struct Reference: Hashable, Sendable {
        /// What a reference reads.
        enum Kind: Hashable, Sendable {
            /// `{{name}}`: an override, a captured value or the environment's.
            case variable
            /// `{{env:NAME}}`: the process environment.
            case processEnvironment
            /// `{{secret:NAME}}`: the process environment when it sets NAME, else the secret store.
            case secret
            /// `{{$uuid}}`, `{{$timestamp}}`, `{{$randomInt 1 10}}`...: a value made at send time
            /// (`TemplateFunctions`); `name` is what follows the `$`.
            case function
        }

        /// The variable name, or the process environment variable's or the secret's name.
        var name: String
        /// What it reads.
        var kind: Kind
        /// The type its value must have (`{{age:number}}`), if any.
        var type: TemplateType? = nil

        /// The reference as written between the braces, without spaces (`age:number`, `env:HOME`).
        var written: String {
            let base =
                switch kind {
                case .variable: name
                case .processEnvironment: "env:" + name
                case .secret: "secret:" + name
                case .function: "$" + name
                }
            return type.map { base + ":" + $0.rawValue } ?? base
        }

        /// Whether it is `{{name}}`, a workspace variable.
        var isVariable: Bool { kind == .variable }
    }

    /// Whether `text` may contain references (a cheap check before scanning).
    static func mayContainReferences(_ text: String) -> Bool {
        text.utf8.contains(UInt8(ascii: "{")) && text.contains("{{")
    }

    /// The references in `text`, in order.
    static func references(in text: String) -> [Reference] {
        var result: [Reference] = []
        guard mayContainReferences(text) else { return result }
        scan(text, literal: { _ in }, reference: { result.append($0) })
        return result
    }

    /// The reference when `text` is exactly one (spaces around it aside): the strings whose typed
    /// reference gives a JSON value its type.
    static func whole(_ text: String) -> Reference? {
        guard mayContainReferences(text) else { return nil }
        var literal = false
        var found: [Reference] = []
        scan(
            text, literal: { part in if !part.allSatisfy({ $0 == " " || $0 == "\t" }) { literal = true } },
            reference: { found.append($0) })
        return !literal && found.count == 1 ? found[0] : nil
    }

    /// `text` with every reference replaced by `resolve(reference)`.
    static func render(
        _ text: String, resolve: (Reference) throws(WorkspaceError) -> String
    ) throws(WorkspaceError) -> String {
        guard mayContainReferences(text) else { return text }
        var output = ""
        var failure: WorkspaceError?
        // `append(contentsOf:)` of a `Substring`, not `+=`: that is the generic append of any sequence of
        // characters, which asks the runtime what the sequence is (a scan of every protocol conformance at
        // the process's first template).
        scan(text, literal: { output.append(contentsOf: $0) }) { reference in
            guard failure == nil else { return }
            do throws(WorkspaceError) {
                output += try resolve(reference)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return output
    }

    /// Walks `text`, reporting literal runs and references in order. Each byte is looked at a bounded
    /// number of times (the searches walk UTF-8 from where the last one stopped), so the work is linear
    /// in the text's length however many references it holds.
    private static func scan(_ text: String, literal: (Substring) -> Void, reference: (Reference) -> Void) {
        var rest = text[...]
        while let first = rest.firstASCIIRange(of: "{{") {
            guard let close = rest[first.upperBound...].firstASCIIRange(of: "}}") else { break }
            // The innermost `{{` before the `}}`: in `{{ {{x}}` only `{{x}}` is a reference.
            let open = rest[first.lowerBound..<close.lowerBound].lastASCIIRange(of: "{{") ?? first
            let inner = rest[open.upperBound..<close.lowerBound].trimmingSpaces()
            guard let parsed = parse(inner) else {
                literal(rest[..<close.upperBound])
                rest = rest[close.upperBound...]
                continue
            }
            literal(rest[..<open.lowerBound])
            reference(parsed)
            rest = rest[close.upperBound...]
        }
        literal(rest)
    }

    private static func parse(_ whole: Substring) -> Reference? {
        guard !whole.isEmpty, !whole.contains("{") else { return nil }
        var inner = whole
        var type: TemplateType?
        if let colon = whole.lastIndex(of: ":"),
            let named = TemplateType(rawValue: String(whole[whole.index(after: colon)...].trimmingSpaces()))
        {
            inner = whole[..<colon].trimmingSpaces()
            type = named
            guard !inner.isEmpty else { return nil }
        }
        if inner.hasPrefix("$"), inner.count > 1 {
            return Reference(name: String(inner.dropFirst()), kind: .function, type: type)
        }
        for (prefix, kind) in [("env:", Reference.Kind.processEnvironment), ("secret:", .secret)]
        where inner.hasPrefix(prefix) {
            let name = inner.dropFirst(prefix.count).trimmingSpaces()
            return name.isEmpty ? nil : Reference(name: String(name), kind: kind, type: type)
        }
        return Reference(name: String(inner), kind: .variable, type: type)
    }
}

extension Substring {
    /// The substring without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[start...end]
    }
}
