import Foundation
import Tern
import TernWorkspace

/// Reads Postman collections v2.0 and v2.1 (JSON): folders, requests, auth with inheritance,
/// collection variables and saved examples. Scripts are reported, never run.
package enum PostmanImporter {
    /// The collection in `source`, or an error with a JSON pointer or `file:line:column`.
    package static func read(_ source: ImportSource) throws(ImportError) -> ImportedCollection {
        let root = JSONNode(try JSONDocument.parse(source))
        guard root.isObject else {
            throw ImportError("a Postman collection is a JSON object, not \(root.kind)", at: "#")
        }
        let info = root["info"]
        let schema = info?.text("schema") ?? ""
        if schema.contains("/v1.") || (info == nil && root["requests"] != nil) {
            throw ImportError("Postman collection v1 is not supported: export it as v2.1 from Postman", at: "#")
        }
        guard root["item"] != nil else {
            throw ImportError("not a Postman collection: 'item' is missing", at: "#/item")
        }
        let items = try root.list("item")
        let title = info?.text("name") ?? "postman"
        let context = ImportContext(source: source, group: source.groupName(title: title))
        var walker = PostmanWalker(context: context)
        try walker.readVariables(root.list("variable"))
        walker.reportExtras(of: root, item: "collection '\(title)'")
        try walker.walk(items, folders: [], auth: PostmanAuth.resolve(root["auth"], inherited: nil))
        // Nothing usable is left: the first problem is the answer.
        if walker.drafts.isEmpty, let first = walker.failures.first { throw first }
        let (specs, targets) = DraftAssembler.assemble(walker.drafts, context: context)
        let environments =
            context.variables.isEmpty
            ? [] : [ImportedEnvironment(name: context.group, variables: context.variables)]
        return ImportedCollection(
            format: .postman, title: title, specs: specs, targets: targets, environments: environments,
            files: context.files, skipped: context.skipped, warnings: context.warnings,
            localFiles: context.localFiles.uses, secrets: context.secrets)
    }
}

/// Walks the item tree depth-first, collecting drafts in source order.
struct PostmanWalker {
    let context: ImportContext
    private(set) var drafts: [RequestDraft] = []
    /// The requests that could not be read (each also a skipped item).
    private(set) var failures: [ImportError] = []
    /// Collection variables that hold secrets, by name: references become `{{secret:NAME}}`.
    private var secretVariables: [String: String] = [:]

    init(context: ImportContext) {
        self.context = context
    }

    /// Collection variables into the group environment; secrets become process environment names.
    mutating func readVariables(_ variables: [JSONNode]) throws(ImportError) {
        for variable in variables {
            guard let key = variable.text("key") ?? variable.text("id"), !key.isEmpty else { continue }
            let value = variable.text("value") ?? ""
            if variable["disabled"]?.bool == true {
                context.warn("collection variable '\(key)' is disabled and was not imported")
                continue
            }
            let isSecret =
                variable.text("type") == "secret"
                || (Credentials.looksSecret(key) && !value.isEmpty && !value.contains("{{"))
            let item = "collection variable '\(key)'"
            let kept = value.isEmpty || value.contains("{{") ? nil : value
            if let exported = PostmanExport.reference(describedBy: variable.text("description"), key: key) {
                // Tern wrote it: the same reference again (a value set in Postman since is kept).
                if exported.hasPrefix("secret:") { context.declareSecret(key, value: kept, item: item) }
                secretVariables[key] = exported
            } else if isSecret {
                // The value is kept in the secret store; an empty one (Postman exports secrets
                // without their values) is for the user to set.
                let name = Slug.environmentName(key)
                context.declareSecret(name, value: kept, item: item)
                secretVariables[key] = "secret:" + name
            } else {
                context.setVariable(key, value, item: "collection variable '\(key)'")
            }
        }
    }

