/// The JSON Schema dialect a schema is read in.
///
/// OpenAPI 3.1 Schema Objects are plain draft 2020-12 (its extra keywords such as `discriminator` are
/// unknown keywords there, so they are ignored): use `.draft2020_12` for them.
public enum JSONSchemaDialect: String, Sendable, CaseIterable {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// JSON Schema draft 2020-12, the default.
    case draft2020_12 = "https://json-schema.org/draft/2020-12/schema"
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// JSON Schema draft 2019-09.
    case draft2019_09 = "https://json-schema.org/draft/2019-09/schema"
    /// JSON Schema draft-07.
    case draft7 = "http://json-schema.org/draft-07/schema"
    /// The OpenAPI 3.0 Schema Object: `nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`, `items` as one
    /// schema, `$ref` siblings ignored, no `$schema` or `$id`; `example`, `discriminator`, `xml`, `externalDocs`,
    /// `readOnly`, `writeOnly` and `deprecated` are annotations.
    case openAPI30 = "https://spec.openapis.org/oas/3.0/schema"

    /// The dialect named by a `$schema` value (with or without an empty fragment), if it is a known one.
    public init?(schemaURI: String) {
        let trimmed = schemaURI.hasSuffix("#") ? String(schemaURI.dropLast()) : schemaURI
        guard let dialect = JSONSchemaDialect(rawValue: trimmed), dialect != .openAPI30 else { return nil }
        self = dialect
    }

    /// The `$schema` URIs this validator knows, for messages.
    static let metaschemaURIs = [draft2020_12, draft2019_09, draft7].map(\.rawValue)

    /// The vocabularies in force when the meta-schema does not say otherwise.
    var defaultVocabularies: Vocabularies {
        switch self {
        case .draft2020_12, .draft2019_09: return Vocabularies.standard
        case .draft7, .openAPI30: return Vocabularies.standard.subtracting(.unevaluated)
        }
    }

    /// Whether `$id`, `$anchor` and `$schema` mean anything in this dialect.
    var hasIdentifiers: Bool { self != .openAPI30 }

    /// Whether `$ref` makes its sibling keywords ignored (draft-07 and OpenAPI 3.0).
    var refOverridesSiblings: Bool { self == .draft7 || self == .openAPI30 }
}
