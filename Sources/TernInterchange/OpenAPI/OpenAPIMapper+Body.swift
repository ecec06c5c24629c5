import Foundation
import OpenAPIKit
import Tern
import TernWorkspace

extension OpenAPIMapper {
    /// The request body: JSON preferred, then a form, then multipart, else text.
    mutating func applyBody(
        _ operation: OpenAPI.Operation, to spec: inout SpecDefinition, pointer: String, label: String
    ) throws(ImportError) {
        guard let entry = operation.requestBody else { return }
        guard let request = document.components[entry] else {
            if case .a(let reference) = entry, case .external(let url) = reference.jsonReference {
                warn("the request body of \(label) is in \(url.absoluteString) and is not imported")
                return
            }
            throw ImportError("the request body's $ref points to nothing in components", at: pointer + "/requestBody")
        }
        let types = request.content.keys.map(\.rawValue)
        guard
            let type = types.first(where: Self.isJSON)
                ?? types.first(where: { $0.hasPrefix("application/x-www-form-urlencoded") })
                ?? types.first(where: { $0.hasPrefix("multipart/form-data") }) ?? types.first,
            let mediaEntry = request.content.first(where: { $0.key.rawValue == type })?.value
        else { return }
        guard let media = document.components[mediaEntry] else {
            throw ImportError("the media type's $ref points to nothing", at: pointer + "/requestBody/content")
        }
        let schema = media.schema.flatMap { document.components[$0] }
        let value = mediaExample(media) ?? media.schema.map { examples.generate($0) } ?? .null
        if Self.isJSON(type) {
            spec.body = .json(value)
            if type != "application/json" { spec.headers.append(("Content-Type", type)) }
        } else if type.hasPrefix("application/x-www-form-urlencoded") {
            spec.body = .form(orderedFields(value, schema: schema).map { ($0.name, text($0.value)) })
        } else if type.hasPrefix("multipart/form-data") {
            spec.body = .multipart(
                orderedFields(value, schema: schema).map { field in
                    let property = schema.flatMap { propertySchema(field.name, of: $0) }
                    if property?.formatString == "binary" || property?.formatString == "base64" {
                        warn("choose the file for part \(field.name) of \(label)")
                        return MultipartPartDefinition(name: field.name, file: "path/to/\(field.name)")
                    }
                    return MultipartPartDefinition(name: field.name, value: text(field.value))
                })
        } else {
            spec.body = .text(value == .null ? "" : text(value))
            spec.headers.append(("Content-Type", type))
        }
        if request.content.count > 1 {
            warn("\(label) also accepts " + types.filter { $0 != type }.joined(separator: ", ") + "; \(type) is used")
        }
    }

    /// The first 2xx response (lowest code) with a JSON example, as a sample.
    func sample(_ operation: OpenAPI.Operation, pointer: String, label: String) throws(ImportError)
        -> SampleDefinition?
    {
        var candidates: [(code: Int, entry: Either<OpenAPI.Reference<OpenAPI.Response>, OpenAPI.Response>)] = []
        for (status, entry) in operation.responses {
            if case .status(let code) = status.value, (200..<300).contains(code) { candidates.append((code, entry)) }
        }
        for candidate in candidates.sorted(by: { $0.code < $1.code }) {
            guard let response = document.components[candidate.entry] else {
                if case .a(let reference) = candidate.entry, case .internal = reference.jsonReference {
                    throw ImportError(
                        "the response's $ref points to nothing in components",
                        at: pointer + "/responses/\(candidate.code)")
                }
                continue
            }
            for (type, entry) in response.content where Self.isJSON(type.rawValue) {
                if let media = document.components[entry], let value = mediaExample(media) {
                    // The documented type, so that a replayed sample keeps its contract (`application/scim+json`).
                    let headers =
                        type.rawValue == "application/json" ? [] : [(name: "Content-Type", value: type.rawValue)]
                    return SampleDefinition(status: candidate.code, headers: headers, body: value)
                }
            }
        }
        return nil
    }

    /// `application/json`, `application/problem+json`, `text/json`...
    static func isJSON(_ type: String) -> Bool {
        let base = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? type
        return base == "application/json" || base.hasSuffix("+json") || base.hasSuffix("/json")
    }

    /// The fields of an object value, in the schema's property order first.
    private func orderedFields(_ value: JSONValue, schema: JSONSchema?) -> [(name: String, value: JSONValue)] {
        guard case .object(let object) = value else { return [] }
        var names: [String] = []
        if let schema, case .object(_, let context) = schema.value {
            names = context.properties.keys.filter { object[$0] != nil }
            if propertiesInNameOrder { names.sort() }
        }
        names += object.keys.filter { !names.contains($0) }.sorted()
        return names.compactMap { name in object[name].map { (name, $0) } }
    }

    private func propertySchema(_ name: String, of schema: JSONSchema) -> JSONSchema? {
        guard case .object(_, let context) = schema.value, let property = context.properties[name] else { return nil }
        return document.components[property] ?? property
    }
}
