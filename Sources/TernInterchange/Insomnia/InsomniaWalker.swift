import Foundation
import Tern
import TernWorkspace

/// Walks an Insomnia tree from a workspace: folders (with their auth) and requests in
/// `metaSortKey` order; resources that are not HTTP requests are listed as skipped.
struct InsomniaWalker {
    /// The requests that could not be read (each also a skipped item).
    private(set) var failures: [ImportError] = []
    /// An auth block's type and parameters.
    typealias Auth = (type: String, params: [String: String])

    let tree: InsomniaTree
    let context: ImportContext
    private(set) var drafts: [RequestDraft] = []
    /// The ids of the folders and requests reached from a workspace.
    private(set) var visited: Set<String> = []

    init(tree: InsomniaTree, context: ImportContext) {
        self.tree = tree
        self.context = context
    }

    /// Lists what is not imported: API specs, tests, cookies.
    func reportOthers() {
        for resource in tree.resources {
            let type = resource.text("_type") ?? "resource"
            let name = resource.text("name") ?? resource.text("fileName") ?? resource.text("_id") ?? type
            switch type {
            case "workspace", "request_group", "request", "environment", "websocket_payload", "websocket_request",
                "grpc_request", "proto_file", "proto_directory":
                continue
            case "cookie_jar":
                let count = resource["cookies"]?.elements?.count ?? 0
                if count > 0 { context.warn("cookie jar '\(name)': \(count) cookie(s) not imported") }
            case "api_spec":
                if let contents = resource.text("contents"), !contents.isEmpty {
                    context.skipped.append(
                        SkippedItem(item: name, reason: "an API description: import it with `tern import openapi`"))
                }
            case "unit_test_suite", "unit_test":
                context.skipped.append(SkippedItem(item: name, reason: "Insomnia unit tests are not run"))
            default:
                context.skipped.append(SkippedItem(item: name, reason: "Insomnia \(type) is not an HTTP request"))
            }
        }
    }

    /// The folders and requests under `parent`.
    mutating func walk(parent: String, folders: [String], auth: Auth?, depth: Int) throws(ImportError) {
        for child in tree.children[parent] ?? [] {
            if let id = child.text("_id") { visited.insert(id) }
            switch child.text("_type") {
            case "request_group":
                guard depth < InsomniaTree.maximumDepth else {
                    throw ImportError(
                        "folders nested deeper than \(InsomniaTree.maximumDepth) levels", at: child.pointer)
                }
                let name = child.text("name")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "folder"
                if case .object(let data) = child["environment"]?.value, !data.isEmpty {
                    for (key, value) in InsomniaEnvironments.flatten(data, order: nil) {
                        let converted = InsomniaTemplates.convert(value, item: "folder '\(name)'", context: context)
                        context.setVariable(key, converted, item: "folder '\(name)'")
                    }
                    context.warn("folder '\(name)': its environment is merged into '\(context.group)'")
                }
                let folderAuth = Self.resolve(child["authentication"], inherited: auth)
                try walk(parent: child.text("_id") ?? "", folders: folders + [name], auth: folderAuth, depth: depth + 1)
            case "request", "websocket_request":
                // A request that breaks the format is left out with its pointer; the others import.
                do {
                    try request(child, folders: folders, auth: auth)
                } catch {
                    failures.append(error)
                    let name = child.text("name") ?? child.text("_id") ?? "request"
                    context.skipped.append(SkippedItem(item: name, reason: error.description))
                }
            case "grpc_request":
                if let draft = InsomniaGRPC.draft(child, folders: folders, tree: tree, context: context) {
                    drafts.append(draft)
                }
            default:
                continue
            }
        }
    }

    /// The auth at a level: `{}` or missing inherits, `none` or `disabled` stops.
    static func resolve(_ node: JSONNode?, inherited: Auth?) -> Auth? {
        guard let node, case .object(let members) = node.value, let type = members["type"]?.scalarText else {
            return inherited
        }
        if type == "none" || node["disabled"]?.bool == true { return nil }
        var params: [String: String] = [:]
        for (key, value) in members { params[key] = value.scalarText ?? "" }
        return (type, params)
    }

    private mutating func request(_ node: JSONNode, folders: [String], auth: Auth?) throws(ImportError) {
        let name = node.text("name")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "request"
        let context = context
        let convert = { (text: String) in InsomniaTemplates.convert(text, item: name, context: context) }
        let url = PostmanURL.parse(raw: convert(node.text("url") ?? ""))
        var draft = RequestDraft(name: name, folders: folders, method: node.text("method") ?? "GET", url: url.url)
        draft.query = url.query
        for parameter in try node.list("parameters") {
            guard let key = parameter.text("name"), !key.isEmpty else { continue }
            draft.query.append(
                RequestDraft.Row(
                    name: key, value: convert(parameter.text("value") ?? ""),
                    disabled: parameter["disabled"]?.bool == true))
        }
        for parameter in try node.list("pathParameters") {
            if let key = parameter.text("name"), let value = parameter.text("value"), !value.isEmpty {
                context.setVariable(key, convert(value), item: name)
            }
        }
        for header in try node.list("headers") {
            guard let key = header.text("name"), !key.isEmpty else { continue }
            draft.headers.append(
                RequestDraft.Row(
                    name: key, value: convert(header.text("value") ?? ""), disabled: header["disabled"]?.bool == true))
        }
        try InsomniaBody.read(node["body"], into: &draft, context: context, convert: convert)
        if var requestAuth = Self.resolve(node["authentication"], inherited: auth) {
            requestAuth.params = requestAuth.params.mapValues(convert)
            AuthMapping.apply(type: requestAuth.type, params: requestAuth.params, to: &draft, context: context)
        }
        if node.text("_type") == "websocket_request" {
            // Its messages are the payloads under it, in order; a WebSocket opens with GET.
            draft.method = "GET"
            var conversation = WebSocketDefinition()
            let id = node.text("_id") ?? ""
            for payload in tree.children[id] ?? [] where payload.text("_type") == "websocket_payload" {
                if let value = payload.text("value"), !value.isEmpty {
                    conversation.messages.append(.text(convert(value)))
                }
            }
            draft.websocket = conversation
        }
        reportSettings(of: node, item: name)
        Credentials.protect(&draft, context: context)
        drafts.append(draft)
    }

    /// Request settings that change what is sent, as warnings.
    private func reportSettings(of node: JSONNode, item: String) {
        if node["settingEncodeUrl"]?.bool == false {
            context.warn("\(item): 'encode URL automatically' is off in Insomnia; Tern encodes the URL")
        }
        if node["settingDisableRenderRequestBody"]?.bool == true {
            context.warn("\(item): Insomnia does not render this body's templates; Tern does")
        }
        if let redirects = node.text("settingFollowRedirects"), redirects != "global" {
            context.warn("\(item): settingFollowRedirects '\(redirects)' is not carried over")
        }
    }

    /// Folders and requests no workspace reaches (their parent is a request, an environment, …).
    func reportUnreached() {
        for resource in tree.resources {
            guard let type = resource.text("_type"),
                ["request", "request_group", "websocket_request", "grpc_request"].contains(type),
                let id = resource.text("_id"), !visited.contains(id)
            else { continue }
            let name = resource.text("name") ?? id
            let parent = resource.text("parentId") ?? "nothing"
            context.skipped.append(
                SkippedItem(item: name, reason: "its parent '\(parent)' is not a folder or a workspace"))
        }
    }
}
