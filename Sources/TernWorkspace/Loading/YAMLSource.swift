import Foundation
import Yams

/// Reads a YAML file and composes its node tree, turning every failure into a positioned `WorkspaceError`.
enum YAMLSource {
    /// The root node of `file`, or `nil` when the file is empty (or only comments).
    static func compose(file: URL) throws(WorkspaceError) -> Node? {
        try compose(text: read(file), file: file)
    }

    /// The file's text; a missing, unreadable or non-UTF-8 file is an error naming it.
    static func read(_ file: URL) throws(WorkspaceError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.contents(atPath: file.path)
        } catch {
            throw WorkspaceError(.io, "cannot read the file: \(error.reason)", file: file)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw WorkspaceError(.syntax, "the file is not valid UTF-8 text", file: file)
        }
        return text
    }

    /// The root node of `text`, read from `file` (for positions in errors).
    static func compose(text: String, file: URL) throws(WorkspaceError) -> Node? {
        let budgeted = YAMLBudget.mayNeedCheck(text)
        if budgeted { try YAMLBudget.checkAliasKeys(text, file: file) }
        let root: Node?
        do {
            // A resolver without rules: no regex tag resolution (`ScalarValue` types scalars). An
            // empty constructor: nodes are never converted to Swift values here. Both are made per
            // file, so threads loading specs in parallel share no reference-counted objects.
            root = try Yams.compose(yaml: text, Resolver.basic.removing(.str), Constructor([:], [:], [:]), .utf8)
        } catch let error as YamlError {
            throw positioned(error, file: file, text: text)
        } catch {
            throw WorkspaceError(.syntax, "cannot parse YAML: \(error)", file: file, underlying: error)
        }
        if let root, budgeted { try YAMLBudget.check(root, text: text, file: file) }
        return root
    }

    /// A Yams error as `file:line:column: problem`, with a hint to quote a value that starts with `{{`
    /// when the line has one (YAML reads it as a flow mapping).
    private static func positioned(_ error: YamlError, file: URL, text: String) -> WorkspaceError {
        func make(_ problem: String, _ context: YamlError.Context?, _ mark: Mark) -> WorkspaceError {
            // libyaml's own words name its C function; the budget's say the same to a person.
            if problem.hasPrefix("Maximum nesting level reached") {
                return WorkspaceError(
                    .syntax, "lists and mappings nest deeper than \(YAMLBudget.maximumDepth) levels", file: file,
                    line: mark.line, column: mark.column, underlying: error)
            }
            var message = problem
            if let context {
                message += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))"
            }
            message += TemplateQuoteHint.hint(in: text, line: mark.line)
            return WorkspaceError(
                .syntax, message, file: file, line: mark.line, column: mark.column, underlying: error
            )
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            return make(problem, context, mark)
        case .reader(let problem, let offset, _, let yaml):
            let (line, column) = position(ofCharacter: offset ?? 0, in: yaml)
            return WorkspaceError(.syntax, problem, file: file, line: line, column: column, underlying: error)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = Suggestions.list(duplicates)
            return WorkspaceError(
                .syntax, "duplicate key \(names) in a mapping", file: file,
                line: context.mark.line, column: context.mark.column, underlying: error
            )
        default:
            return WorkspaceError(.syntax, "cannot parse YAML: \(error)", file: file, underlying: error)
        }
    }

    private static func position(ofCharacter offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for character in text.prefix(offset) {
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}
