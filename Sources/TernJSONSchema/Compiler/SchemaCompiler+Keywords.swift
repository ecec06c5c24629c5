import TernJSONPath

extension SchemaCompiler {
    /// Compiles the keywords of one schema object that its dialect and vocabularies define, in evaluation order
    /// (references first, `unevaluated*` last).
    mutating func compileKeywords(of object: JSONPathObject, node: Int, at location: Location, context: Context)
        throws(JSONSchemaError) -> [Keyword]
    {
        let reader = KeywordReader(object: object, pointer: location.pointer)
        var keywords: [Keyword] = []
        try compileReferences(reader, node: node, context: context, into: &keywords)
        let dialect = context.dialect
        if dialect.refOverridesSiblings && object["$ref"] != nil { return keywords }
        for container in ["$defs", "definitions"] {
            for (name, value) in try reader.members(container) ?? [] {
                _ = try compileNode(
                    value, at: location.appending([container, name]), context: context.descending([container, name]))
            }
        }
        if context.vocabularies.contains(.validation) { keywords += try validationKeywords(reader, dialect: dialect) }
        if let format = try reader.string("format"),
            formatAssertion || context.vocabularies.contains(.formatAssertion)
        {
            keywords.append(Keyword(name: "format", kind: .format(format)))
        }
        if context.vocabularies.contains(.applicator) {
            keywords += try applicatorKeywords(reader, at: location, context: context)
        }
        if context.vocabularies.contains(.unevaluated) && dialect != .draft7 && dialect != .openAPI30 {
            for name in ["unevaluatedItems", "unevaluatedProperties"] {
                guard let value = object[name] else { continue }
                let child = try compileNode(value, at: location.appending([name]), context: context.descending([name]))
                let kind: Keyword.Kind =
                    name == "unevaluatedItems" ? .unevaluatedItems(child) : .unevaluatedProperties(child)
                keywords.append(Keyword(name: name, kind: kind))
            }
        }
        return keywords
    }

    /// `$ref`, `$dynamicRef` and `$recursiveRef`, left unresolved and queued.
    private mutating func compileReferences(
        _ reader: KeywordReader, node: Int, context: Context, into keywords: inout [Keyword]
    ) throws(JSONSchemaError) {
        var names: [(String, PendingReference.Kind)] = [("$ref", .ref)]
        if context.dialect == .draft2020_12 { names.append(("$dynamicRef", .dynamicRef)) }
        if context.dialect == .draft2019_09 { names.append(("$recursiveRef", .recursiveRef)) }
        for (name, kind) in names {
            guard let reference = try reader.string(name) else { continue }
            let uri = URIReference.resolve(reference, against: context.base)
            pending.append(
                PendingReference(node: node, keyword: keywords.count, uri: uri, kind: kind, context: context))
            keywords.append(Keyword(name: name, kind: .unresolved))
        }
    }

    /// The validation vocabulary: type, enum, const, numeric, string, array and object limits.
    private mutating func validationKeywords(_ reader: KeywordReader, dialect: JSONSchemaDialect)
        throws(JSONSchemaError) -> [Keyword]
    {
        var keywords: [Keyword] = []
        if let types = try typeNames(reader, dialect: dialect) {
            keywords.append(Keyword(name: "type", kind: .type(types)))
        }
        if let values = reader.object["enum"] {
            guard case .array(let elements) = values else { throw reader.failure("enum", "must be an array") }
            keywords.append(Keyword(name: "enum", kind: .enumeration(elements)))
        }
        if dialect != .openAPI30, let value = reader.object["const"] {
            keywords.append(Keyword(name: "const", kind: .constant(value)))
        }
        if let step = try reader.number("multipleOf") {
            guard JSONNumber.compare(step, .int(0)) == 1 else { throw reader.failure("multipleOf", "must be above 0") }
            keywords.append(Keyword(name: "multipleOf", kind: .multipleOf(step)))
        }
        keywords += try numericLimits(reader, dialect: dialect)
        let counts: [(String, (Int) -> Keyword.Kind)] = [
            ("maxLength", Keyword.Kind.maxLength), ("minLength", Keyword.Kind.minLength),
            ("maxItems", Keyword.Kind.maxItems), ("minItems", Keyword.Kind.minItems),
            ("maxProperties", Keyword.Kind.maxProperties), ("minProperties", Keyword.Kind.minProperties),
        ]
        for (name, make) in counts {
            if let count = try reader.count(name) { keywords.append(Keyword(name: name, kind: make(count))) }
        }
        if let pattern = try reader.string("pattern") {
            keywords.append(
                Keyword(name: "pattern", kind: .pattern(try regex(pattern, at: reader.pointer + ["pattern"]))))
        }
        if try reader.bool("uniqueItems") == true { keywords.append(Keyword(name: "uniqueItems", kind: .uniqueItems)) }
        if let required = try reader.strings("required") {
            keywords.append(Keyword(name: "required", kind: .required(required)))
        }
        if dialect == .draft2019_09 || dialect == .draft2020_12, let members = try reader.members("dependentRequired") {
            var dependencies: [(String, [String])] = []
            for (name, value) in members {
                let inner = KeywordReader(object: JSONPathObject([("names", value)]), pointer: reader.pointer)
                guard let names = try? inner.strings("names") else {
                    throw reader.failure("dependentRequired", "must map names to arrays of strings")
                }
                dependencies.append((name, names))
            }
            keywords.append(Keyword(name: "dependentRequired", kind: .dependentRequired(dependencies)))
        }
        return keywords
    }

    private func typeNames(_ reader: KeywordReader, dialect: JSONSchemaDialect) throws(JSONSchemaError) -> [JSONType]? {
        guard let value = reader.object["type"] else { return nil }
        let names: [JSONPathValue]
        switch value {
        case .string: names = [value]
        case .array(let elements): names = elements
        default: throw reader.failure("type", "must be a type name or an array of them")
        }
        var types: [JSONType] = []
        for name in names {
            guard case .string(let text) = name, let type = JSONType(rawValue: text) else {
                let known = JSONType.allCases.map(\.rawValue).joined(separator: ", ")
                throw reader.failure("type", "names an unknown type \(name.jsonText) (known: \(known))")
            }
            types.append(type)
        }
        if dialect == .openAPI30, try reader.bool("nullable") == true { types.append(.null) }
        return types
    }

    /// `maximum`, `minimum` and their exclusive forms (numbers, or OpenAPI 3.0's booleans).
    private func numericLimits(_ reader: KeywordReader, dialect: JSONSchemaDialect) throws(JSONSchemaError) -> [Keyword]
    {
        var keywords: [Keyword] = []
        for (bound, exclusiveName) in [("maximum", "exclusiveMaximum"), ("minimum", "exclusiveMinimum")] {
            let isMaximum = bound == "maximum"
            func make(_ limit: JSONPathValue, _ exclusive: Bool) -> Keyword.Kind {
                isMaximum ? .maximum(limit, exclusive: exclusive) : .minimum(limit, exclusive: exclusive)
            }
            if dialect == .openAPI30 {
                let exclusive = try reader.bool(exclusiveName) ?? false
                if let limit = try reader.number(bound) {
                    keywords.append(Keyword(name: bound, kind: make(limit, exclusive)))
                }
                continue
            }
            if let limit = try reader.number(bound) { keywords.append(Keyword(name: bound, kind: make(limit, false))) }
            if let limit = try reader.number(exclusiveName) {
                keywords.append(Keyword(name: exclusiveName, kind: make(limit, true)))
            }
        }
        return keywords
    }
}
