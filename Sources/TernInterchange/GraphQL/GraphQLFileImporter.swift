import Foundation
import TernGraphQL
import TernWorkspace

/// Reads a `.graphql` file of operations (what GraphQL clients keep beside their code: queries, mutations
/// and subscriptions with their fragments) into one GraphQL spec per operation, named after it.
///
/// Each spec's `body.graphql.query` is the operation alone with the fragments it spreads. The file says
/// nothing of where the operations go: with `--url`, a target named after the group with that address;
/// without, the specs have no target and `path: ""` (the workspace's default target, or its only one). A
/// file that defines types is a schema, not operations: it is refused, naming where a schema goes.
package enum GraphQLFileImporter {
    /// The largest file read (4 MiB).
    static let maximumSourceBytes = 4 << 20

    /// The collection `source` holds, or an error with `file:line:column`.
    package static func read(_ source: ImportSource) throws(ImportError) -> ImportedCollection {
        try source.checkSize(atMost: maximumSourceBytes)
        let text = try source.text()
        let file: GraphQLOperationFile
        do {
            file = try GraphQLOperationFile(text)
        } catch {
            throw ImportError("\(source.name):\(error.message)", at: source.name)
        }
        guard !file.operations.isEmpty else {
            let what =
                file.definesTypes
                ? "it defines types: a schema, which a target names in workspace.yaml (graphql: {schema: FILE})"
                : "it holds only fragments"
            throw ImportError("\(source.name) holds no GraphQL operation: \(what)", at: "\(source.name):1:1")
        }
        let fileTitle = ((source.name as NSString).lastPathComponent as NSString).deletingPathExtension
        let title = fileTitle.isEmpty || source.name.hasPrefix("<") ? "graphql" : fileTitle
        let group = source.groupName(title: title)
        var targets: [WorkspaceTarget] = []
        var targetName: String?
        if let url = source.url {
            targets.append(WorkspaceTarget(name: group, baseURL: url))
            targetName = group
        }
        var warnings: [String] = []
        if file.definesTypes {
            warnings.append(
                "\(source.name) also defines types: they were not imported (a schema is a target's graphql:)")
        }
        var specs: [ImportedSpec] = []
        for (index, operation) in file.operations.enumerated() {
            let name = operation.name ?? "\(operation.kind.rawValue)-\(index + 1)"
            var spec = SpecDefinition(name: name, target: targetName, method: "POST", path: "")
            spec.body = .graphql(GraphQLBodyDefinition(query: operation.query))
            specs.append(ImportedSpec(fileName: Slug.file(name, fallback: "operation-\(index + 1)"), spec: spec))
        }
        return ImportedCollection(format: .graphql, title: title, specs: specs, targets: targets, warnings: warnings)
    }
}
