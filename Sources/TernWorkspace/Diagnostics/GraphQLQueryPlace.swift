import Foundation
import Yams

/// Where a spec's `body.graphql.query` is in its file, so that a problem a GraphQL check finds at a line and
/// column of the query is reported at the file's own line and column.
struct GraphQLQueryPlace: Sendable, Hashable {
    /// The position of the value: the `|` or `>` of a block, the quote of a quoted string, or the first character.
    var start: SourceLocation
    /// Whether the query is a block scalar (`query: |`), whose text starts on the next line, indented.
    var block: Bool
    /// Whether the value is quoted, its text starting a character after `start`.
    var quoted: Bool

    init(_ node: Node) {
        start = SourceLocation(node)
        let style = node.scalar?.style
        block = style == .literal || style == .folded
        quoted = style == .singleQuoted || style == .doubleQuoted
    }

    /// The file's line and column of `line`:`column` of the query, with `fileText` to learn a block's indent.
    func position(line: Int, column: Int, fileText: String?) -> SourceLocation {
        guard block else {
            return SourceLocation(
                line: start.line + line - 1, column: line == 1 ? start.column + (quoted ? 1 : 0) + column - 1 : column)
        }
        let fileLine = start.line + line
        let lines = fileText?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        let indent =
            lines.dropFirst(start.line).first { !$0.allSatisfy { $0 == " " || $0 == "\r" } }
            .map { $0.prefix { $0 == " " }.count } ?? 0
        return SourceLocation(line: fileLine, column: indent + column)
    }
}

extension SpecEntry {
    /// `specs/x.yaml:LINE:COLUMN` for `line`:`column` of the spec's GraphQL query (the file's own position
    /// of the query when it has no place for it), and the file's line there, for a caret under the problem.
    public func graphQLQueryPosition(line: Int, column: Int) -> (prefix: String, sourceLine: String?, column: Int) {
        // A query in a file of its own: its line and column are the file's.
        if let queryFile = spec.layout.graphQLQueryFile, line > 0 {
            let lines =
                (try? String(contentsOf: queryFile, encoding: .utf8))?
                .split(separator: "\n", omittingEmptySubsequences: false) ?? []
            let sourceLine = line <= lines.count ? String(lines[line - 1]) : nil
            return (
                SourceLocation.prefix(file: queryFile, line: line, column: max(column, 1)), sourceLine, max(column, 1)
            )
        }
        guard let place = spec.layout.graphQLQuery, line > 0 else {
            return (SourceLocation.prefix(file: file, line: nil, column: nil), nil, 0)
        }
        let text = try? String(contentsOf: file, encoding: .utf8)
        let position = place.position(line: line, column: max(column, 1), fileText: text)
        let lines = text?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        let sourceLine = position.line >= 1 && position.line <= lines.count ? String(lines[position.line - 1]) : nil
        return (
            SourceLocation.prefix(file: file, line: position.line, column: position.column), sourceLine,
            position.column
        )
    }
}
