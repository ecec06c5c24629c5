import Foundation
import Tern
import TernWorkspace

/// Reads Insomnia v4 exports (JSON or YAML): the `parentId` tree of workspaces, folders and
/// requests ordered by `metaSortKey`, and base + sub environments flattened.
package enum InsomniaImporter {
    /// The export in `source`, or an error with a JSON pointer or `file:line:column`.
    package static func read(_ source: ImportSource) throws(ImportError) -> ImportedCollection {
        let root = JSONNode(try document(source))
        guard root.isObject, root.text("_type") == "export" else {
            throw ImportError("not an Insomnia export: '_type: export' is missing", at: "#/_type")
        }
        if case .int(let format) = root["__export_format"]?.value, format != 4, format != 3 {
            throw ImportError(
                "Insomnia export format \(format) is not supported: export as v4", at: "#/__export_format")
        }
        guard root["resources"] != nil else {
            throw ImportError("not an Insomnia export: 'resources' is missing", at: "#/resources")
        }
        let tree = try InsomniaTree(root.list("resources"))
        let title = tree.workspaces.first.flatMap { $0.text("name") } ?? "insomnia"
        let context = ImportContext(source: source, group: source.groupName(title: title))
        var walker = InsomniaWalker(tree: tree, context: context)
        walker.reportOthers()
        let several = tree.workspaces.count > 1
        for workspace in tree.workspaces {
            let id = workspace.text("_id") ?? ""
            let folders = several ? [workspace.text("name") ?? id] : []
            try walker.walk(parent: id, folders: folders, auth: nil, depth: 0)
        }
        try walker.walk(parent: InsomniaTree.orphans, folders: [], auth: nil, depth: 0)
        walker.reportUnreached()
        // Nothing usable is left: the first problem is the answer.
        if walker.drafts.isEmpty, let first = walker.failures.first { throw first }
        let (specs, targets) = DraftAssembler.assemble(walker.drafts, context: context)
        let environments = InsomniaEnvironments.read(tree: tree, context: context)
        return ImportedCollection(
            format: .insomnia, title: title, specs: specs, targets: targets, environments: environments,
            files: context.files, skipped: context.skipped, warnings: context.warnings,
            localFiles: context.localFiles.uses, secrets: context.secrets)
    }

    /// The export's root value: JSON when it starts with `{`, else YAML.
    private static func document(_ source: ImportSource) throws(ImportError) -> JSONValue {
        guard source.data.count <= JSONDocument.maximumBytes else {
            throw ImportError("\(source.name) is larger than 64 MiB", at: source.name)
        }
        let text = try source.text()
        if text.drop(while: \.isWhitespace).hasPrefix("{") { return try JSONDocument.parse(source) }
        do {
            return try YAMLJSON.value(of: text, file: URL(fileURLWithPath: source.name)) ?? .null
        } catch {
            let place = [error.line, error.column].compactMap { $0 }.map(String.init)
            throw ImportError(error.message, at: ([source.name] + place).joined(separator: ":"))
        }
    }
}
