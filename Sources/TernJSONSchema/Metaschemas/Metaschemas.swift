import TernJSONPath

/// The meta-schemas of the supported drafts, embedded so that `$ref` to them works offline.
enum Metaschemas {
    /// Each meta-schema's text by its absolute URI (without the empty fragment).
    static let texts: [String: String] = [
        "https://json-schema.org/draft/2020-12/schema": draft2020Schema,
        "https://json-schema.org/draft/2020-12/meta/core": draft2020Core,
        "https://json-schema.org/draft/2020-12/meta/applicator": draft2020Applicator,
        "https://json-schema.org/draft/2020-12/meta/unevaluated": draft2020Unevaluated,
        "https://json-schema.org/draft/2020-12/meta/validation": draft2020Validation,
        "https://json-schema.org/draft/2020-12/meta/meta-data": draft2020MetaData,
        "https://json-schema.org/draft/2020-12/meta/format-annotation": draft2020FormatAnnotation,
        "https://json-schema.org/draft/2020-12/meta/format-assertion": draft2020FormatAssertion,
        "https://json-schema.org/draft/2020-12/meta/content": draft2020Content,
        "https://json-schema.org/draft/2019-09/schema": draft2019Schema,
        "https://json-schema.org/draft/2019-09/meta/core": draft2019Core,
        "https://json-schema.org/draft/2019-09/meta/applicator": draft2019Applicator,
        "https://json-schema.org/draft/2019-09/meta/validation": draft2019Validation,
        "https://json-schema.org/draft/2019-09/meta/meta-data": draft2019MetaData,
        "https://json-schema.org/draft/2019-09/meta/format": draft2019Format,
        "https://json-schema.org/draft/2019-09/meta/content": draft2019Content,
        "http://json-schema.org/draft-07/schema": draft7Schema,
    ]

    /// The parsed meta-schemas by URI; a text that failed to parse is absent (a test checks none does).
    static let documents: [String: JSONPathValue] = texts.compactMapValues { try? JSONPathValue(decoding: $0) }
}
