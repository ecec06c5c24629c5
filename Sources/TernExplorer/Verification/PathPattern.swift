import Foundation
import Tern

/// A JSON path naming fields a comparison ignores: `$.updatedAt`, `$.items[*].id`, `$..etag`,
/// `$['odd key']`, `$.list[0]`. The subset of JSONPath (RFC 9535) a path without filters needs:
/// names, indices, `*` (any one member or element) and `..` (any depth).
package struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path.
    package enum Segment: Sendable, Hashable {
        case name(String)
        case index(Int)
        case wildcard
        case descendants
    }

    /// The steps, after `$`.
    package let segments: [Segment]
    /// The pattern as written.
    package let description: String

    /// Parses `text`; `nil` when it is not a path of this subset (it must start with `$`).
    package init?(_ text: String) {
        var segments: [Segment] = []
        var rest = Substring(text.trimmingWhitespace())
        guard rest.first == "$" else { return nil }
        rest = rest.dropFirst()
        while !rest.isEmpty {
            if rest.hasPrefix("..") {
                segments.append(.descendants)
                rest = rest.dropFirst(2)
                if rest.first == "[" { continue }
                guard let name = Self.name(&rest) else { return nil }
                segments.append(name)
            } else if rest.first == "." {
                rest = rest.dropFirst()
                guard let name = Self.name(&rest) else { return nil }
                segments.append(name)
            } else if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]") else { return nil }
                let inner = rest[rest.index(after: rest.startIndex)..<close].trimmingWhitespace()
                rest = rest[rest.index(after: close)...]
                if inner == "*" {
                    segments.append(.wildcard)
                } else if let index = Int(inner), index >= 0 {
                    segments.append(.index(index))
                } else if inner.count >= 2, let quote = inner.first, quote == "'" || quote == "\"", inner.last == quote
                {
                    segments.append(.name(String(inner.dropFirst().dropLast())))
                } else {
                    return nil
                }
            } else {
                return nil
            }
        }
        self.segments = segments
        description = text
    }

    private static func name(_ rest: inout Substring) -> Segment? {
        let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
        let name = rest[..<end]
        rest = rest[end...]
        if name == "*" { return .wildcard }
        return name.isEmpty ? nil : .name(String(name))
    }

    /// Whether the concrete `path` (names and indices only) is one this pattern names.
    package func matches(_ path: [Segment]) -> Bool {
        Self.match(segments[...], path[...])
    }

    private static func match(_ pattern: ArraySlice<Segment>, _ path: ArraySlice<Segment>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == .descendants {
            var tail = path
            while true {
                if match(pattern.dropFirst(), tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
        guard let step = path.first else { return false }
        switch (first, step) {
        case (.wildcard, _): break
        case (.name(let a), .name(let b)) where a == b: break
        case (.index(let a), .index(let b)) where a == b: break
        default: return false
        }
        return match(pattern.dropFirst(), path.dropFirst())
    }
}
