import Foundation
import OpenAPIKit
import Tern
import TernWorkspace

extension OpenAPIMapper {
    /// One operation as a spec: path, parameters, body, sample and security.
    mutating func operation(
        path: String, item: OpenAPI.PathItem, endpoint: OpenAPI.PathItem.Endpoint, pointer: String
    ) throws(ImportError) -> ImportedSpec {
        let operation = endpoint.operation
        let method = endpoint.method.rawValue.uppercased()
        let label = operation.operationId.map { "\($0) (\(method) \(path))" } ?? "\(method) \(path)"
        var spec = SpecDefinition(
            name: operation.summary ?? operation.operationId ?? "\(method) \(path)", target: group, method: method,
            path: templatedPath(path))
        let parameters = try merged(
            try resolve(
                item.parameters,
                pointer: pointer.components(separatedBy: "/").dropLast()
                    .joined(separator: "/") + "/parameters"),
            try resolve(operation.parameters, pointer: pointer + "/parameters"))
        var cookies: [String] = []
        var cookiesRequired = false
        for parameter in parameters {
            let value = try parameterValue(parameter, pointer: pointer)
            switch parameter.context.location {
            case .path:
                addVariable(Slug.variable(parameter.name), value: text(value ?? ""))
            case .query:
                spec.query.append((parameter.name, value ?? ""))
                if !parameter.required { spec.disabled.query.append(parameter.name) }
                applyStyle(parameter, to: &spec, label: label)
            case .header:
                spec.headers.append((parameter.name, text(value ?? "")))
                if !parameter.required { spec.disabled.headers.append(parameter.name) }
            case .cookie:
                cookies.append("\(parameter.name)=\(text(value ?? ""))")
                cookiesRequired = cookiesRequired || parameter.required
            case .querystring:
                warn("the querystring parameter \(parameter.name) of \(label) is not imported")
            }
        }
        for name in pathVariables(path) { addVariable(Slug.variable(name), value: "") }
        if !cookies.isEmpty {
            spec.headers.append(("Cookie", cookies.joined(separator: "; ")))
            if !cookiesRequired { spec.disabled.headers.append("Cookie") }
        }
        guard spec.headers.count <= ImportLimits.maximumHeaders else {
            throw ImportError(
                "\(label) has " + ImportLimits.tooManyHeaders(spec.headers.count, what: "header parameters"),
                at: pointer + "/parameters")
        }
        try applyBody(operation, to: &spec, pointer: pointer, label: label)
        spec.sample = try sample(operation, pointer: pointer, label: label)
        try applySecurity(operation, to: &spec, pointer: pointer, label: label)
        noteUnsupported(operation, item: item, label: label)
        spec.openAPI = descriptionPath.map { OpenAPIOperation(document: $0, method: method, path: path) }
        let folder = operation.tags?.first
        let name = fileName(operationId: operation.operationId, method: method, path: path, folder: folder ?? "")
        return ImportedSpec(folders: folder.map { [$0] } ?? [], fileName: name, spec: spec)
    }

    /// `{id}` → `{{id}}` (names made template-safe).
    private func templatedPath(_ path: String) -> String {
        var out = ""
        var name: String?
        for character in path {
            if character == "{", name == nil {
                name = ""
            } else if character == "}", let current = name {
                out += "{{\(Slug.variable(current))}}"
                name = nil
            } else if name != nil {
                name?.append(character)
            } else {
                out.append(character)
            }
        }
        if let name { out += "{" + name }
        return out
    }

    private func pathVariables(_ path: String) -> [String] {
        path.split(separator: "{").dropFirst().compactMap { part in
            part.firstIndex(of: "}").map { String(part[..<$0]) }
        }
    }

    /// Parameters with their `$ref`s resolved; an external reference is a warning, a missing one an error.
    private mutating func resolve(
        _ parameters: OpenAPI.Parameter.Array, pointer: String
    ) throws(ImportError) -> [OpenAPI.Parameter] {
        var out: [OpenAPI.Parameter] = []
        for (index, entry) in parameters.enumerated() {
            if let parameter = document.components[entry] {
                out.append(parameter)
            } else if case .a(let reference) = entry, case .external(let url) = reference.jsonReference {
                warn("the parameter \(url.absoluteString) is in another file and is not imported")
            } else {
                throw ImportError("the parameter's $ref points to nothing in components", at: "\(pointer)/\(index)")
            }
        }
        return out
    }

    /// Path-level parameters overridden by the operation's of the same name and location.
    private func merged(_ shared: [OpenAPI.Parameter], _ own: [OpenAPI.Parameter]) throws(ImportError)
        -> [OpenAPI.Parameter]
    {
        shared.filter { p in !own.contains { $0.name == p.name && $0.location == p.location } } + own
    }

