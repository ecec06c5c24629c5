import Foundation
import Tern
import TernWorkspace

/// A spec's body as text and back: what an editor opens, what a typed body becomes (JSON when it parses as
/// JSON), and how a GraphQL body keeps its kind.
package enum BodyText {
    /// The new body text `source` gives for `current` (`body TEXT|@FILE|edit`); `nil` when the editor gave the
    /// body back unchanged (then the spec stays as it was, not marked edited).
    static func read(
        _ source: Command.BodySource, for current: SpecEntry,
        editor: (@Sendable (String) async throws -> String)?
    ) async throws(ExplorerError) -> String? {
        let text: String
        switch source {
        case .text(let value):
            text = value
        case .file(let path):
            let url = URL(
                fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            guard let contents = try? String(contentsOf: url, encoding: .utf8) else {
                throw ExplorerError(.workspace, "cannot read '\(path)' as UTF-8 text")
            }
            text = contents
        case .editor:
            guard let editor else {
                throw ExplorerError(
                    .unsupported, "'body edit' needs a terminal and $EDITOR; use 'body TEXT' or 'body @FILE'")
            }
            let original = Self.text(of: current.spec.body)
            do {
                text = try await ExternalEditor.$fileExtension.withValue(Self.editorExtension(current.spec.body)) {
                    try await editor(original)
                }
            } catch {
                throw ExplorerError(.unsupported, "the editor failed: \(error)")
            }
            // Quitting the editor without a change leaves the spec as it was (not marked edited).
            if Self.sameText(text, original) { return nil }
        }
        return text
    }

    /// The body `text` makes in place of `body`: for a GraphQL body, a GraphQL-over-HTTP JSON document replaces
    /// query, operation name and variables, and any other text is the new query (variables and operation name
    /// kept); for other kinds, `body(from:)`.
    static func replacing(_ body: BodyDefinition?, with text: String) -> BodyDefinition {
        guard case .graphql(var graphQL) = body else { return Self.body(from: text) }
        if let json = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)),
            let document = GraphQLBodyDefinition(document: json)
        {
            return .graphql(document)
        }
        graphQL.query = text
        return .graphql(graphQL)
    }

    /// The extension of the file an editor opens `body` in, so it highlights it: `json`, `graphql`, else `txt`.
    static func editorExtension(_ body: BodyDefinition?) -> String {
        switch body?.kind {
        case "json": "json"
        case "graphql": "graphql"
        default: "txt"
        }
    }

    /// Whether an editor gave `edited` back unchanged from `original` (editors add a final newline).
    package static func sameText(_ edited: String, _ original: String) -> Bool {
        func trimmed(_ text: String) -> Substring {
            var text = Substring(text)
            while text.last == "\n" || text.last == "\r\n" { text.removeLast() }
            return text
        }
        return trimmed(edited) == trimmed(original)
    }

    /// JSON when the text parses as JSON, else text.
    static func body(from text: String) -> BodyDefinition {
        if let json = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) {
            switch json {
            case .object, .array: return .json(json)
            default: break
            }
        }
        return .text(text)
    }

    /// The body as text an editor can show.
    static func text(of body: BodyDefinition?) -> String {
        switch body {
        case .json(let value):
            // Compact, then the formatter the response pane uses: one style (`"id": 1`) on both sides.
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(value) else { return "" }
            return JSONFormatter.prettyPrinted(data) ?? String(decoding: data, as: UTF8.self)
        case .text(let text): return text
        case .form(let fields): return fields.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        case .file(let path): return "@" + path
        case .graphql(let graphQL): return graphQL.query
        case .multipart, .none: return ""
        }
    }
}
