package import Foundation
import Yams

/// Checks a YAML document's shape before the readers walk it: aliases may add at most
/// `WorkspaceLimits.maximumAliasNodes` nodes when expanded (an alias bomb of nested anchors is 400
/// bytes that expand to millions of nodes), and nesting stays within `maximumDepth` (the readers
/// recurse per level). Yams composes an alias as the anchored node itself (shared, not copied), and
/// libyaml stops at 1,000 levels, so composing is linear and bounded; this walk over the composed
/// tree is linear too: an anchored list's or mapping's expanded size is computed once and added per
/// alias, never expanded (an alias of a scalar counts as the one node it is).
package enum YAMLBudget {
    /// The deepest nesting of lists and mappings in a file.
    static let maximumDepth = 256

    /// Throws a positioned error naming the alias or the level that breaks a limit in `text`. Syntax
    /// errors are left to the caller's own parse, which reports them with more context.
    package static func check(
        _ text: String, file: URL, aliasNodes: Int = WorkspaceLimits.maximumAliasNodes
    ) throws(WorkspaceError) {
        guard mayNeedCheck(text) else { return }
        try checkAliasKeys(text, file: file)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, Resolver.basic.removing(.str), Constructor([:], [:], [:]), .utf8)
        } catch {
            return
        }
        if let root { try check(root, text: text, file: file, aliasNodes: aliasNodes) }
    }

    /// Throws a positioned error naming the alias or the level that breaks a limit in `root`, the
    /// document Yams composed from `text` (read for the position of an alias).
    static func check(
        _ root: Node, text: String, file: URL, aliasNodes: Int = WorkspaceLimits.maximumAliasNodes
    ) throws(WorkspaceError) {
        var walk = Walk(limit: aliasNodes)
        _ = walk.size(of: root, depth: 1)
        if let violation = walk.violation { throw error(violation, limit: aliasNodes, in: text, file: file) }
    }

    /// Whether the text can hold an alias or deep nesting at all: without `&` there is no anchor,
    /// and with few brackets, shallow indentation and few `-`, `:` or `?` on any one line
    /// (`- - - x` nests without indenting) the nesting is shallow. That is the common case,
    /// which then costs one pass over the bytes instead of a second parse.
    static func mayNeedCheck(_ text: String) -> Bool {
        var brackets = 0
        var indent = 0
        var indicators = 0
        var atLineStart = true
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): return true
            case UInt8(ascii: "["), UInt8(ascii: "{"): brackets += 1
            case UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "?"): indicators += 1
            case UInt8(ascii: "\n"):
                atLineStart = true
                indent = 0
                indicators = 0
                continue
            case UInt8(ascii: " ") where atLineStart: indent += 1
            default: break
            }
            if byte != UInt8(ascii: " ") { atLineStart = false }
            if brackets > maximumDepth / 4 || indent > maximumDepth / 2 || indicators > maximumDepth / 4 {
                return true
            }
        }
        return false
    }

    /// What broke a limit: the message, where the node starts, and for an alias which use of which
    /// anchored node.
    private struct Violation {
        var message: String
        var at: Position
        var alias: (anchored: Position, use: Int)?
    }

    /// Where a list or mapping starts (line and column from 1): no two of one kind start at one place.
    private struct Position: Hashable {
        var line: Int
        var column: Int
        var isMapping: Bool
    }

    /// One walk over a composed tree in document order, stopping at the first violation.
    private struct Walk {
        let limit: Int
        /// Each list's and mapping's expanded size by where it starts: Yams composes an alias as the
        /// anchored node itself, position and all, so meeting one a second time is meeting an alias.
        var sizes: [Position: Int] = [:]
        /// How often each anchored node was used as an alias so far.
        var uses: [Position: Int] = [:]
        var added = 0
        var violation: Violation?

        init(limit: Int) {
            self.limit = limit
        }

        /// The number of nodes `node` (at nesting level `depth`) stands for, aliases of lists and
        /// mappings expanded.
        mutating func size(of node: Node, depth: Int) -> Int {
            guard violation == nil else { return 0 }
            let line = node.mark?.line ?? 1
            let column = node.mark?.column ?? 1
            var total = 1
            switch node {
            case .scalar, .alias:
                return 1
            case .sequence(let sequence):
                let at = Position(line: line, column: column, isMapping: false)
                if let known = sizes[at] { return use(at, size: known) }
                guard enter(depth, at: at) else { return 0 }
                for item in sequence { total += size(of: item, depth: depth + 1) }
                sizes[at] = total
            case .mapping(let mapping):
                let at = Position(line: line, column: column, isMapping: true)
                if let known = sizes[at] { return use(at, size: known) }
                guard enter(depth, at: at) else { return 0 }
                for (key, value) in mapping {
                    total += size(of: key, depth: depth + 1)
                    total += size(of: value, depth: depth + 1)
                }
                sizes[at] = total
            }
            return total
        }

        /// Whether a list or mapping may open at `depth`; records the violation when not.
        private mutating func enter(_ depth: Int, at: Position) -> Bool {
            guard depth > maximumDepth else { return true }
            violation = Violation(message: "lists and mappings nest deeper than \(maximumDepth) levels", at: at)
            return false
        }

        /// Counts a use of the node anchored at `anchored`, `size` nodes; records the violation when
        /// the file grows past the limit.
        private mutating func use(_ anchored: Position, size: Int) -> Int {
            let use = uses[anchored, default: 0] + 1
            uses[anchored] = use
            added += size
            if added > limit {
                violation = Violation(message: "", at: anchored, alias: (anchored, use))
            }
            return size
        }
    }

    /// The error for `violation` in `text`: an alias is named, and placed at its own use.
    private static func error(_ violation: Violation, limit: Int, in text: String, file: URL) -> WorkspaceError {
        guard let alias = violation.alias else {
            return WorkspaceError(
                .invalidValue, violation.message, file: file, line: violation.at.line, column: violation.at.column)
        }
        let scalars = Array(text.unicodeScalars)
        let name = anchorName(at: alias.anchored, in: scalars) ?? "?"
        let place = position(ofUse: alias.use, of: name, in: scalars)
        return WorkspaceError(
            .invalidValue,
            "alias '*\(name)' expands the file past \(limit) nodes (aliases of anchors "
                + "that hold aliases multiply); write the values out or use fewer nested aliases",
            file: file, line: place?.line ?? alias.anchored.line, column: place?.column ?? alias.anchored.column)
    }

    /// The name of the anchor (`&name`) that starts at `position`, as libyaml marks an anchored node.
    private static func anchorName(at position: Position, in scalars: [Unicode.Scalar]) -> String? {
        var line = 1
        var index = 0
        while line < position.line, index < scalars.count {
            if scalars[index] == "\n" { line += 1 }
            index += 1
        }
        index += position.column - 1
        guard index < scalars.count, scalars[index] == "&" else { return nil }
        let name = scalars[(index + 1)...].prefix(while: isAnchorCharacter)
        return name.isEmpty ? nil : String(String.UnicodeScalarView(name))
    }

    /// Where the `use`-th `*name` starts (line and column from 1, columns in Unicode scalars as
    /// libyaml counts them); `nil` when the text has fewer.
    private static func position(
        ofUse use: Int, of name: String, in scalars: [Unicode.Scalar]
    ) -> (line: Int, column: Int)? {
        let token = Array("*\(name)".unicodeScalars)
        var line = 1
        var column = 1
        var found = 0
        for index in scalars.indices {
            if scalars[index] == "*", scalars[index...].starts(with: token) {
                let end = index + token.count
                if end == scalars.count || !isAnchorCharacter(scalars[end]) {
                    found += 1
                    if found == use { return (line, column) }
                }
            }
            if scalars[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return nil
    }

    /// Whether `scalar` can continue an anchor name (YAML ends one at white space or a flow indicator).
    private static func isAnchorCharacter(_ scalar: Unicode.Scalar) -> Bool {
        !" \t\r\n,[]{}".unicodeScalars.contains(scalar)
    }
}
