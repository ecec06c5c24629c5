import Foundation
import Tern

/// Turns a Swagger 2.0 description into an OpenAPI 3.0 document (as JSON), so one mapping serves both:
/// host + basePath + schemes → servers, `body`/`formData` parameters → request bodies,
/// `definitions` → component schemas, `securityDefinitions` → security schemes.
enum Swagger2Converter {
    static func convert(_ swagger: Swagger2Document) -> (data: Data, warnings: [String]) {
        var warnings: [String] = []
        var root: [String: JSONValue] = ["openapi": "3.0.3"]
        root["info"] = swagger.info ?? ["title": "API", "version": ""]
        root["servers"] = .array(servers(swagger).map { .object(["url": .string($0)]) })
        var paths: [String: JSONValue] = [:]
        for key in swagger.paths.keys {
            guard let item = swagger.paths.values[key] else { continue }
            paths[key] = pathItem(item, swagger: swagger, path: key, warnings: &warnings)
        }
        root["paths"] = .object(paths)
        var components: [String: JSONValue] = [:]
        if let definitions = swagger.definitions { components["schemas"] = rewrite(.object(definitions)) }
        if let schemes = swagger.securityDefinitions {
            components["securitySchemes"] = .object(schemes.mapValues(securityScheme))
        }
        root["components"] = .object(components)
        if let security = swagger.security { root["security"] = securityValue(security) }
        if let tags = swagger.tags { root["tags"] = tags }
        // Sorted keys: `JSONValue` objects are dictionaries, whose order differs from run to run; a form's
        // fields would come out in another order on every import (and a re-import would differ).
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(JSONValue.object(root))) ?? Data("{}".utf8)
        return (data, warnings)
    }

    private static func servers(_ swagger: Swagger2Document) -> [String] {
        let basePath = swagger.basePath ?? ""
        guard let host = swagger.host, !host.isEmpty else { return [basePath.isEmpty ? "/" : basePath] }
        let schemes = swagger.schemes.flatMap { $0.isEmpty ? nil : $0 } ?? ["https"]
        return schemes.map { "\($0)://\(host)\(basePath)" }
    }

    private static func pathItem(
        _ item: Swagger2PathItem, swagger: Swagger2Document, path: String, warnings: inout [String]
    ) -> JSONValue {
        var out: [String: JSONValue] = [:]
        let shared = (item.parameters ?? []).map { resolve($0, swagger) }
        out["parameters"] = .array(shared.filter { !isBody($0) }.map(parameter))
        for (method, operation) in item.operations {
            var op: [String: JSONValue] = [:]
            if let tags = operation.tags { op["tags"] = .array(tags.map { .string($0) }) }
            if let summary = operation.summary { op["summary"] = .string(summary) }
            if let description = operation.description { op["description"] = .string(description) }
            if let id = operation.operationId { op["operationId"] = .string(id) }
            if operation.deprecated == true { op["deprecated"] = true }
            if let security = operation.security { op["security"] = securityValue(security) }
            let own = (operation.parameters ?? []).map { resolve($0, swagger) }
            op["parameters"] = .array(own.filter { !isBody($0) }.map(parameter))
            let consumes = operation.consumes ?? swagger.consumes ?? ["application/json"]
            let bodyParameters =
                own.filter(isBody)
                + shared.filter { p in
                    isBody(p) && !own.contains { $0.name == p.name && $0.location == p.location }
                }
            if let body = requestBody(bodyParameters, consumes: consumes) { op["requestBody"] = body }
            let produces = operation.produces ?? swagger.produces ?? ["application/json"]
            var responses: [String: JSONValue] = [:]
            for (code, response) in operation.responses ?? [:] {
                responses[code] = self.response(resolve(response, swagger), produces: produces)
            }
            if responses.isEmpty { responses["default"] = ["description": ""] }
            op["responses"] = .object(responses)
            out[method] = .object(op)
        }
        return .object(out)
    }

    private static func isBody(_ parameter: Swagger2Parameter) -> Bool {
        parameter.location == "body" || parameter.location == "formData"
    }

    private static func resolve(_ parameter: Swagger2Parameter, _ swagger: Swagger2Document) -> Swagger2Parameter {
        guard let ref = parameter.ref, ref.hasPrefix("#/parameters/") else { return parameter }
        let name = unescape(String(ref.dropFirst("#/parameters/".count)))
        return swagger.parameters?[name] ?? parameter
    }

    private static func resolve(_ response: Swagger2Response, _ swagger: Swagger2Document) -> Swagger2Response {
        guard let ref = response.ref, ref.hasPrefix("#/responses/") else { return response }
        let name = unescape(String(ref.dropFirst("#/responses/".count)))
        return swagger.responses?[name] ?? response
    }

    private static func unescape(_ token: String) -> String {
        token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    private static func parameter(_ parameter: Swagger2Parameter) -> JSONValue {
        var out: [String: JSONValue] = [
            "name": .string(parameter.name ?? ""), "in": .string(parameter.location ?? "query"),
        ]
        if parameter.required == true || parameter.location == "path" { out["required"] = true }
        if let description = parameter.description { out["description"] = .string(description) }
        out["schema"] = simpleSchema(parameter)
        if let example = parameter.example { out["example"] = example }
        if parameter.type == "array", parameter.location == "query" {
            switch parameter.collectionFormat ?? "csv" {
            case "multi":
                out["style"] = "form"
                out["explode"] = true
            case "ssv":
                out["style"] = "spaceDelimited"
                out["explode"] = false
            case "pipes":
                out["style"] = "pipeDelimited"
                out["explode"] = false
            default:
                out["style"] = "form"
                out["explode"] = false
            }
        }
        return .object(out)
    }

    private static func simpleSchema(_ parameter: Swagger2Parameter) -> JSONValue {
        var schema: [String: JSONValue] = [:]
        if let type = parameter.type { schema["type"] = .string(type == "file" ? "string" : type) }
        if parameter.type == "file" {
            schema["format"] = "binary"
        } else if let format = parameter.format {
            schema["format"] = .string(format)
        }
        if let items = parameter.items { schema["items"] = rewrite(items) }
        if let values = parameter.enumValues { schema["enum"] = .array(values) }
        if let value = parameter.defaultValue { schema["default"] = value }
        return .object(schema)
    }

    private static func requestBody(_ parameters: [Swagger2Parameter], consumes: [String]) -> JSONValue? {
        if let body = parameters.first(where: { $0.location == "body" }) {
            var media: [String: JSONValue] = ["schema": rewrite(body.schema ?? [:])]
            if let example = body.example { media["example"] = example }
            let types = consumes.filter { !$0.contains("form") }
            let content = (types.isEmpty ? ["application/json"] : types).map { ($0, JSONValue.object(media)) }
            return [
                "required": .bool(body.required ?? false),
                "content": .object(Dictionary(content, uniquingKeysWith: { first, _ in first })),
            ]
        }
        let fields = parameters.filter { $0.location == "formData" }
        guard !fields.isEmpty else { return nil }
        var properties: [String: JSONValue] = [:]
        for field in fields { properties[field.name ?? ""] = simpleSchema(field) }
        let required = fields.filter { $0.required == true }.compactMap { $0.name }.map { JSONValue.string($0) }
        let multipart = fields.contains { $0.type == "file" } || consumes.contains("multipart/form-data")
        let type = multipart ? "multipart/form-data" : "application/x-www-form-urlencoded"
        let schema: JSONValue = ["type": "object", "properties": .object(properties), "required": .array(required)]
        return ["content": .object([type: ["schema": schema]])]
    }

    private static func response(_ response: Swagger2Response, produces: [String]) -> JSONValue {
        var out: [String: JSONValue] = ["description": .string(response.description ?? "")]
        var content: [String: JSONValue] = [:]
        if let schema = response.schema {
            for type in produces { content[type] = ["schema": rewrite(schema)] }
        }
        for (type, example) in response.examples ?? [:] {
            var media: [String: JSONValue] = ["example": example]
            if let schema = response.schema { media["schema"] = rewrite(schema) }
            content[type] = .object(media)
        }
        if !content.isEmpty { out["content"] = .object(content) }
        return .object(out)
    }

    private static func securityScheme(_ scheme: Swagger2SecurityScheme) -> JSONValue {
        var out: [String: JSONValue] = [:]
        if let description = scheme.description { out["description"] = .string(description) }
        switch scheme.type {
        case "basic":
            out["type"] = "http"
            out["scheme"] = "basic"
        case "apiKey":
            out["type"] = "apiKey"
            out["name"] = .string(scheme.name ?? "")
            out["in"] = .string(scheme.location ?? "header")
        default:
            out["type"] = "oauth2"
            var flow: [String: JSONValue] = ["scopes": .object((scheme.scopes ?? [:]).mapValues { .string($0) })]
            if let url = scheme.authorizationUrl { flow["authorizationUrl"] = .string(url) }
            if let url = scheme.tokenUrl { flow["tokenUrl"] = .string(url) }
            let name =
                switch scheme.flow {
                case "password": "password"
                case "application": "clientCredentials"
                case "accessCode": "authorizationCode"
                default: "implicit"
                }
            out["flows"] = .object([name: .object(flow)])
        }
        return .object(out)
    }

    private static func securityValue(_ requirements: [[String: [String]]]) -> JSONValue {
        .array(requirements.map { .object($0.mapValues { .array($0.map { .string($0) }) }) })
    }

    /// A Swagger schema as an OpenAPI 3.0 one: `#/definitions/` references, `type: file`, string discriminators.
    static func rewrite(_ value: JSONValue, depth: Int = 0) -> JSONValue {
        guard depth < OpenAPIPreflight.maxDepth else { return value }
        switch value {
        case .object(var object):
            for (key, item) in object {
                if key == "$ref", case .string(let ref) = item, ref.hasPrefix("#/definitions/") {
                    object[key] = .string("#/components/schemas/" + ref.dropFirst("#/definitions/".count))
                } else if key == "discriminator", case .string(let name) = item {
                    object[key] = ["propertyName": .string(name)]
                } else if key == "type", item == "file" {
                    object[key] = "string"
                    object["format"] = "binary"
                } else if key.hasPrefix("x-") || key == "example" || key == "default" || key == "enum" {
                    continue
                } else {
                    object[key] = rewrite(item, depth: depth + 1)
                }
            }
            return .object(object)
        case .array(let items):
            return .array(items.map { rewrite($0, depth: depth + 1) })
        default:
            return value
        }
    }
}