    /// Folders and requests under `items`.
    mutating func walk(_ items: [JSONNode], folders: [String], auth: PostmanAuth?) throws(ImportError) {
        for item in items {
            guard item.isObject else {
                throw ImportError("an item must be an object, not \(item.kind)", at: item.pointer)
            }
            let name = item.text("name")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "request"
            if item["item"] != nil {
                let children = try item.list("item")
                reportExtras(of: item, item: "folder '\(name)'")
                let folderAuth = PostmanAuth.resolve(item["auth"], inherited: auth)
                try walk(children, folders: folders + [name], auth: folderAuth)
            } else if let request = item["request"] {
                // A request that breaks the format is left out with its pointer; the others import.
                do {
                    try read(request, item: item, name: name, folders: folders, auth: auth)
                } catch {
                    failures.append(error)
                    context.skipped.append(SkippedItem(item: name, reason: "\(error.description)"))
                }
            } else {
                context.skipped.append(SkippedItem(item: name, reason: "neither a request nor a folder"))
            }
        }
    }

    /// Scripts and protocol settings of an item, folder or collection, as warnings.
    func reportExtras(of node: JSONNode, item: String) {
        for event in (try? node.list("event")) ?? [] {
            let lines: [String]
            if let exec = event["script"]?["exec"] {
                lines = exec.elements?.compactMap(\.string) ?? exec.string.map { [$0] } ?? []
            } else {
                lines = []
            }
            guard lines.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { continue }
            let listen = event.text("listen") ?? "event"
            context.warn("\(item): \(listen) script not run (Tern does not run pm.* scripts)")
        }
        let changing = [
            "disableUrlEncoding", "disableCookies", "followRedirects", "followOriginalHttpMethod",
            "followAuthorizationHeader", "maxRedirects", "strictSSL", "insecureHTTPParser",
        ]
        if let behaviour = node["protocolProfileBehavior"] {
            for key in changing where behaviour[key] != nil {
                context.warn("\(item): protocolProfileBehavior.\(key) is not carried over")
            }
        }
    }

    private mutating func read(
        _ request: JSONNode, item: JSONNode, name: String, folders: [String], auth: PostmanAuth?
    ) throws(ImportError) {
        var draft = RequestDraft(name: name, folders: folders, method: "GET", url: "")
        var requestAuth = auth
        var pathVariables: [(String, String)] = []
        if let text = request.string {
            let url = PostmanURL.parse(raw: text)
            draft.url = url.url
            draft.query = url.query
        } else {
            guard request.isObject else {
                throw ImportError("a request must be a URL or an object, not \(request.kind)", at: request.pointer)
            }
            draft.method = request.text("method").flatMap { $0.isEmpty ? nil : $0 } ?? "GET"
            guard let urlNode = request["url"] else {
                context.skipped.append(SkippedItem(item: name, reason: "the request has no URL"))
                return
            }
            let url = try PostmanURL.read(urlNode)
            draft.url = url.url
            draft.query = url.query
            pathVariables = url.variables
            draft.headers = try PostmanURL.headers(request["header"])
            try PostmanBody.read(request["body"], into: &draft, context: context)
            if request["body"] == nil, request["data"] != nil {
                context.warn("\(name): 'data' is not a v2 request body and was not imported")
            }
            requestAuth = PostmanAuth.resolve(request["auth"], inherited: auth)
            for (key, what) in [("proxy", "proxy settings are"), ("certificate", "client certificate is")]
            where request[key] != nil {
                context.warn("\(name): the \(what) not carried over")
            }
        }
        if let requestAuth {
            AuthMapping.apply(type: requestAuth.type, params: requestAuth.params, to: &draft, context: context)
        }
        let responses = try item.list("response")
        draft.sample = PostmanResponse.sample(responses, item: name, context: context)
        reportExtras(of: item, item: name)
        for (key, value) in pathVariables where !value.isEmpty {
            context.setVariable(key, value, item: name)
        }
        Credentials.protect(&draft, context: context)
        rewriteReferences(&draft)
        drafts.append(draft)
    }

    /// Secret variables as `{{secret:NAME}}`; Postman's dynamic variables (`{{$guid}}`) reported.
    private func rewriteReferences(_ draft: inout RequestDraft) {
        var dynamic: [String] = []
        let secrets = secretVariables
        draft.rewriteStrings { text in
            Templates.rewrite(text) { name in
                if let secret = secrets[name] { return "{{\(secret)}}" }
                if name.hasPrefix("$"), !TemplateFunctions.knows(String(name.dropFirst())), !dynamic.contains(name) {
                    dynamic.append(name)
                }
                return nil
            }
        }
        for name in dynamic {
            context.warn("\(draft.name): Postman's dynamic variable {{\(name)}} is not generated; set it as a variable")
        }
    }
}
