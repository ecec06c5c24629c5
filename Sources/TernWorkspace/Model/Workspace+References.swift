import Tern

extension Workspace {
    /// Whether `{{name}}` appears in a target, a spec, or the values of `environment`
    /// (`nil`: the default environment).
    ///
    /// The CLI starts its embedded mock server when `mock` is referenced, and passes its URL as
    /// the `mock` override.
    public func referencesVariable(_ name: String, environment: String? = nil) -> Bool {
        let uses: (String) -> Bool = { text in
            Template.references(in: text).contains { $0.isVariable && $0.name == name }
        }
        for target in targets.values where uses(target.baseURL) || target.headers.contains(where: { uses($0.value) }) {
            return true
        }
        if let chosen = environment ?? defaultEnvironment, let values = environments[chosen]?.variables,
            values.contains(where: { uses($0.value) })
        {
            return true
        }
        return specs.contains { $0.spec.templatedStrings.contains(where: uses) }
    }
}

extension SpecDefinition {
    /// Every string that is templated when the spec is lowered.
    var templatedStrings: [String] {
        var strings = [path]
        if let storageKey { strings.append(storageKey) }
        strings += headers.map(\.value)
        for item in query { Self.collect(item.value, into: &strings) }
        switch body {
        case .json(let value): Self.collect(value, into: &strings)
        case .form(let pairs): strings += pairs.map(\.value)
        case .text(let text): strings.append(text)
        case .file(let path): strings.append(path)
        case .multipart(let parts): strings += parts.compactMap { $0.value ?? $0.file }
        case .graphql(let graphQL): if let variables = graphQL.variables { Self.collect(variables, into: &strings) }
        case nil: break
        }
        if let grpc {
            strings += grpc.metadata.map(\.value)
            for message in grpc.messages { Self.collect(message, into: &strings) }
        }
        return strings
    }

    private static func collect(_ value: JSONValue, into strings: inout [String]) {
        switch value {
        case .string(let text): strings.append(text)
        case .array(let elements): for element in elements { collect(element, into: &strings) }
        case .object(let fields): for field in fields.values { collect(field, into: &strings) }
        default: break
        }
    }
}

extension Workspace {
    /// The names `{{secret:NAME}}` reads, each with the ids of the specs that read it; a name read
    /// only by targets or environments lists `(targets, environments)`.
    public func secretReferences() -> [String: [String]] {
        let names: (String) -> [String] = { text in
            Template.references(in: text).filter { $0.kind == .secret }.map(\.name)
        }
        var used: [String: [String]] = [:]
        for entry in specs {
            let strings = entry.spec.templatedStrings + (entry.spec.auth?.values.map(\.value) ?? [])
            for name in Set(strings.flatMap(names)).sorted() { used[name, default: []].append(entry.id) }
        }
        var shared: [String] = []
        for target in targets.values {
            for text in [target.baseURL] + target.headers.map(\.value) + (target.auth?.values.map(\.value) ?? []) {
                shared += names(text)
            }
        }
        for environment in environments.values { shared += environment.variables.flatMap { names($0.value) } }
        for name in shared where used[name] == nil { used[name] = ["(targets, environments)"] }
        return used
    }
}

extension Workspace {
    /// The variables (`{{name}}`, not `{{env:…}}` nor `{{secret:…}}`) that `entry` reads: in its request,
    /// its auth, its target's base URL, headers and auth, and its expectations; sorted.
    package func variablesRead(by entry: SpecEntry) -> [String] {
        let spec = entry.spec
        var strings = spec.templatedStrings + (spec.auth?.values.map(\.value) ?? [])
        if !spec.hasFullURL, let target = target(for: spec) {
            strings += [target.baseURL] + target.headers.map(\.value) + (target.auth?.values.map(\.value) ?? [])
        }
        for expectation in spec.expect { strings += expectation.templatedStrings }
        let names = strings.flatMap(Template.references(in:)).filter(\.isVariable).map(\.name)
        return Set(names).sorted()
    }
}

extension ResponseExpectation {
    /// The strings of it that are templated when it is checked (schemas are not).
    var templatedStrings: [String] {
        func text(_ check: TextCheck) -> [String] {
            switch check {
            case .equals(let text), .contains(let text), .matches(let text): [text]
            case .exists: []
            }
        }
        func json(_ value: JSONValue) -> [String] {
            switch value {
            case .string(let text): [text]
            case .array(let items): items.flatMap(json)
            case .object(let members): members.values.flatMap(json)
            default: []
            }
        }
        switch self {
        case .status(.template(let text)): return [text]
        case .header(_, let check), .body(let check): return text(check)
        case .json(_, let check):
            switch check {
            case .equals(let value), .notEquals(let value), .contains(let value): return json(value)
            case .matches(let pattern): return [pattern]
            case .exists, .type, .compare, .count: return []
            }
        case .status, .durationUnder, .timing, .schema, .openAPIContract, .grpcStatus, .graphQLNoErrors: return []
        }
    }
}
