import Foundation
import Tern

/// Insomnia environments flattened: the base environment becomes the group's environment, each
/// sub environment one more (`<group>-<name>`) with the base values merged under its own.
/// Private environments' and `_`-prefixed or credential-looking values become `{{env:NAME}}`.
enum InsomniaEnvironments {
    /// The environments of `tree`, plus the variables the import collected in `context`.
    static func read(tree: InsomniaTree, context: ImportContext) -> [ImportedEnvironment] {
        let workspaceIDs = Set(tree.workspaces.compactMap { $0.text("_id") })
        let environments = tree.resources.filter { $0.text("_type") == "environment" }
        let bases = environments.filter { workspaceIDs.contains($0.text("parentId") ?? "") }
        var base: [HTTPFieldPair] = []
        for environment in bases { merge(variables(of: environment, context: context), into: &base) }
        merge(context.variables, into: &base, keepExisting: true)
        var result = [ImportedEnvironment(name: context.group, variables: base)]
        let baseIDs = Set(bases.compactMap { $0.text("_id") })
        for environment in environments where baseIDs.contains(environment.text("parentId") ?? "") {
            var merged = base
            merge(variables(of: environment, context: context), into: &merged)
            let name = Slug.file(context.group + "-" + (environment.text("name") ?? "environment"))
            result.append(ImportedEnvironment(name: name, variables: merged))
        }
        return result.filter { !$0.variables.isEmpty }
    }

    /// `data` as names and text values: nested objects as `a.b`, lists as JSON text; in
    /// `order` when given (`dataPropertyOrder`), else sorted.
    static func flatten(_ data: [String: JSONValue], order: [String]?, prefix: String = "") -> [(String, String)] {
        var keys = (order ?? []).filter { data[$0] != nil }
        keys += data.keys.sorted().filter { !keys.contains($0) }
        var result: [(String, String)] = []
        for key in keys {
            guard let value = data[key] else { continue }
            switch value {
            case .object(let members) where prefix.count < 1000:
                result += flatten(members, order: nil, prefix: prefix + key + ".")
            case .array, .object:
                let data = (try? JSONEncoder().encode(value)) ?? Data()
                result.append((prefix + key, String(decoding: data, as: UTF8.self)))
            default:
                result.append((prefix + key, value.scalarText ?? ""))
            }
        }
        return result
    }

    private static func variables(of environment: JSONNode, context: ImportContext) -> [HTTPFieldPair] {
        guard case .object(let data) = environment["data"]?.value else { return [] }
        let label = "environment '\(environment.text("name") ?? "environment")'"
        let isPrivate = environment["isPrivate"]?.bool == true
        let order = environment["dataPropertyOrder"]?["&"]?.elements?.compactMap(\.string)
        return flatten(data, order: order).map { key, value in
            let converted = InsomniaTemplates.convert(value, item: label, context: context)
            let secret =
                !converted.isEmpty && !converted.contains("{{")
                && (isPrivate || key.hasPrefix("_") || Credentials.looksSecret(key))
            let stored = secret ? context.secret(converted, label: key, item: label) : converted
            return HTTPFieldPair(name: key, value: stored)
        }
    }

    private static func merge(
        _ variables: [HTTPFieldPair], into list: inout [HTTPFieldPair], keepExisting: Bool = false
    ) {
        for variable in variables {
            if let index = list.firstIndex(where: { $0.name == variable.name }) {
                if !keepExisting { list[index].value = variable.value }
            } else {
                list.append(variable)
            }
        }
    }
}
