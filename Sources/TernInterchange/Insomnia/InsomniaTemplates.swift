import Foundation

/// Insomnia's Nunjucks templates in Tern's syntax: `{{ _.x }}` → `{{x}}`; tags (`{% response … %}`)
/// and filters (`{{ x | upper }}`) are kept as text with a warning naming the request.
enum InsomniaTemplates {
    /// `text` converted for `item`.
    static func convert(_ text: String, item: String, context: ImportContext) -> String {
        if let open = text.range(of: "{%") {
            let tail = text[open.lowerBound...]
            let end = tail.range(of: "%}")?.upperBound ?? tail.endIndex
            var tag = String(tail[..<end])
            if tag.count > 60 { tag = String(tag.prefix(57)) + "..." }
            context.warn("\(item): template tag '\(tag)' kept as text; Tern does not evaluate Insomnia tags")
        }
        return Templates.rewrite(text) { inner in
            if inner.contains("|") {
                context.warn("\(item): template filter '{{ \(inner) }}' kept as text")
                return nil
            }
            var name = inner
            if name.hasPrefix("_.") {
                name.removeFirst(2)
            } else if name.hasPrefix("_['"), name.hasSuffix("']"), name.count > 5 {
                name = String(name.dropFirst(3).dropLast(2))
            } else if name.hasPrefix("_[\""), name.hasSuffix("\"]"), name.count > 5 {
                name = String(name.dropFirst(3).dropLast(2))
            }
            return "{{\(name)}}"
        }
    }
}
