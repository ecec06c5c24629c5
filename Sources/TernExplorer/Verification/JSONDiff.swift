import Foundation
package import Tern

/// A structural comparison of two JSON documents: fields added, removed or changed and types that
/// changed, keyed by their path (`$.items[0].name`); object key order never matters.
package enum JSONDiff {
    /// One difference between the stored (`old`) and the live (`new`) document.
    package struct Change: Sendable, Hashable {
        /// What kind of difference.
        package enum Kind: String, Sendable, Hashable {
            case added
            case removed
            case changed
            case typeChanged = "type changed"
        }

        package var kind: Kind
        /// Where, as a normalized path (`$['a b'].c[2]` style, `$.name` where a name is plain).
        package var path: String
        /// The stored value, shortened (`nil` when added).
        package var old: String?
        /// The live value, shortened (`nil` when removed).
        package var new: String?

        /// The change as a report line (`verify`, `diff`): `  + $.a: 1`, `  - …`, `  ~ $.a: 1 → 2`, `  ! …`.
        package var line: String {
            switch kind {
            case .added: "  + \(path): \(new ?? "")"
            case .removed: "  - \(path): \(old ?? "")"
            case .changed: "  ~ \(path): \(old ?? "") → \(new ?? "")"
            case .typeChanged: "  ! \(path): \(old ?? "") → \(new ?? "")"
            }
        }
    }

    /// The changes from `old` to `new`, outside the paths `ignoring` matches (see `PathPattern`).
    package static func changes(from old: JSONValue, to new: JSONValue, ignoring patterns: [PathPattern] = [])
        -> [Change]
    {
        var changes: [Change] = []
        compare(old, new, path: [], patterns: patterns, into: &changes)
        return changes
    }

    private static func compare(
        _ old: JSONValue, _ new: JSONValue, path: [PathPattern.Segment], patterns: [PathPattern],
        into changes: inout [Change]
    ) {
        if patterns.contains(where: { $0.matches(path) }) { return }
        switch (old, new) {
        case (.object(let a), .object(let b)):
            for key in Set(a.keys).union(b.keys).sorted() {
                let child = path + [.name(key)]
                switch (a[key], b[key]) {
                case (let x?, let y?): compare(x, y, path: child, patterns: patterns, into: &changes)
                case (let x?, nil) where !ignored(child, patterns):
                    changes.append(Change(kind: .removed, path: text(child), old: short(x)))
                case (nil, let y?) where !ignored(child, patterns):
                    changes.append(Change(kind: .added, path: text(child), new: short(y)))
                default: break
                }
            }
        case (.array(let a), .array(let b)):
            for index in 0..<max(a.count, b.count) {
                let child = path + [.index(index)]
                if index >= a.count {
                    if !ignored(child, patterns) {
                        changes.append(Change(kind: .added, path: text(child), new: short(b[index])))
                    }
                } else if index >= b.count {
                    if !ignored(child, patterns) {
                        changes.append(Change(kind: .removed, path: text(child), old: short(a[index])))
                    }
                } else {
                    compare(a[index], b[index], path: child, patterns: patterns, into: &changes)
                }
            }
        default:
            if typeName(old) != typeName(new), !(isNumber(old) && isNumber(new)) {
                changes.append(
                    Change(
                        kind: .typeChanged, path: text(path), old: "\(typeName(old)) \(short(old))",
                        new: "\(typeName(new)) \(short(new))"))
            } else if !same(old, new) {
                changes.append(Change(kind: .changed, path: text(path), old: short(old), new: short(new)))
            }
        }
    }

    private static func ignored(_ path: [PathPattern.Segment], _ patterns: [PathPattern]) -> Bool {
        patterns.contains { $0.matches(path) }
    }

    private static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)): Double(x) == y
        default: a == b
        }
    }

    private static func isNumber(_ value: JSONValue) -> Bool {
        switch value {
        case .int, .double: true
        default: false
        }
    }

    static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .int, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// A value in one line, at most 60 characters.
    static func short(_ value: JSONValue) -> String {
        let text: String
        switch value {
        case .null: text = "null"
        case .string(let string): text = "\"\(string)\""
        case .array(let items): text = "[\(items.count) items]"
        case .object(let fields): text = "{\(fields.count) fields}"
        default: text = value.scalarText ?? ""
        }
        return text.count > 60 ? String(text.prefix(59)) + "…" : text
    }

    /// `$.a.b[2]`, with bracket notation for names that are not plain identifiers.
    static func text(_ path: [PathPattern.Segment]) -> String {
        var result = "$"
        for segment in path {
            switch segment {
            case .name(let name):
                let plain =
                    !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
                    && !(name.first?.isNumber ?? true)
                result += plain ? ".\(name)" : "['\(name.replacingOccurrences(of: "'", with: "\\'"))']"
            case .index(let index): result += "[\(index)]"
            case .wildcard: result += "[*]"
            case .descendants: result += ".."
            }
        }
        return result
    }
}
