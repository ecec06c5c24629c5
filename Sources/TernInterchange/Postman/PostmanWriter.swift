import Foundation
import Tern
import TernWorkspace

/// One spec as a Postman v2.1 item, collecting the collection variables its templates need.
struct PostmanWriter {
    let workspace: Workspace
    let group: String?
    private var variableValues: [(key: String, value: String, secret: Bool, fromStore: Bool)] = []
    private var baseVariables: [String: String] = [:]
    private var referenced: [String] = []

    init(workspace: Workspace, group: String?) {
        self.workspace = workspace
        self.group = group
    }

    /// The collection's `variable` list.
    var variables: [JSONValue] {
        variableValues.map { variable in
            var object: [String: JSONValue] = ["key": .string(variable.key), "value": .string(variable.value)]
            if variable.secret {
                object["description"] = .string(PostmanExport.secretNote(variable.key, fromStore: variable.fromStore))
            }
            return .object(object)
        }
    }

    /// The item for `spec`.
    mutating func item(for spec: SpecDefinition) -> JSONValue {
        var request: [String: JSONValue] = ["method": .string(spec.method), "url": url(for: spec)]
        let own = Set(spec.headers.map { $0.name.lowercased() })
        let inherited = (workspace.target(for: spec)?.headers ?? []).filter { !own.contains($0.name.lowercased()) }
        var headers: [JSONValue] = []
        for header in inherited + spec.headers {
            var object: [String: JSONValue] = ["key": .string(header.name), "value": .string(convert(header.value))]
            if spec.disabled.isDisabled(header: header.name) { object["disabled"] = true }
            headers.append(.object(object))
        }
        request["header"] = .array(headers)
        if let body = spec.body { request["body"] = self.body(body) }
        if let auth = auth(for: spec) { request["auth"] = auth }
        var item: [String: JSONValue] = ["name": .string(spec.name), "request": .object(request)]
        if let sample = spec.sample { item["response"] = .array([response(sample, request: request)]) }
        return .object(item)
    }

    private mutating func url(for spec: SpecDefinition) -> JSONValue {
        var raw = convert(spec.path)
        if !spec.path.contains("://"), let target = workspace.target(for: spec) {
            let base = baseReference(for: target)
            let path = raw.hasPrefix("/") || raw.isEmpty ? raw : "/" + raw
            raw = base + path
        }
        var query: [JSONValue] = []
        var parts: [String] = []
        // The path's own query (`/user?pretty`, kept as written by an import) goes first, as written:
        // a name without `=` has no value (`null`), as Postman writes it.
        if let mark = raw.firstIndex(of: "?") {
            let own = raw[raw.index(after: mark)...]
            raw = String(raw[..<mark])
            for pair in own.split(separator: "&", omittingEmptySubsequences: true) {
                let pieces = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let value: JSONValue = pieces.count > 1 ? .string(String(pieces[1])) : .null
                query.append(.object(["key": .string(String(pieces[0])), "value": value]))
                parts.append(String(pair))
            }
        }
        for (name, value) in spec.query {
            for text in queryTexts(value, encoding: spec.arrayEncoding) {
                let converted = convert(text)
                var object: [String: JSONValue] = ["key": .string(name), "value": .string(converted)]
                if spec.disabled.isDisabled(query: name) {
                    object["disabled"] = true
                } else {
                    parts.append(name + "=" + converted)
                }
                query.append(.object(object))
            }
        }
        let (base, rest) = DraftAssembler.split(raw)
        var object: [String: JSONValue] = [
            "raw": .string(parts.isEmpty ? raw : raw + "?" + parts.joined(separator: "&"))
        ]
        if var host = base {
            if let scheme = host.range(of: "://") {
                object["protocol"] = .string(String(host[..<scheme.lowerBound]))
                host = String(host[scheme.upperBound...])
            }
            object["host"] = .array(
                host.split(separator: ".", omittingEmptySubsequences: false).map { .string(String($0)) })
            let path = rest.hasPrefix("/") ? rest.dropFirst() : rest[...]
            if !rest.isEmpty {
                object["path"] = .array(
                    path.split(separator: "/", omittingEmptySubsequences: false).map { .string(String($0)) })
            }
        }
        if !query.isEmpty { object["query"] = .array(query) }
        return .object(object)
    }

    /// `{{variable}}` for a target's base URL, declaring the variable with the value it has.
    private mutating func baseReference(for target: WorkspaceTarget) -> String {
        if let known = baseVariables[target.name] { return known }
        let reference: String
        if Templates.isReferenceOnly(target.baseURL) {
            reference = target.baseURL
            let name = Templates.names(in: target.baseURL).first ?? "baseURL"
            declare(name, value: convert(environmentValue(of: name) ?? ""), secret: false)
        } else {
            let name = workspace.targets.count == 1 ? "baseURL" : Slug.variable(target.name) + "_baseURL"
            reference = "{{\(name)}}"
            declare(name, value: convert(target.baseURL), secret: false)
        }
        baseVariables[target.name] = reference
        return reference
    }

    /// The value of a variable in the group's environment, else the default one, else any.
    private func environmentValue(of name: String) -> String? {
        let preferred = [group, workspace.defaultEnvironment].compactMap { $0 }
        for environment in preferred {
            if let value = workspace.environments[environment]?.value(of: name) { return value }
        }
        for key in workspace.environments.keys.sorted() {
            if let value = workspace.environments[key]?.value(of: name) { return value }
        }
        return nil
    }

    /// Declares the variables the items reference with their environment values (names that
    /// look like credentials get an empty value), following references inside those values.
    mutating func declareReferenced() {
        var index = 0
        while index < referenced.count {
            let name = referenced[index]
            index += 1
            guard !variableValues.contains(where: { $0.key == name }), let value = environmentValue(of: name) else {
                continue
            }
            let secret = Credentials.looksSecret(name) && !value.contains("{{")
            declare(name, value: secret ? "" : convert(value), secret: false)
        }
    }

    private mutating func declare(_ key: String, value: String, secret: Bool, fromStore: Bool = false) {
        guard !variableValues.contains(where: { $0.key == key }) else { return }
        variableValues.append((key, secret ? "" : value, secret, fromStore))
    }

    /// `{{env:NAME}}` and `{{secret:NAME}}` as `{{NAME}}`, declaring `NAME` as a secret variable
    /// without a value (its description says which it was, so an import gives it back).
    mutating func convert(_ text: String) -> String {
        var secrets: [(name: String, fromStore: Bool)] = []
        var names: [String] = []
        let converted = Templates.rewrite(text) { name in
            let prefix = ["env:", "secret:"].first { name.hasPrefix($0) }
            guard let prefix else {
                names.append(name)
                return nil
            }
            let variable = String(name.dropFirst(prefix.count)).trimmingSpaces
            secrets.append((variable, prefix == "secret:"))
            return "{{\(variable)}}"
        }
        for secret in secrets { declare(secret.name, value: "", secret: true, fromStore: secret.fromStore) }
        for name in names where !referenced.contains(name) { referenced.append(name) }
        return converted
    }

    private func queryTexts(_ value: JSONValue, encoding: ArrayEncoding) -> [String] {
        switch value {
        case .array(let items):
            let texts = items.map { $0.scalarText ?? jsonText($0) }
            return encoding == .individual ? texts : [texts.joined(separator: ",")]
        case .null: return [""]
        default: return [value.scalarText ?? jsonText(value)]
        }
    }

    func jsonText(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).flatMap { String(data: $0, encoding: .utf8) } ?? ""
    }
}
