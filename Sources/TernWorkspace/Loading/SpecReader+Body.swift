import Foundation
import Tern
import Yams

extension SpecReader {
    /// `body:` — a mapping with exactly one of `json`, `form`, `text`, `file`, `multipart`, `graphql`.
    mutating func body(_ node: Node) throws(WorkspaceError) -> BodyDefinition? {
        if case .scalar(let scalar) = node, ScalarValue.isNull(scalar) { return nil }
        let fields = try reader.fields(node, of: "'body'", allowed: BodyDefinition.kinds)
        guard let kind = fields.keys.first, let value = fields[kind] else {
            throw reader.error(
                .missingField, "'body' needs one of \(BodyDefinition.kinds.joined(separator: ", "))", at: node
            )
        }
        if fields.keys.count > 1, let second = fields[fields.keys[1]] {
            throw reader.error("'body' has both '\(kind)' and '\(fields.keys[1])': keep one", at: second)
        }
        switch kind {
        case "json":
            return .json(try reader.json(value, path: "body/json", layout: &layout))
        case "form":
            var locations: [String: SourceLocation] = [:]
            let pairs = try reader.stringPairs(value, field: "body.form") { locations["body/form/" + $0] = $1 }
            for (path, location) in locations { layout[location: path] = location }
            return .form(pairs)
        case "text":
            let text = try reader.optionalString(value, field: "body.text") ?? ""
            locate("body/text", value, text)
            return .text(text)
        case "file":
            let path = try reader.string(value, field: "body.file")
            layout[location: "body/file"] = SourceLocation(value)
            return .file(path)
        case "graphql":
            return .graphql(try graphQL(value))
        default:
            return .multipart(try multipart(value))
        }
    }

    /// `body.graphql:` `query` or `queryFile` (one of them), `operationName`, `variables` (any value, templated
    /// like `json`), `check`.
    private mutating func graphQL(_ node: Node) throws(WorkspaceError) -> GraphQLBodyDefinition {
        let fields = try reader.fields(node, of: "'body.graphql'", allowed: GraphQLBodyDefinition.fields)
        layout[order: "body/graphql"] = fields.keys
        var body: GraphQLBodyDefinition
        if let fileNode = fields["queryFile"] {
            if let queryNode = fields["query"] {
                throw reader.error("'body.graphql' has both 'query' and 'queryFile': keep one", at: queryNode)
            }
            body = try graphQLQueryFile(fileNode)
        } else {
            guard let queryNode = fields["query"] else {
                throw reader.error(
                    .missingField,
                    "'body.graphql' needs a 'query' (the GraphQL document) or a 'queryFile' (a .graphql file)",
                    at: node)
            }
            let query = try reader.string(queryNode, field: "body.graphql.query")
            guard !query.trimmingWhitespaceAndNewlines().isEmpty else {
                throw reader.error("'body.graphql.query' is empty: write the GraphQL document", at: queryNode)
            }
            locate("body/graphql/query", queryNode, query)
            layout.graphQLQuery = GraphQLQueryPlace(queryNode)
            body = GraphQLBodyDefinition(query: query)
        }
        if let check = fields["check"] { body.check = try reader.bool(check, field: "body.graphql.check") }
        if let name = fields["operationName"] {
            body.operationName = try reader.optionalString(name, field: "body.graphql.operationName")
        }
        if let variables = fields["variables"] {
            let value = try reader.json(variables, path: "body/graphql/variables", layout: &layout)
            guard case .object = value else {
                if value == .null { return body }
                throw reader.error(
                    "'body.graphql.variables' must be a mapping of variable names to values", at: variables)
            }
            body.variables = value
        }
        return body
    }

    /// `body.graphql.queryFile:` the document read from a file beside the spec (its path relative to the spec's
    /// own file), at most `WorkspaceLimits.maximumFileSize` bytes of UTF-8.
    private mutating func graphQLQueryFile(_ node: Node) throws(WorkspaceError) -> GraphQLBodyDefinition {
        let path = try reader.string(node, field: "body.graphql.queryFile")
        layout[location: "body/graphql/queryFile"] = SourceLocation(node)
        guard !path.isEmpty, !path.contains("{{") else {
            throw reader.error(
                "'body.graphql.queryFile' names a .graphql file beside the spec (no {{variables}}), not '\(path)'",
                at: node)
        }
        let file = URL(fileURLWithPath: path, relativeTo: reader.file.deletingLastPathComponent()).standardizedFileURL
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.contents(atPath: file.path)
        } catch {
            throw reader.error("'body.graphql.queryFile' \(path) cannot be read: \(error.reason)", at: node)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw reader.error("'body.graphql.queryFile' \(path) is not UTF-8 text", at: node)
        }
        guard !text.trimmingWhitespaceAndNewlines().isEmpty else {
            throw reader.error("'body.graphql.queryFile' \(path) is empty: write the GraphQL document in it", at: node)
        }
        layout.graphQLQueryFile = file
        var body = GraphQLBodyDefinition(query: text)
        body.queryFile = path
        return body
    }

    private mutating func multipart(_ node: Node) throws(WorkspaceError) -> [MultipartPartDefinition] {
        guard case .sequence(let sequence) = node else {
            throw reader.error(
                "'body.multipart' must be a list of parts ({ name, value | file, contentType, filename }), not "
                    + "\(NodeReader.describe(node))",
                at: node
            )
        }
        var parts: [MultipartPartDefinition] = []
        for (index, element) in sequence.enumerated() {
            let path = "body/multipart/\(index)"
            let fields = try reader.fields(
                element, of: "a multipart part", allowed: ["name", "value", "file", "contentType", "filename"]
            )
            layout[order: path] = fields.keys
            let name = try reader.string(try required("name", in: fields), field: "multipart name")
            var part = MultipartPartDefinition(name: name)
            if let value = fields["value"] {
                part.value = try reader.optionalString(value, field: "multipart value") ?? ""
                locate(path + "/value", value, part.value ?? "")
            }
            if let file = fields["file"] {
                part.file = try reader.string(file, field: "multipart file")
                layout[location: path + "/file"] = SourceLocation(file)
            }
            if let type = fields["contentType"] {
                part.contentType = try reader.optionalString(type, field: "multipart contentType")
            }
            if let filename = fields["filename"] {
                part.filename = try reader.optionalString(filename, field: "multipart filename")
            }
            guard (part.value == nil) != (part.file == nil) else {
                throw reader.error(
                    part.value == nil ? .missingField : .invalidValue,
                    "multipart part '\(name)' needs exactly one of 'value' and 'file'", at: element
                )
            }
            parts.append(part)
        }
        return parts
    }
}
