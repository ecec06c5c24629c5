import Tern
import TernWorkspace

/// Insomnia bodies by `mimeType`: JSON, form-urlencoded, multipart, a file, GraphQL, other text.
enum InsomniaBody {
    /// Sets `draft.body` from a `body` node; `convert` rewrites templates.
    static func read(
        _ node: JSONNode?, into draft: inout RequestDraft, context: ImportContext, convert: (String) -> String
    ) throws(ImportError) {
        guard let node, node.isObject else { return }
        let mimeType = node.text("mimeType")?.lowercased() ?? ""
        let contentType = draft.headers.first { !$0.disabled && $0.name.lowercased() == "content-type" }?.value
        switch mimeType {
        case "application/x-www-form-urlencoded":
            var pairs: [(name: String, value: String)] = []
            for param in try node.list("params") {
                guard let key = param.text("name") else { continue }
                if param["disabled"]?.bool == true {
                    context.warn("\(draft.name): disabled form field '\(key)' was not imported")
                    continue
                }
                pairs.append((key, convert(param.text("value") ?? "")))
            }
            draft.body = .form(pairs)
        case "multipart/form-data":
            var parts: [MultipartPartDefinition] = []
            for param in try node.list("params") {
                guard let key = param.text("name") else { continue }
                if param["disabled"]?.bool == true {
                    context.warn("\(draft.name): disabled multipart field '\(key)' was not imported")
                    continue
                }
                if param.text("type") == "file" {
                    guard let file = param.text("fileName"), !file.isEmpty else {
                        context.warn("\(draft.name): multipart file field '\(key)' names no file and was not imported")
                        continue
                    }
                    parts.append(
                        MultipartPartDefinition(name: key, file: context.fileReference(file, item: draft.name)))
                } else {
                    parts.append(MultipartPartDefinition(name: key, value: convert(param.text("value") ?? "")))
                }
            }
            draft.body = .multipart(parts)
        case "application/graphql":
            // Insomnia keeps the GraphQL-over-HTTP document as text: {"query", "operationName", "variables"}.
            // Its `variables` may be JSON text, with Insomnia templates in it.
            let text = node.text("text") ?? ""
            guard case .object(var document)? = JSONDocument.value(ofText: text) else {
                draft.body = .graphql(GraphQLBodyDefinition(query: text))
                return
            }
            if case .string(let variables)? = document["variables"] {
                let parsed = JSONDocument.value(ofText: convert(variables))
                if case .object? = parsed {
                    document["variables"] = parsed
                } else {
                    document["variables"] = nil
                    if !variables.trimmingSpaces.isEmpty {
                        context.warn("\(draft.name): the GraphQL variables are not a JSON object and were not imported")
                    }
                }
            }
            guard var body = GraphQLBodyDefinition(document: .object(document)) else {
                draft.body = .graphql(GraphQLBodyDefinition(query: text))
                return
            }
            body.variables = body.variables.map { RequestDraft.rewrite($0, convert) }
            draft.body = .graphql(body)
        default:
            if let file = node.text("fileName"), !file.isEmpty {
                draft.body = .file(context.fileReference(file, item: draft.name))
                addContentType(mimeType, to: &draft)
                return
            }
            guard let text = node.text("text"), !text.isEmpty else { return }
            RawBody.set(convert(text), language: nil, contentType: contentType ?? nilIfEmpty(mimeType), into: &draft)
            if case .text = draft.body { addContentType(mimeType, to: &draft) }
        }
    }

    private static func addContentType(_ mimeType: String, to draft: inout RequestDraft) {
        guard !mimeType.isEmpty, !draft.hasHeader("Content-Type") else { return }
        draft.headers.append(RequestDraft.Row(name: "Content-Type", value: mimeType))
    }

    private static func nilIfEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}
