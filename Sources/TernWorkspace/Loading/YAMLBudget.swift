import CYaml
package import Foundation

/// Checks a YAML text's shape with libyaml's event parser before Yams composes it: aliases may
/// add at most `WorkspaceLimits.maximumAliasNodes` nodes when expanded (an alias bomb of nested
/// anchors is 400 bytes that expand to millions of nodes), and nesting stays within
/// `maximumDepth` (Yams and the readers recurse per level). The scan is linear in the text: an
/// anchor's expanded size is computed once and added per alias, never expanded.
package enum YAMLBudget {
    /// The deepest nesting of lists and mappings in a file.
    static let maximumDepth = 256

    /// Throws a positioned error naming the alias or the level that breaks a limit. Syntax
    /// errors are left to Yams, which reports them with more context.
    package static func check(
        _ text: String, file: URL, aliasNodes: Int = WorkspaceLimits.maximumAliasNodes
    ) throws(WorkspaceError) {
        guard mayNeedCheck(text) else { return }
        var bytes = Array(text.utf8)
        let result = bytes.withUnsafeMutableBufferPointer { buffer in
            scan(buffer, aliasNodes: aliasNodes)
        }
        if let result {
            throw WorkspaceError(.invalidValue, result.message, file: file, line: result.line, column: result.column)
        }
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

    private struct Violation {
        var message: String
        var line: Int
        var column: Int
    }

    /// One open list or mapping: its expanded node count so far and its anchor.
    private struct Open {
        var nodes: Int
        var anchor: String?
    }

    private static func scan(_ buffer: UnsafeMutableBufferPointer<UInt8>, aliasNodes limit: Int) -> Violation? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1, let base = buffer.baseAddress else { return nil }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, base, buffer.count)
        var sizes: [String: Int] = [:]
        var stack: [Open] = []
        var added = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
            defer { yaml_event_delete(&event) }
            let line = Int(event.start_mark.line) + 1
            let column = Int(event.start_mark.column) + 1
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return nil
            case YAML_SCALAR_EVENT:
                if let anchor = name(event.data.scalar.anchor) { sizes[anchor] = 1 }
                if !stack.isEmpty { stack[stack.count - 1].nodes += 1 }
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let anchor = name(
                    event.type == YAML_SEQUENCE_START_EVENT
                        ? event.data.sequence_start.anchor : event.data.mapping_start.anchor
                )
                guard stack.count < maximumDepth else {
                    return Violation(
                        message: "lists and mappings nest deeper than \(maximumDepth) levels",
                        line: line, column: column
                    )
                }
                stack.append(Open(nodes: 1, anchor: anchor))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = stack.popLast() else { return nil }
                if let anchor = closed.anchor { sizes[anchor] = closed.nodes }
                if !stack.isEmpty { stack[stack.count - 1].nodes += closed.nodes }
            case YAML_ALIAS_EVENT:
                guard let alias = name(event.data.alias.anchor), let size = sizes[alias] else { return nil }
                added += size
                if added > limit {
                    return Violation(
                        message: "alias '*\(alias)' expands the file past \(limit) nodes (aliases of anchors "
                            + "that hold aliases multiply); write the values out or use fewer nested aliases",
                        line: line, column: column
                    )
                }
                if !stack.isEmpty { stack[stack.count - 1].nodes += size }
            default:
                continue
            }
        }
    }

    private static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
