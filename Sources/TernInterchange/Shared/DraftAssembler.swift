import Foundation
import HTTPTypes
import Tern
import TernWorkspace

/// Turns drafts into specs: the most used URL base becomes the group's target (as written: a literal
/// `https://host` stays literal, so it means the same in every environment; a `{{variable}}` base keeps
/// its variable), other `{{variable}}` bases get targets of their own, and other hosts keep full URLs.
enum DraftAssembler {
    /// The specs and targets for `drafts`.
    static func assemble(
        _ drafts: [RequestDraft], context: ImportContext
    ) -> (specs: [ImportedSpec], targets: [WorkspaceTarget]) {
        let drafts = drafts.filter { (draft: RequestDraft) -> Bool in
            guard draft.headers.count <= ImportLimits.maximumHeaders else {
                context.skipped.append(
                    SkippedItem(item: draft.name, reason: "it has " + ImportLimits.tooManyHeaders(draft.headers.count)))
                return false
            }
            return true
        }
        // gRPC calls get targets of their own (`grpc://HOST:PORT`), after the HTTP ones; specs keep source order.
        guard drafts.contains(where: { $0.grpc != nil }) else { return assembleHTTP(drafts, context: context) }
        var (specs, targets) = assembleHTTP(drafts.filter { $0.grpc == nil }, context: context)
        let calls = grpcSpecs(drafts.filter { $0.grpc != nil }, targets: &targets, context: context)
        var http = specs.makeIterator()
        var grpc = calls.makeIterator()
        specs = drafts.compactMap { $0.grpc == nil ? http.next() : grpc.next() }
        return (specs, targets)
    }

    /// The specs and targets for HTTP drafts.
    private static func assembleHTTP(
        _ drafts: [RequestDraft], context: ImportContext
    ) -> (specs: [ImportedSpec], targets: [WorkspaceTarget]) {
        let splits = drafts.map { split($0.url) }
        var counts: [String: Int] = [:]
        var order: [String] = []
        for base in splits.compactMap(\.base) {
            if counts[base] == nil { order.append(base) }
            counts[base, default: 0] += 1
        }
        guard let main = order.max(by: { counts[$0, default: 0] < counts[$1, default: 0] }) else {
            return (drafts.map { spec(from: $0, path: $0.url, target: nil, context: context) }, [])
        }
        var targets: [WorkspaceTarget] = []
        var targetOfBase: [String: String] = [:]
        targets.append(WorkspaceTarget(name: context.group, baseURL: main))
        targetOfBase[main] = context.group
        for base in order where base != main && !base.contains("://") {
            let name = "\(context.group)-\(targets.count + 1)"
            targets.append(WorkspaceTarget(name: name, baseURL: base))
            targetOfBase[base] = name
        }
        var specs: [ImportedSpec] = []
        for (draft, parts) in zip(drafts, splits) {
            if let base = parts.base, let target = targetOfBase[base] {
                specs.append(spec(from: draft, path: parts.rest, target: target, context: context))
            } else {
                if parts.base == nil {
                    context.warn("\(draft.name): the URL '\(draft.url)' has no host")
                }
                specs.append(spec(from: draft, path: draft.url, target: context.group, context: context))
            }
        }
        return (specs, targets)
    }

    /// The base (`https://host:port`, a leading `{{variable}}`) and the rest of a URL.
    static func split(_ url: String) -> (base: String?, rest: String) {
        var text = url
        if text.hasPrefix("//") { return split("http:" + text) }
        if let scheme = text.range(of: "://") {
            let afterScheme = text[scheme.upperBound...]
            let end = afterScheme.firstIndex(of: "/") ?? text.endIndex
            return (String(text[..<end]), String(text[end...]))
        }
        if text.hasPrefix("{{") {
            let end = text.firstIndex(of: "/") ?? text.endIndex
            return (String(text[..<end]), String(text[end...]))
        }
        guard let first = text.first, first != "/", !text.isEmpty else { return (nil, text) }
        text = "http://" + text
        let parts = split(text)
        return (parts.base, parts.rest)
    }

    private static func spec(
        from draft: RequestDraft, path: String, target: String?, context: ImportContext
    ) -> ImportedSpec {
        var definition = SpecDefinition(
            name: draft.name, target: target, method: draft.method, path: path, body: draft.body,
            sample: draft.sample)
        // A ws:// or wss:// request (Postman's, a .http file's) is a WebSocket spec; its body is its first message.
        let scheme = draft.url.prefix { $0 != ":" }.lowercased()
        if draft.websocket != nil || scheme == "ws" || scheme == "wss" {
            var conversation = draft.websocket ?? WebSocketDefinition()
            if conversation.messages.isEmpty, case .text(let text)? = draft.body {
                conversation.messages = [.text(text)]
            }
            if conversation.messages.isEmpty, case .json(let value)? = draft.body {
                conversation.messages = [.json(value)]
            }
            definition.websocket = conversation
            definition.method = "GET"
            definition.body = nil
        }
        let enabledQuery = Set(draft.query.filter { !$0.disabled }.map(\.name))
        for row in draft.query {
            if row.disabled {
                if enabledQuery.contains(row.name) {
                    context.warn("\(draft.name): disabled query parameter '\(row.name)' dropped (also set)")
                    continue
                }
                if !definition.disabled.query.contains(row.name) { definition.disabled.query.append(row.name) }
            }
            // A repeated name (`slot=1&slot=2`) is one row with a list, sent as `slot=1&slot=2` again.
            if let index = definition.query.firstIndex(where: { $0.name == row.name }) {
                switch definition.query[index].value {
                case .array(let values): definition.query[index].value = .array(values + [.string(row.value)])
                case let first: definition.query[index].value = .array([first, .string(row.value)])
                }
                continue
            }
            definition.query.append((row.name, .string(row.value)))
        }
        let enabledHeaders = Set(draft.headers.filter { !$0.disabled }.map { $0.name.lowercased() })
        for row in draft.headers {
            // A name HTTP cannot carry (`disabled header`, `Bad:Name`) would make a spec that does not load.
            if !row.name.contains("{{"), HTTPField.Name(row.name) == nil {
                context.warn(
                    "\(draft.name): '\(row.name)' is not a valid header name (no spaces or separators), so the header "
                        + "is left out")
                continue
            }
            if row.disabled {
                if enabledHeaders.contains(row.name.lowercased()) {
                    context.warn("\(draft.name): disabled header '\(row.name)' dropped (also set)")
                    continue
                }
                if !definition.disabled.isDisabled(header: row.name) { definition.disabled.headers.append(row.name) }
            }
            // A repeated name is one header with the values joined, as HTTP allows (`; ` for cookies).
            if let index = definition.headers.firstIndex(where: { $0.name.lowercased() == row.name.lowercased() }) {
                let separator = row.name.lowercased() == "cookie" ? "; " : ", "
                let first = definition.headers[index].value
                definition.headers[index].value = first.isEmpty ? row.value : first + separator + row.value
                continue
            }
            definition.headers.append((row.name, row.value))
        }
        definition.auth = draft.auth
        definition.capture = draft.capture
        definition.expect = draft.expect
        if !draft.notes.isEmpty {
            definition.notes = "Not run by Tern (kept from the source):\n" + draft.notes.joined(separator: "\n")
        }
        var imported = ImportedSpec(folders: draft.folders, fileName: draft.name, spec: definition)
        imported.key = draft.key
        imported.requires = draft.requires
        return imported
    }
}
