import TernJSONPath

/// One compiled schema (an object or a boolean) inside a `SchemaProgram`; subschemas are node indices.
struct SchemaNode: Sendable {
    /// A `true` / `false` schema, or the keywords of an object schema in evaluation order.
    enum Body: Sendable {
        case always(Bool)
        case keywords([Keyword])
    }

    /// What the node does.
    var body: Body
    /// The schema resource the node belongs to (an index into `SchemaProgram.resources`).
    let resource: Int
    /// Where the node is, as `uri#pointer` in its resource; nil when the root has no real URI.
    let absoluteLocation: String?
}

/// One compiled keyword: its name (for keyword locations) and what it checks or applies.
struct Keyword: Sendable {
    /// The keyword as written in the schema (`"exclusiveMaximum"`, `"additionalItems"`...).
    let name: String
    /// What the keyword does.
    var kind: Kind

    /// The behaviour of a keyword, with its subschemas as node indices.
    enum Kind: Sendable {
        case type([JSONType])
        case enumeration([JSONPathValue])
        case constant(JSONPathValue)
        case multipleOf(JSONPathValue)
        case maximum(JSONPathValue, exclusive: Bool)
        case minimum(JSONPathValue, exclusive: Bool)
        case maxLength(Int)
        case minLength(Int)
        case pattern(SchemaPattern)
        case format(String)
        case maxItems(Int)
        case minItems(Int)
        case uniqueItems
        case contains(Int, minimum: Int, maximum: Int?, annotates: Bool)
        case maxProperties(Int)
        case minProperties(Int)
        case required([String])
        case dependentRequired([(String, [String])])
        case properties([(String, Int)])
        case patternProperties([(SchemaPattern, Int)])
        case additionalProperties(Int, named: Set<String>, patterns: [SchemaPattern])
        case propertyNames(Int)
        case dependentSchemas([(String, Int)])
        case prefixItems([Int])
        case items(Int, from: Int)
        case allOf([Int])
        case anyOf([Int])
        case oneOf([Int])
        case not(Int)
        case conditional(if: Int, then: Int?, else: Int?)
        case ref(Int)
        case dynamicRef(Int, anchor: String?)
        case recursiveRef(Int)
        case unevaluatedProperties(Int)
        case unevaluatedItems(Int)
        /// A reference not resolved yet (only while compiling).
        case unresolved
    }
}

/// A `pattern` as written in the schema and compiled (after translation from ECMA-262 to ICU).
struct SchemaPattern: Sendable {
    /// The pattern as the schema writes it, for messages.
    let source: String
    /// The compiled, bounded expression.
    let regex: BoundedRegex
}

/// The JSON Schema `type` names.
enum JSONType: String, Sendable, CaseIterable {
    case null, boolean, object, array, number, string, integer

    /// Whether `value` is of this type (`integer` takes any number with a zero fraction).
    func matches(_ value: JSONPathValue) -> Bool {
        switch (self, value) {
        case (.null, .null), (.boolean, .bool), (.object, .object), (.array, .array), (.string, .string): return true
        case (.number, .int), (.number, .double): return true
        case (.integer, _): return JSONNumber.isInteger(value)
        default: return false
        }
    }

    /// The most precise type name of `value`, for messages ("integer" for numbers with no fraction).
    static func describe(_ value: JSONPathValue) -> String {
        JSONNumber.isInteger(value) ? "integer" : value.typeName
    }
}

/// A schema resource: a document root or a subschema with its own `$id`.
struct SchemaResource: Sendable {
    /// The resource's absolute URI without fragment.
    let uri: String
    /// `$dynamicAnchor` names declared in this resource, to the node declaring them.
    var dynamicAnchors: [String: Int] = [:]
    /// The root node, when its `$recursiveAnchor` is `true` (draft 2019-09).
    var recursiveAnchorNode: Int?
}

/// A compiled schema: its nodes, the root node, and the resources `$dynamicRef` searches.
struct SchemaProgram: Sendable {
    var nodes: [SchemaNode]
    var resources: [SchemaResource]
    var root: Int
    /// The dialect the root schema is read in (from `$schema`, its meta-schema, or the caller).
    var dialect: JSONSchemaDialect
}
