package import Foundation
import Tern
package import TernWorkspace

/// Writes a workspace group as a Postman collection v2.1 that Postman, Bruno and Insomnia import:
/// folders, headers and query (disabled ones marked), bodies, `auth:` as an auth block, each target's
/// base URL as a collection variable, `{{env:NAME}}` and `{{secret:NAME}}` as a `secret` variable
/// `NAME` with no value, samples as saved responses.
package enum PostmanExport {
    /// The schema URL a v2.1 collection names.
    static let schema = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"

    /// How an exported secret variable is described (the v2.1.0 schema has no `secret` type);
    /// the importer reads a variable so described as the same reference again.
    static func secretNote(_ name: String, fromStore: Bool) -> String {
        fromStore
            ? "\(secretPrefix) Tern reads it from its secret store as \(name) ({{secret:\(name)}}); set its value here"
            : "\(secretPrefix) Tern reads it from the environment variable \(name); set its value here"
    }

    /// The start of `secretNote`.
    static let secretPrefix = "Secret:"

    /// The reference a variable described by `secretNote` stands for (`env:NAME` or `secret:NAME`),
    /// else `nil`.
    static func reference(describedBy description: String?, key: String) -> String? {
        guard let description, description.hasPrefix(secretPrefix) else { return nil }
        return description.contains("{{secret:\(key)}}") ? "secret:\(key)" : "env:\(key)"
    }

    /// The collection of the specs under `specs/<group>/` (every spec when `group` is nil), as
    /// pretty JSON with sorted keys.
    package static func collection(of workspace: Workspace, group: String?) throws(ImportError) -> Data {
        let entries = workspace.specs.filter { group == nil || $0.group.first == group }
        if let group, entries.isEmpty {
            throw ImportError("no specs under specs/\(group)/ in workspace '\(workspace.name)'")
        }
        var writer = PostmanWriter(workspace: workspace, group: group)
        var root = Folder()
        // A v2.1 collection has no gRPC request: gRPC specs are left out (export http or grpcurl writes them).
        for entry in entries where !entry.spec.isGRPC {
            let folders = group == nil ? entry.group : Array(entry.group.dropFirst())
            root.insert(writer.item(for: entry.spec), at: folders[...])
        }
        let info: [String: JSONValue] = ["name": .string(group ?? workspace.name), "schema": .string(schema)]
        var collection: [String: JSONValue] = ["info": .object(info), "item": .array(root.items)]
        writer.declareReferenced()
        let variables = writer.variables
        if !variables.isEmpty { collection["variable"] = .array(variables) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(JSONValue.object(collection))
        } catch {
            throw ImportError("cannot encode the collection: \(error)")
        }
    }

    /// Items and sub-folders in insertion order.
    private struct Folder {
        var names: [String] = []
        var folders: [String: Folder] = [:]
        var entries: [(folder: String?, item: JSONValue)] = []

        mutating func insert(_ item: JSONValue, at path: ArraySlice<String>) {
            guard let first = path.first else {
                entries.append((nil, item))
                return
            }
            if folders[first] == nil {
                folders[first] = Folder()
                entries.append((first, .null))
            }
            folders[first]?.insert(item, at: path.dropFirst())
        }

        var items: [JSONValue] {
            entries.map { entry in
                guard let name = entry.folder else { return entry.item }
                return .object(["name": .string(name), "item": .array(folders[name]?.items ?? [])])
            }
        }
    }
}
