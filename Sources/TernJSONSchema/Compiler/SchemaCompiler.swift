import TernJSONPath

/// Compiles schema documents into a `SchemaProgram`: indexes resources and anchors, compiles each keyword, and
/// resolves references, loading the documents they name from the registry.
struct SchemaCompiler {
    /// A schema's place: a document (index into `documents`) and the pointer tokens inside it.
    struct Location: Hashable {
        let document: Int
        let pointer: [String]

        func appending(_ tokens: [String]) -> Location { Location(document: document, pointer: pointer + tokens) }
    }

    /// What a schema inherits from where it sits: dialect, vocabularies, base URI and resource.
    struct Context {
        var dialect: JSONSchemaDialect
        var vocabularies: Vocabularies
        var base: String
        var resource: Int
        var resourcePointer: [String]

        func descending(_ tokens: [String]) -> Context {
            var child = self
            child.resourcePointer += tokens
            return child
        }
    }

    /// A schema resource's root: where it is and the context in force there.
    struct ResourceEntry {
        let location: Location
        let context: Context
    }

    /// A `$ref`-like keyword waiting for its target.
    struct PendingReference {
        enum Kind { case ref, dynamicRef, recursiveRef }
        let node: Int
        let keyword: Int
        let uri: String
        let kind: Kind
        let context: Context
    }

    /// An object schema whose node exists (so references and anchors can name it) but whose keywords wait.
    struct UnfinishedNode {
        let node: Int
        let object: JSONPathObject
        let location: Location
        let context: Context
    }

    /// The base URI of a schema given without one (relative references resolve against it).
    static let defaultBaseURI = "tern:/schema.json"

    let registry: JSONSchemaRegistry
    let formatAssertion: Bool
    var program = SchemaProgram(nodes: [], resources: [], root: 0, dialect: .draft2020_12)
    var documents: [JSONPathValue] = []
    var documentURIs: [String: Int] = [:]
    var nodeAt: [Location: Int] = [:]
    var resourceAt: [String: ResourceEntry] = [:]
    var anchors: [String: Int] = [:]
    var pending: [PendingReference] = []
    var unfinished: [UnfinishedNode] = []
    var regexCache: [String: BoundedRegex] = [:]

    /// Compiles `schema` and everything its references reach.
    static func compile(
        _ schema: JSONPathValue, baseURI: String?, dialect: JSONSchemaDialect?, registry: JSONSchemaRegistry,
        formatAssertion: Bool
    ) throws(JSONSchemaError) -> SchemaProgram {
        var compiler = SchemaCompiler(registry: registry, formatAssertion: formatAssertion)
        let base = URIReference.removingFragment(baseURI ?? defaultBaseURI)
        compiler.program.root = try compiler.addDocument(
            schema, at: base, dialect: dialect ?? .draft2020_12, forced: dialect != nil)
        try compiler.resolvePending()
        return compiler.program
    }

    /// Adds a document retrieved from `uri` and compiles it from its root.
    mutating func addDocument(_ document: JSONPathValue, at uri: String, dialect: JSONSchemaDialect, forced: Bool)
        throws(JSONSchemaError) -> Int
    {
        let index = documents.count
        documents.append(document)
        documentURIs[uri] = index
        var context = Context(
            dialect: dialect, vocabularies: dialect.defaultVocabularies, base: uri, resource: 0, resourcePointer: [])
        if !forced, dialect.hasIdentifiers, case .object(let object) = document {
            (context.dialect, context.vocabularies) = try declaredDialect(of: object, inherited: context)
        }
        context.resource = addResource(uri)
        if index == 0 { program.dialect = context.dialect }
        let location = Location(document: index, pointer: [])
        resourceAt[uri] = ResourceEntry(location: location, context: context)
        return try compileNode(document, at: location, context: context)
    }

    /// Compiles the schema `value` found at `location` (once: a second call returns the same node).
    mutating func compileNode(_ value: JSONPathValue, at location: Location, context inherited: Context)
        throws(JSONSchemaError) -> Int
    {
        if let existing = nodeAt[location] { return existing }
        guard location.pointer.count <= JSONSchemaLimits.maximumSchemaNesting else {
            throw .nestingTooDeep(at: JSONPointer.text(location.pointer))
        }
        let object: JSONPathObject
        switch value {
        case .bool(let flag):
            return appendNode(.always(flag), at: location, context: inherited)
        case .object(let members):
            object = members
        default:
            let found = value.typeName
            throw .invalidSchema(
                at: JSONPointer.text(location.pointer), "a schema is an object or a boolean, not \(found)")
        }
        let context = try enterIdentifiers(of: object, at: location, context: inherited)
        let node = appendNode(.keywords([]), at: location, context: context)
        try registerAnchors(of: object, node: node, at: location, context: context)
        unfinished.append(UnfinishedNode(node: node, object: object, location: location, context: context))
        return node
    }

