import TernJSONPath

extension SchemaCompiler {
    /// The applicator vocabulary: keywords that apply subschemas in place or to members and items.
    mutating func applicatorKeywords(_ reader: KeywordReader, at location: Location, context: Context)
        throws(JSONSchemaError) -> [Keyword]
    {
        let dialect = context.dialect
        let isOpenAPI = dialect == .openAPI30
        var keywords: [Keyword] = []
        func child(_ value: JSONPathValue, _ tokens: [String]) throws(JSONSchemaError) -> Int {
            try compileNode(value, at: location.appending(tokens), context: context.descending(tokens))
        }
        func list(_ name: String) throws(JSONSchemaError) -> [Int]? {
            guard let values = try reader.array(name) else { return nil }
            var nodes: [Int] = []
            for (index, value) in values.enumerated() { nodes.append(try child(value, [name, String(index)])) }
            return nodes
        }
        func map(_ name: String) throws(JSONSchemaError) -> [(String, Int)]? {
            guard let members = try reader.members(name) else { return nil }
            var nodes: [(String, Int)] = []
            for (key, value) in members { nodes.append((key, try child(value, [name, key]))) }
            return nodes
        }

        if let nodes = try list("allOf") { keywords.append(Keyword(name: "allOf", kind: .allOf(nodes))) }
        if let nodes = try list("anyOf") { keywords.append(Keyword(name: "anyOf", kind: .anyOf(nodes))) }
        if let nodes = try list("oneOf") { keywords.append(Keyword(name: "oneOf", kind: .oneOf(nodes))) }
        if let value = reader.object["not"] {
            keywords.append(Keyword(name: "not", kind: .not(try child(value, ["not"]))))
        }
        if !isOpenAPI {
            let branches = try ["if", "then", "else"].map { (name) throws(JSONSchemaError) -> Int? in
                guard let value = reader.object[name] else { return nil }
                return try child(value, [name])
            }
            if let condition = branches[0] {
                keywords.append(
                    Keyword(name: "if", kind: .conditional(if: condition, then: branches[1], else: branches[2])))
            }
        }

        let properties = try map("properties") ?? []
        if reader.object["properties"] != nil {
            keywords.append(Keyword(name: "properties", kind: .properties(properties)))
        }
        var patterns: [(SchemaPattern, Int)] = []
        if !isOpenAPI, let members = try reader.members("patternProperties") {
            for (pattern, value) in members {
                let compiled = try regex(pattern, at: location.pointer + ["patternProperties", pattern])
                patterns.append((compiled, try child(value, ["patternProperties", pattern])))
            }
            keywords.append(Keyword(name: "patternProperties", kind: .patternProperties(patterns)))
        }
        if let value = reader.object["additionalProperties"] {
            let node = try child(value, ["additionalProperties"])
            let kind = Keyword.Kind.additionalProperties(
                node, named: Set(properties.map(\.0)), patterns: patterns.map(\.0))
            keywords.append(Keyword(name: "additionalProperties", kind: kind))
        }
        if !isOpenAPI, let value = reader.object["propertyNames"] {
            keywords.append(Keyword(name: "propertyNames", kind: .propertyNames(try child(value, ["propertyNames"]))))
        }
        if dialect == .draft2019_09 || dialect == .draft2020_12, let nodes = try map("dependentSchemas") {
            keywords.append(Keyword(name: "dependentSchemas", kind: .dependentSchemas(nodes)))
        }
        if !isOpenAPI { keywords += try dependencies(reader, child: child) }
        keywords += try itemKeywords(reader, dialect: dialect, child: child, list: list)
        if !isOpenAPI, let value = reader.object["contains"] {
            let hasBounds = dialect != .draft7 && context.vocabularies.contains(.validation)
            let minimum = hasBounds ? try reader.count("minContains") ?? 1 : 1
            let maximum = hasBounds ? try reader.count("maxContains") : nil
            let kind = Keyword.Kind.contains(
                try child(value, ["contains"]), minimum: minimum, maximum: maximum,
                annotates: dialect == .draft2020_12)
            keywords.append(Keyword(name: "contains", kind: kind))
        }
        return keywords
    }

    /// Draft-07 `dependencies` (also honoured by the later drafts): arrays of names or schemas.
    private func dependencies(
        _ reader: KeywordReader, child: (JSONPathValue, [String]) throws(JSONSchemaError) -> Int
    ) throws(JSONSchemaError) -> [Keyword] {
        guard let members = try reader.members("dependencies") else { return [] }
        var required: [(String, [String])] = []
        var schemas: [(String, Int)] = []
        for (name, value) in members {
            if case .array(let names) = value {
                let strings = names.compactMap { if case .string(let text) = $0 { text } else { nil } }
                guard strings.count == names.count else {
                    throw reader.failure("dependencies", "must map names to schemas or arrays of strings")
                }
                required.append((name, strings))
            } else {
                schemas.append((name, try child(value, ["dependencies", name])))
            }
        }
        return [
            Keyword(name: "dependencies", kind: .dependentRequired(required)),
            Keyword(name: "dependencies", kind: .dependentSchemas(schemas)),
        ]
    }

    /// `prefixItems` / `items` (2020-12), or `items` as a schema or an array plus `additionalItems` (earlier drafts).
    private func itemKeywords(
        _ reader: KeywordReader, dialect: JSONSchemaDialect,
        child: (JSONPathValue, [String]) throws(JSONSchemaError) -> Int,
        list: (String) throws(JSONSchemaError) -> [Int]?
    ) throws(JSONSchemaError) -> [Keyword] {
        var keywords: [Keyword] = []
        if dialect == .draft2020_12 {
            let prefix = try list("prefixItems")
            if let prefix { keywords.append(Keyword(name: "prefixItems", kind: .prefixItems(prefix))) }
            if let value = reader.object["items"] {
                if case .array = value {
                    throw reader.failure("items", "must be a schema (use prefixItems for an array)")
                }
                keywords.append(
                    Keyword(name: "items", kind: .items(try child(value, ["items"]), from: prefix?.count ?? 0)))
            }
            return keywords
        }
        guard let value = reader.object["items"] else { return keywords }
        guard case .array = value, dialect != .openAPI30 else {
            if case .array = value { throw reader.failure("items", "must be a schema in OpenAPI 3.0") }
            return [Keyword(name: "items", kind: .items(try child(value, ["items"]), from: 0))]
        }
        let prefix = try list("items") ?? []
        keywords.append(Keyword(name: "items", kind: .prefixItems(prefix)))
        if let additional = reader.object["additionalItems"] {
            let node = try child(additional, ["additionalItems"])
            keywords.append(Keyword(name: "additionalItems", kind: .items(node, from: prefix.count)))
        }
        return keywords
    }
}
