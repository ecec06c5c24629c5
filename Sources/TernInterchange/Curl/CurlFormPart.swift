/// `-F name=content[;type=…][;filename=…]` as curl reads it.
enum CurlFormPart {
    private static let attributes = ["type=", "filename=", "headers=", "encoder="]

    /// The part `value` describes; `at` locates it in errors.
    static func parse(_ value: String, at: String) throws(ImportError) -> CurlInvocation.FormPart {
        guard let equals = value.firstIndex(of: "=") else {
            throw ImportError("-F '\(value.prefix(80))' needs the form name=content", at: at)
        }
        let name = String(value[..<equals])
        var rest = Substring(value[value.index(after: equals)...])
        var kind: Character?
        if let first = rest.first, first == "@" || first == "<" {
            kind = first
            rest = rest.dropFirst()
        }
        let (content, remainder) = firstSegment(rest)
        var part = CurlInvocation.FormPart(name: name, content: .value(content))
        switch kind {
        case "@": part.content = .file(content)
        case "<": part.content = .contents(content)
        default: break
        }
        var attributesText = remainder
        while !attributesText.isEmpty {
            let (segment, next) = firstSegment(attributesText)
            attributesText = next
            if segment.hasPrefix("type=") {
                part.contentType = String(segment.dropFirst(5))
            } else if segment.hasPrefix("filename=") {
                part.filename = String(segment.dropFirst(9))
            }
        }
        return part
    }

    /// The text up to a `;` that starts a known attribute (a quoted text ends at its closing quote),
    /// and what follows that `;`.
    private static func firstSegment(_ text: Substring) -> (String, Substring) {
        if text.first == "\"" {
            var out = ""
            var index = text.index(after: text.startIndex)
            while index < text.endIndex, text[index] != "\"" {
                if text[index] == "\\", text.index(after: index) < text.endIndex {
                    index = text.index(after: index)
                }
                out.append(text[index])
                index = text.index(after: index)
            }
            var rest = index < text.endIndex ? text[text.index(after: index)...] : text[text.endIndex...]
            if rest.first == ";" { rest = rest.dropFirst() }
            return (out, rest)
        }
        var index = text.startIndex
        while let semicolon = text[index...].firstIndex(of: ";") {
            let after = text[text.index(after: semicolon)...]
            if attributes.contains(where: { after.hasPrefix($0) }) {
                return (String(text[..<semicolon]), after)
            }
            index = text.index(after: semicolon)
        }
        return (String(text), text[text.endIndex...])
    }
}