    /// Compiles the keywords of every node allocated but not finished; their subschemas join the queue, so
    /// compiling never recurses (however deep the schema, the stack stays flat).
    mutating func finishNodes() throws(JSONSchemaError) {
        while let next = unfinished.popLast() {
            let keywords = try compileKeywords(
                of: next.object, node: next.node, at: next.location, context: next.context)
            program.nodes[next.node].body = .keywords(keywords)
        }
    }

    private mutating func appendNode(_ body: SchemaNode.Body, at location: Location, context: Context) -> Int {
        let uri = program.resources[context.resource].uri
        let absolute = uri == Self.defaultBaseURI ? nil : uri + "#" + JSONPointer.text(context.resourcePointer)
        program.nodes.append(SchemaNode(body: body, resource: context.resource, absoluteLocation: absolute))
        nodeAt[location] = program.nodes.count - 1
        return program.nodes.count - 1
    }

    private mutating func addResource(_ uri: String) -> Int {
        program.resources.append(SchemaResource(uri: uri))
        return program.resources.count - 1
    }

    /// Applies `$id` (a new resource and base URI, or a draft-07 `#anchor`) and an embedded `$schema`.
    private mutating func enterIdentifiers(of object: JSONPathObject, at location: Location, context: Context)
        throws(JSONSchemaError) -> Context
    {
        guard context.dialect.hasIdentifiers, let idValue = object["$id"] else { return context }
        if context.dialect.refOverridesSiblings && object["$ref"] != nil { return context }
        guard case .string(let id) = idValue else {
            throw .invalidSchema(at: JSONPointer.text(location.pointer + ["$id"]), "$id must be a string")
        }
        let (base, fragment) = URIReference.splitFragment(URIReference.resolve(id, against: context.base))
        if context.dialect == .draft7, let fragment, !fragment.isEmpty, id.hasPrefix("#") {
            return context
        }
        guard base != context.base else { return context }
        var entered = context
        entered.base = base
        entered.resourcePointer = []
        if !location.pointer.isEmpty {
            (entered.dialect, entered.vocabularies) = try declaredDialect(of: object, inherited: context)
        }
        if let existing = resourceAt[base], existing.location == location {
            entered.resource = existing.context.resource
        } else {
            entered.resource = addResource(base)
            resourceAt[base] = ResourceEntry(location: location, context: entered)
        }
        return entered
    }

    /// Records `$anchor`, `$dynamicAnchor`, `$recursiveAnchor` and draft-07 `$id: "#name"` of `node`.
    private mutating func registerAnchors(
        of object: JSONPathObject, node: Int, at location: Location, context: Context
    ) throws(JSONSchemaError) {
        let dialect = context.dialect
        guard dialect.hasIdentifiers else { return }
        if dialect == .draft7 {
            guard object["$ref"] == nil, case .string(let id) = object["$id"] else { return }
            let (_, fragment) = URIReference.splitFragment(URIReference.resolve(id, against: context.base))
            if let fragment, !fragment.isEmpty { anchors[context.base + "#" + fragment] = node }
            return
        }
        for keyword in ["$anchor", "$dynamicAnchor"] {
            guard let value = object[keyword] else { continue }
            guard case .string(let name) = value else {
                throw .invalidSchema(at: JSONPointer.text(location.pointer + [keyword]), "\(keyword) must be a string")
            }
            if keyword == "$dynamicAnchor" && dialect != .draft2020_12 { continue }
            anchors[context.base + "#" + name] = node
            if keyword == "$dynamicAnchor" { program.resources[context.resource].dynamicAnchors[name] = node }
        }
        if dialect == .draft2019_09, object["$recursiveAnchor"] == .bool(true), context.resourcePointer.isEmpty {
            program.resources[context.resource].recursiveAnchorNode = node
        }
    }
}
