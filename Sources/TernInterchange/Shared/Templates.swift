import Foundation
import Tern

/// `{{…}}` references in imported text: rewriting names (`{{ _.x }}` → `{{x}}`) and telling a
/// value that is only a reference (`{{token}}`) from a literal one.
enum Templates {
    /// Whether `text` is exactly one `{{…}}` reference.
    static func isReferenceOnly(_ text: String) -> Bool {
        guard text.hasPrefix("{{"), text.hasSuffix("}}"), text.count > 4 else { return false }
        let inner = text.dropFirst(2).dropLast(2)
        return !inner.contains("{") && !inner.contains("}")
    }

    /// `text` with each `{{inner}}` replaced by `replace(trimmed inner)`, or kept when it returns nil.
    static func rewrite(_ text: String, _ replace: (String) -> String?) -> String {
        guard text.contains("{{") else { return text }
        var output = ""
        var rest = text[...]
        while let open = rest.firstASCIIRange(of: "{{") {
            guard let close = rest[open.upperBound...].firstASCIIRange(of: "}}") else { break }
            output += rest[..<open.lowerBound]
            let whole = rest[open.lowerBound..<close.upperBound]
            let inner = String(rest[open.upperBound..<close.lowerBound]).trimmingCharacters(in: .whitespaces)
            output += replace(inner) ?? String(whole)
            rest = rest[close.upperBound...]
        }
        return output + rest
    }

    /// The names referenced in `text`, trimmed.
    static func names(in text: String) -> [String] {
        var names: [String] = []
        _ = rewrite(text) { name in
            names.append(name)
            return nil
        }
        return names
    }
}
