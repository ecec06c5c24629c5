import Foundation
import OpenAPIKit
import Tern
import TernWorkspace

/// Builds the collection from a decoded document.
struct OpenAPIMapper {
    let document: OpenAPI.Document
    let group: String
    let examples: OpenAPIExamples
    var specs: [ImportedSpec] = []
    var warnings: [String] = []
    /// The secrets the specs read (`{{secret:NAME}}`), which the user sets.
    var secrets: [ImportedSecret] = []
    /// Whether schema properties are taken in name order (their source order is not known).
    var propertiesInNameOrder = false
    var environment: [HTTPFieldPair] = []
    /// Where the description is kept in the workspace (`openapi/petstore.yaml`); each spec names it.
    var descriptionPath: String?
    private var warned: Set<String> = []
    private var fileNames = UniqueNames()

    init(document: OpenAPI.Document, group: String) {
        self.document = document
        self.group = group
        self.examples = OpenAPIExamples(components: document.components)
    }

    mutating func map(pathOrder: [String]?) throws(ImportError) -> ImportedCollection {
        // A JSON source was decoded without its objects' key order (the path order was read apart):
        // schema properties are then taken in name order, the same on every import.
        propertiesInNameOrder = pathOrder != nil
        let base = baseURL()
        for path in orderedPaths(pathOrder) {
            guard let entry = document.paths[path] else { continue }
            let pointer = "#/paths/" + escape(path.rawValue)
            guard let item = document.components[entry] else {
                throw ImportError("the path item's $ref points to nothing in components", at: pointer)
            }
            for endpoint in item.endpoints {
                let method = endpoint.method.rawValue.lowercased()
                specs.append(
                    try operation(path: path.rawValue, item: item, endpoint: endpoint, pointer: pointer + "/" + method))
            }
        }
        let webhooks = document.webhooks.keys
        if !webhooks.isEmpty {
            warnings.append(
                "webhooks are not imported (Tern sends requests, it does not receive them): "
                    + webhooks.joined(separator: ", "))
        }
        return ImportedCollection(
            format: .openapi, title: document.info.title, specs: specs,
            targets: [WorkspaceTarget(name: group, baseURL: base)],
            environments: environment.isEmpty ? [] : [ImportedEnvironment(name: group, variables: environment)],
            warnings: warnings, secrets: secrets)
    }

    /// The document's paths in source order where the decoder lost it (JSON), else as decoded.
    private func orderedPaths(_ order: [String]?) -> [OpenAPI.Path] {
        let decoded = Array(document.paths.keys)
        guard let order else { return decoded }
        var seen: Set<String> = []
        var out: [OpenAPI.Path] = []
        let known = Set(decoded.map(\.rawValue))
        for key in order {
            let path = OpenAPI.Path(rawValue: key)
            if known.contains(path.rawValue), seen.insert(path.rawValue).inserted { out.append(path) }
        }
        for path in decoded.sorted(by: { $0.rawValue < $1.rawValue }) where seen.insert(path.rawValue).inserted {
            out.append(path)
        }
        return out
    }

    /// The first server's URL, its variables as `{{name}}` with their defaults in the group's environment
    /// (a literal URL stays literal, so it means the same in every environment); the others are named in a warning.
    private mutating func baseURL() -> String {
        guard let first = document.servers.first else {
            warnings.append("the description names no server: set target '\(group)' baseURL in workspace.yaml")
            return "http://localhost"
        }
        var url = first.urlTemplate.rawValue
        for (name, variable) in first.variables {
            let variableName = Slug.variable(name)
            url = url.replacingOccurrences(of: "{\(name)}", with: "{{\(variableName)}}")
            addVariable(variableName, value: variable.default)
            if let values = variable.enum, values.count > 1 {
                warnings.append(
                    "server variable \(name) is \(variable.default); it may also be "
                        + values.filter { $0 != variable.default }.joined(separator: ", "))
            }
        }
        while url.hasSuffix("/") { url.removeLast() }
        if !url.contains("://") {
            warnings.append(
                "the server URL \(first.urlTemplate.rawValue) is relative: "
                    + "set target '\(group)' baseURL in workspace.yaml to the API's address")
        }
        let others = document.servers.dropFirst().map(\.urlTemplate.rawValue)
        if !others.isEmpty {
            warnings.append(
                "target '\(group)' uses the first server; the others are " + others.joined(separator: ", "))
        }
        return url
    }

    /// Adds an environment variable unless one of that name exists.
    mutating func addVariable(_ name: String, value: String) {
        if !environment.contains(where: { $0.name == name }) {
            environment.append(HTTPFieldPair(name: name, value: value))
        }
    }

    /// Adds a warning once.
    mutating func warn(_ text: String) {
        if warned.insert(text).inserted { warnings.append(text) }
    }

    /// A file name unique in its folder: the operationId's slug, or method + path.
    mutating func fileName(operationId: String?, method: String, path: String, folder: String) -> String {
        let base = Slug.file(operationId ?? "\(method) \(path)", fallback: method.lowercased())
        let key = fileNames.claim(folder + "\u{0}" + base) { folder + "\u{0}" + "\(base)-\($0)" }
        return String(key.dropFirst(folder.count + 1))
    }

    /// `~` and `/` escaped for a JSON pointer.
    func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
