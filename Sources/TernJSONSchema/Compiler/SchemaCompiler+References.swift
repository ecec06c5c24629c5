import TernJSONPath

extension SchemaCompiler {
    /// Resolves every pending reference, compiling (and loading) what they reach until nothing is left.
    mutating func resolvePending() throws(JSONSchemaError) {
        try finishNodes()
        while let reference = pending.popLast() {
            let target = try resolve(reference.uri, context: reference.context)
            guard case .keywords(var keywords) = program.nodes[reference.node].body else { continue }
            switch reference.kind {
            case .ref:
                keywords[reference.keyword].kind = .ref(target)
            case .recursiveRef:
                keywords[reference.keyword].kind = .recursiveRef(target)
            case .dynamicRef:
                let fragment = URIReference.splitFragment(reference.uri).fragment ?? ""
                let resource = program.resources[program.nodes[target].resource]
                let isDynamic = !fragment.isEmpty && resource.dynamicAnchors[fragment] == target
                keywords[reference.keyword].kind = .dynamicRef(target, anchor: isDynamic ? fragment : nil)
            }
            program.nodes[reference.node].body = .keywords(keywords)
            try finishNodes()
        }
    }

    /// The node an absolute URI reference names: a resource, a JSON pointer inside one, or an anchor.
    mutating func resolve(_ uri: String, context: Context) throws(JSONSchemaError) -> Int {
        let (base, fragment) = URIReference.splitFragment(uri)
        if resourceAt[base] == nil {
            try load(base, dialect: context.dialect)
            try finishNodes()
        }
        guard let entry = resourceAt[base] else { throw .unresolvableReference(uri) }
        let fragmentText = fragment ?? ""
        if fragmentText.isEmpty || fragmentText.hasPrefix("/") || fragmentText.hasPrefix("%2F") {
            guard let tokens = JSONPointer.tokens(fromFragment: fragmentText) else { throw .unresolvableReference(uri) }
            let location = entry.location.appending(tokens)
            if let node = nodeAt[location] { return node }
            guard let value = JSONPointer.resolve(location.pointer, in: documents[location.document]) else {
                throw .unresolvableReference(uri)
            }
            return try compileNode(value, at: location, context: entry.context.descending(tokens))
        }
        guard let node = anchors[base + "#" + fragmentText] else { throw .unresolvableReference(uri) }
        return node
    }

    /// Loads the document at `uri` from the registry and compiles it.
    private mutating func load(_ uri: String, dialect: JSONSchemaDialect) throws(JSONSchemaError) {
        guard documentURIs[uri] == nil else { return }
        guard let document = registry.document(at: uri) else { throw .unresolvableReference(uri) }
        _ = try addDocument(document, at: uri, dialect: dialect, forced: false)
    }

    /// The dialect and vocabularies `$schema` of `object` declares; `inherited` when it has none.
    func declaredDialect(of object: JSONPathObject, inherited: Context) throws(JSONSchemaError)
        -> (JSONSchemaDialect, Vocabularies)
    {
        guard let value = object["$schema"] else { return (inherited.dialect, inherited.vocabularies) }
        guard case .string(let uri) = value else { throw .invalidSchema(at: "/$schema", "$schema must be a string") }
        if let known = JSONSchemaDialect(schemaURI: uri) { return (known, known.defaultVocabularies) }
        guard case .object(let metaschema)? = registry.document(at: uri),
            case .string(let metaURI)? = metaschema["$schema"], let dialect = JSONSchemaDialect(schemaURI: metaURI)
        else { throw .unknownDialect(uri) }
        guard case .object(let declared)? = metaschema["$vocabulary"] else {
            return (dialect, dialect.defaultVocabularies)
        }
        return (dialect, Vocabularies(declared: declared.keys))
    }

    /// A compiled regular expression for an ECMA-262 `pattern`, from the cache when seen before.
    mutating func regex(_ pattern: String, at pointer: [String]) throws(JSONSchemaError) -> SchemaPattern {
        if let cached = regexCache[pattern] { return SchemaPattern(source: pattern, regex: cached) }
        guard let compiled = BoundedRegex(ECMAScriptPattern.icuPattern(pattern)) else {
            throw .invalidSchema(at: JSONPointer.text(pointer), "'\(pattern)' is not a valid regular expression")
        }
        regexCache[pattern] = compiled
        return SchemaPattern(source: pattern, regex: compiled)
    }
}
