import Foundation
import Tern

/// A spec's path as a pattern (`/users/{{userId}}`): whether a concrete path (`/users/1`) fits it,
/// and the variable values that make it fit (`userId` = `1`).
package struct PathTemplate {
    private let segments: [(regex: NSRegularExpression, names: [String?])]
    /// How many `{{…}}` the template holds (fewer: a more specific match).
    package let variableCount: Int

    /// The template of a spec's `path` (a full URL keeps only its path); `nil` when it cannot be read.
    package init?(_ path: String) {
        var text = path
        if let scheme = text.range(of: "://") {
            let rest = text[scheme.upperBound...]
            text = rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
        }
        if let query = text.firstIndex(of: "?") { text = String(text[..<query]) }
        var parsed: [(NSRegularExpression, [String?])] = []
        var count = 0
        for segment in text.split(separator: "/") {
            guard let compiled = Self.compile(String(segment)) else { return nil }
            parsed.append(compiled)
            count += compiled.1.count
        }
        segments = parsed
        variableCount = count
    }

    /// The variable values that make `path`'s last segments fit, or `nil` when it does not fit.
    /// The template may match the end of the path only (a base URL adds leading segments).
    package func match(_ path: String) -> [String: String]? {
        let parts = path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        guard parts.count >= segments.count else { return nil }
        var bindings: [String: String] = [:]
        for (segment, part) in zip(segments, parts.suffix(segments.count)) {
            let range = NSRange(part.startIndex..., in: part)
            guard let found = segment.regex.firstMatch(in: part, range: range) else { return nil }
            for (index, name) in segment.names.enumerated() {
                guard let name, let capture = Range(found.range(at: index + 1), in: part) else { continue }
                let value = String(part[capture])
                if let bound = bindings[name], bound != value { return nil }
                bindings[name] = value
            }
        }
        return bindings
    }

    /// A segment's regular expression: literal text escaped, each `{{…}}` a capture of one or more
    /// characters; plain `{{name}}` captures are named, `{{env:…}}` and the like are not bound.
    private static func compile(_ segment: String) -> (NSRegularExpression, [String?])? {
        var pattern = "^"
        var names: [String?] = []
        var rest = Substring(segment)
        while let open = rest.firstASCIIRange(of: "{{"), let close = rest[open.upperBound...].firstASCIIRange(of: "}}")
        {
            pattern += NSRegularExpression.escapedPattern(for: String(rest[..<open.lowerBound]))
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            pattern += "(.+?)"
            names.append(name.contains(":") || name.isEmpty ? nil : name)
            rest = rest[close.upperBound...]
        }
        pattern += NSRegularExpression.escapedPattern(for: String(rest)) + "$"
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        return (regex, names)
    }
}
