import Foundation

/// The `{{name}}` / `{{env:NAME}}` / `{{secret:NAME}}` syntax: finding references and substituting them in one pass.
///
/// Spaces inside the braces are ignored (`{{ userId }}`). `{{}}` and an unclosed `{{` are kept
/// as text. Substituted values are never scanned again.
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

    /// `text` with every reference replaced by `resolve(reference)`.
    static func render(
        _ text: String, resolve: (Reference) throws(WorkspaceError) -> String
    ) throws(WorkspaceError) -> String {
        guard mayContainReferences(text) else { return text }
        var output = ""
        var failure: WorkspaceError?
        scan(text, literal: { output += $0 }) { reference in
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

    /// Walks `text`, reporting literal runs and references in order.
    private static func scan(_ text: String, literal: (Substring) -> Void, reference: (Reference) -> Void) {
        var rest = text[...]
        while let first = rest.range(of: "{{") {
            guard let close = rest[first.upperBound...].range(of: "}}") else { break }
            // The innermost `{{` before the `}}`: in `{{ {{x}}` only `{{x}}` is a reference.
            let open = rest[first.lowerBound..<close.lowerBound].range(of: "{{", options: .backwards) ?? first
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

    private static func parse(_ inner: Substring) -> Reference? {
        guard !inner.isEmpty, !inner.contains("{") else { return nil }
        if inner.hasPrefix("$"), inner.count > 1 {
            return Reference(name: String(inner.dropFirst()), kind: .function)
        }
        for (prefix, kind) in [("env:", Reference.Kind.processEnvironment), ("secret:", .secret)]
        where inner.hasPrefix(prefix) {
            let name = inner.dropFirst(prefix.count).trimmingSpaces()
            return name.isEmpty ? nil : Reference(name: String(name), kind: kind)
        }
        return Reference(name: String(inner), kind: .variable)
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
