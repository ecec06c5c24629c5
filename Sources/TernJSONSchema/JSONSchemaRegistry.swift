public import TernJSONPath

/// The schema documents a `$ref` can reach, by absolute URI, plus a hook that loads the ones not added.
///
/// The meta-schemas of draft 2020-12, 2019-09 and draft-07 are built in, so `$ref` and `$schema` to them work
/// offline.
public struct JSONSchemaRegistry: Sendable {
    /// Loads the document at an absolute URI (no fragment) that was not added; nil when there is none.
    public typealias Retrieve = @Sendable (String) -> JSONPathValue?

    private var documents: [String: JSONPathValue] = [:]
    private let retrieve: Retrieve?

    /// Creates a registry with only the built-in meta-schemas and, optionally, a hook for unknown URIs.
    public init(retrieve: Retrieve? = nil) {
        self.retrieve = retrieve
    }

    /// Adds (or replaces) the document found at the absolute URI `uri`.
    public mutating func add(_ document: JSONPathValue, at uri: String) {
        documents[URIReference.removingFragment(uri)] = document
    }

    /// The document at `uri` (an added one, a built-in meta-schema, or what `retrieve` returns).
    func document(at uri: String) -> JSONPathValue? {
        let key = URIReference.removingFragment(uri)
        if let document = documents[key] ?? Metaschemas.documents[key] { return document }
        return retrieve?(key)
    }
}
