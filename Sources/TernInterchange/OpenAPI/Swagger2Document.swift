import Foundation
import Tern

/// The subset of a Swagger 2.0 description the importer reads; schemas stay generic `JSONValue`s.
struct Swagger2Document: Decodable {
    var swagger: String
    var info: JSONValue?
    var host: String?
    var basePath: String?
    var schemes: [String]?
    var consumes: [String]?
    var produces: [String]?
    var paths: OrderedMap<Swagger2PathItem>
    var definitions: [String: JSONValue]?
    var parameters: [String: Swagger2Parameter]?
    var responses: [String: Swagger2Response]?
    var securityDefinitions: [String: Swagger2SecurityScheme]?
    var security: [[String: [String]]]?
    var tags: JSONValue?
}

/// A mapping whose key order is kept where the decoder keeps it (YAML).
struct OrderedMap<Value: Decodable>: Decodable {
    var keys: [String]
    var values: [String: Value]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        keys = container.allKeys.map(\.stringValue)
        var values: [String: Value] = [:]
        for key in container.allKeys { values[key.stringValue] = try container.decode(Value.self, forKey: key) }
        self.values = values
    }
}

/// Any string key.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = String(intValue) }
}

/// A Swagger 2.0 path item: shared parameters and an operation per method.
struct Swagger2PathItem: Decodable {
    var parameters: [Swagger2Parameter]?
    var get: Swagger2Operation?
    var put: Swagger2Operation?
    var post: Swagger2Operation?
    var delete: Swagger2Operation?
    var options: Swagger2Operation?
    var head: Swagger2Operation?
    var patch: Swagger2Operation?

    /// The operations with their method names, in OpenAPI's order.
    var operations: [(method: String, operation: Swagger2Operation)] {
        [
            ("get", get), ("put", put), ("post", post), ("delete", delete), ("options", options), ("head", head),
            ("patch", patch),
        ].compactMap { pair in pair.1.map { (pair.0, $0) } }
    }
}

/// A Swagger 2.0 operation.
struct Swagger2Operation: Decodable {
    var tags: [String]?
    var summary: String?
    var description: String?
    var operationId: String?
    var consumes: [String]?
    var produces: [String]?
    var parameters: [Swagger2Parameter]?
    var responses: [String: Swagger2Response]?
    var deprecated: Bool?
    var security: [[String: [String]]]?
}

/// A Swagger 2.0 parameter (or a `$ref` to one).
struct Swagger2Parameter: Decodable {
    var ref: String?
    var name: String?
    var location: String?
    var required: Bool?
    var description: String?
    var type: String?
    var format: String?
    var items: JSONValue?
    var collectionFormat: String?
    var defaultValue: JSONValue?
    var enumValues: [JSONValue]?
    var schema: JSONValue?
    var example: JSONValue?

    enum CodingKeys: String, CodingKey {
        case ref = "$ref"
        case name
        case location = "in"
        case required, description, type, format, items, collectionFormat
        case defaultValue = "default"
        case enumValues = "enum"
        case schema
        case example = "x-example"
    }
}

/// A Swagger 2.0 response (or a `$ref` to one).
struct Swagger2Response: Decodable {
    var ref: String?
    var description: String?
    var schema: JSONValue?
    var examples: [String: JSONValue]?

    enum CodingKeys: String, CodingKey {
        case ref = "$ref"
        case description, schema, examples
    }
}

/// A Swagger 2.0 security definition.
struct Swagger2SecurityScheme: Decodable {
    var type: String
    var name: String?
    var location: String?
    var flow: String?
    var authorizationUrl: String?
    var tokenUrl: String?
    var scopes: [String: String]?
    var description: String?

    enum CodingKeys: String, CodingKey {
        case type, name
        case location = "in"
        case flow, authorizationUrl, tokenUrl, scopes, description
    }
}
