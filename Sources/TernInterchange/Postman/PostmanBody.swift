import Tern
import TernWorkspace

/// Postman bodies: `raw` (with `options.raw.language`), `urlencoded`, `formdata`, `file`, `graphql`.
enum PostmanBody {
    /// Sets `draft.body` (and a `Content-Type` the mode implies) from a `body` node.
    static func read(_ node: JSONNode?, into draft: inout RequestDraft, context: ImportContext) throws(ImportError) {
        guard let node, let mode = node.text("mode") else { return }
        if node["disabled"]?.bool == true {
            context.warn("\(draft.name): the body is disabled and was not imported")
            return
        }
        switch mode {
        case "raw":
            let raw = node.text("raw") ?? ""
            guard !raw.isEmpty else { return }
            let language = node["options"]?["raw"]?.text("language")
            let contentType = draft.headers.first { !$0.disabled && $0.name.lowercased() == "content-type" }?.value
            RawBody.set(raw, language: language, contentType: contentType, into: &draft)
        case "urlencoded":
            var pairs: [(name: String, value: String)] = []
            for field in try node.list("urlencoded") {
                guard let key = field.text("key") else { continue }
                if field["disabled"]?.bool == true {
                    context.warn("\(draft.name): disabled form field '\(key)' was not imported")
                    continue
                }
                pairs.append((key, field.text("value") ?? ""))
            }
            draft.body = .form(pairs)
        case "formdata":
            draft.body = .multipart(try parts(node.list("formdata"), item: draft.name, context: context))
        case "file":
            if let src = node["file"]?.text("src"), !src.isEmpty {
                draft.body = .file(context.fileReference(src, item: draft.name))
            } else if let content = node["file"]?.text("content") {
                draft.body = .text(content)
            } else {
                context.warn("\(draft.name): the file body names no file and was not imported")
            }
        case "graphql":
            let graphql = node["graphql"]
            var body = GraphQLBodyDefinition(query: graphql?.text("query") ?? "")
            body.operationName = graphql?.text("operationName").flatMap { $0.isEmpty ? nil : $0 }
            if let variables = graphql?.text("variables"), !variables.trimmingSpaces.isEmpty {
                if case .object? = JSONDocument.value(ofText: variables) {
                    body.variables = JSONDocument.value(ofText: variables)
                } else {
                    context.warn("\(draft.name): the GraphQL variables are not a JSON object and were not imported")
                }
            } else if let variables = graphql?["variables"], variables.isObject {
                body.variables = variables.value
            }
            draft.body = .graphql(body)
        case "none":
            return
        default:
            context.warn("\(draft.name): body mode '\(mode)' was not imported")
        }
    }

    private static func parts(
        _ fields: [JSONNode], item: String, context: ImportContext
    ) -> [MultipartPartDefinition] {
        var parts: [MultipartPartDefinition] = []
        for field in fields {
            guard let key = field.text("key") else { continue }
            if field["disabled"]?.bool == true {
                context.warn("\(item): disabled form-data field '\(key)' was not imported")
                continue
            }
            let contentType = field.text("contentType").flatMap { $0.isEmpty ? nil : $0 }
            guard field.text("type") == "file" else {
                parts.append(
                    MultipartPartDefinition(name: key, value: field.text("value") ?? "", contentType: contentType))
                continue
            }
            let sources = field["src"]?.elements?.compactMap(\.text) ?? field.text("src").map { [$0] } ?? []
            let files = sources.filter { !$0.isEmpty }
            if files.isEmpty {
                context.warn("\(item): form-data file field '\(key)' names no file and was not imported")
            }
            for file in files {
                parts.append(
                    MultipartPartDefinition(
                        name: key, file: context.fileReference(file, item: item), contentType: contentType))
            }
        }
        return parts
    }
}

/// A raw text body: JSON when it is declared JSON and parses, else text with its Content-Type.
enum RawBody {
    /// Sets `draft.body` for `raw` declared as `language` (Postman) or by the request's Content-Type.
    static func set(_ raw: String, language: String?, contentType: String?, into draft: inout RequestDraft) {
        let declaredJSON = language?.lowercased() == "json" || (contentType?.lowercased().contains("json") ?? false)
        if declaredJSON, let value = JSONDocument.value(ofText: raw) {
            draft.body = .json(value)
            return
        }
        draft.body = .text(raw)
        guard contentType == nil else { return }
        let implied: String? =
            switch language?.lowercased() {
            case "json": "application/json"
            case "xml": "application/xml"
            case "html": "text/html"
            case "javascript": "application/javascript"
            case "graphql": "application/graphql"
            default: nil
            }
        if let implied { draft.headers.append(RequestDraft.Row(name: "Content-Type", value: implied)) }
    }
}