    /// The parameter's example, examples' first, schema example, default, or a generated value.
    private func parameterValue(_ parameter: OpenAPI.Parameter, pointer: String) throws(ImportError) -> JSONValue? {
        switch parameter.schemaOrContent {
        case .a(let context):
            if let value = context.example.flatMap({ OpenAPIExamples.value($0.value) }) { return value }
            if let value = firstExample(context.examples) { return value }
            let schema: JSONSchema
            switch context.schema {
            case .a(let reference):
                guard let found = document.components[reference] else {
                    throw ImportError(
                        "the schema $ref \(reference.jsonReference.absoluteString) of parameter \(parameter.name) "
                            + "points to nothing", at: pointer + "/parameters")
                }
                schema = found
            case .b(let inline): schema = inline
            }
            return examples.generate(schema)
        case .b(let content):
            guard let media = content.values.first.flatMap({ document.components[$0] }) else { return nil }
            return mediaExample(media) ?? media.schema.map { examples.generate($0) }
        }
    }

    /// `style`/`explode` as the spec's `arrayEncoding` (one per spec: a conflict is a warning).
    private mutating func applyStyle(_ parameter: OpenAPI.Parameter, to spec: inout SpecDefinition, label: String) {
        guard case .a(let context) = parameter.schemaOrContent else { return }
        switch context.style {
        case .form:
            let encoding: ArrayEncoding = context.explode ? .individual : .comma
            let type = document.components[context.schema]?.jsonType
            if type == .object {
                warn(
                    "the object query parameter \(parameter.name) of \(label) is sent in brackets "
                        + "(\(parameter.name)[key]=value, deepObject style), not as form style")
            }
            guard type == .array else { return }
            if spec.query.count > 1, spec.arrayEncoding != encoding,
                spec.query.dropLast().contains(where: {
                    if case .array = $0.value { return true }
                    return false
                })
            {
                warn(
                    "the array query parameters of \(label) mix exploded and comma styles; \(parameter.name) "
                        + "is sent as \(spec.arrayEncoding.rawValue)")
                return
            }
            spec.arrayEncoding = encoding
        case .deepObject:
            return
        default:
            warn(
                "the \(context.style.rawValue) style of query parameter \(parameter.name) of \(label) "
                    + "is sent as form style")
        }
    }

    private mutating func noteUnsupported(_ operation: OpenAPI.Operation, item: OpenAPI.PathItem, label: String) {
        if !operation.callbacks.isEmpty {
            warn("the callbacks of \(label) are not imported: " + operation.callbacks.keys.joined(separator: ", "))
        }
        var links: [String] = []
        for response in operation.responses.values {
            if let found = document.components[response] { links += found.links.keys }
        }
        if !links.isEmpty { warn("the links of \(label) are not imported: " + links.joined(separator: ", ")) }
        if operation.deprecated { warn("\(label) is deprecated") }
        if let servers = operation.servers ?? item.servers, let first = servers.first,
            first.urlTemplate.rawValue != document.servers.first?.urlTemplate.rawValue
        {
            warn("\(label) names its own server \(first.urlTemplate.rawValue): it is sent to baseURL")
        }
    }

    /// A scalar as text, anything else as compact JSON.
    func text(_ value: JSONValue) -> String {
        if let scalar = value.scalarText { return scalar }
        if case .array(let items) = value, items.allSatisfy({ $0.scalarText != nil }) {
            return items.compactMap(\.scalarText).joined(separator: ",")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The first of an `examples` map that resolves to a value.
    func firstExample(_ map: OpenAPI.Example.Map?) -> JSONValue? {
        // A JSON source was decoded without its key order: the first by name then, the same on every import.
        let pairs = (map ?? [:]).map { (name: $0.key, entry: $0.value) }
        let ordered = propertiesInNameOrder ? pairs.sorted { $0.name < $1.name } : pairs
        for (_, entry) in ordered {
            if let example = document.components[entry], let value = example.dataOrLegacyValue,
                let json = OpenAPIExamples.value(value.value)
            {
                return json
            }
        }
        return nil
    }

    /// A media type's `example`, `examples` first, or its schema's example.
    func mediaExample(_ media: OpenAPI.Content) -> JSONValue? {
        if let value = media.example.flatMap({ OpenAPIExamples.value($0.value) }) { return value }
        if let value = firstExample(media.examples) { return value }
        return media.schema.flatMap { examples.schemaExample($0) }
    }
}
