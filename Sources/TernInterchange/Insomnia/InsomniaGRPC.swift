import Foundation
import Tern
import TernWorkspace

/// Insomnia's `grpc_request`: `url` the server (`grpcs://` for TLS; without a scheme, plaintext, as Insomnia
/// connects), `protoMethodName` the method (`/pkg.Service/Method`), `body.text` the message (JSON, templated),
/// `metadata` the metadata. Its `.proto` file (`protoFileId`) is not carried: the target asks the server's
/// reflection, with a warning naming the file.
enum InsomniaGRPC {
    /// The draft of the gRPC request `node`, or nil (skipped with the reason) when it names no call.
    static func draft(_ node: JSONNode, folders: [String], tree: InsomniaTree, context: ImportContext) -> RequestDraft?
    {
        let name = node.text("name")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "gRPC request"
        let convert = { (text: String) in InsomniaTemplates.convert(text, item: name, context: context) }
        let skip = { (reason: String) -> RequestDraft? in
            context.skipped.append(SkippedItem(item: name, reason: reason))
            return nil
        }
        var method = node.text("protoMethodName") ?? ""
        while method.hasPrefix("/") { method.removeFirst() }
        let parts = method.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !method.contains(" ") else {
            return skip("a gRPC request with no method chosen")
        }
        var url = convert(node.text("url") ?? "").trimmingCharacters(in: .whitespaces)
        guard !url.isEmpty else { return skip("a gRPC request with no server address") }
        if !url.contains("://"), !Templates.isReferenceOnly(url) { url = "grpc://" + url }
        while url.hasSuffix("/") { url.removeLast() }
        var call = GRPCDefinition(method: method)
        let text = convert(node["body"]?.text("text") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if !text.isEmpty {
            do throws(ImportError) {
                call.messages = try GRPCurlMessages.parse(text, at: node.pointer)
            } catch {
                return skip("its message is not JSON (\(error.message))")
            }
        }
        var draft = RequestDraft(name: name, folders: folders, method: "POST", url: url)
        draft.grpc = call
        for entry in (try? node.list("metadata")) ?? [] {
            guard let key = entry.text("name"), !key.isEmpty else { continue }
            draft.headers.append(
                RequestDraft.Row(
                    name: key, value: convert(entry.text("value") ?? ""), disabled: entry["disabled"]?.bool == true))
        }
        if let protoFile = node.text("protoFileId"), !protoFile.isEmpty {
            let file = tree.resources.first { $0.text("_id") == protoFile }
            let fileName = file?.text("name") ?? protoFile
            context.warn(
                "\(name): its .proto file '\(fileName)' is not imported; the descriptors come from the server's "
                    + "reflection (or set the target's grpc: protos)")
        }
        Credentials.protect(&draft, context: context)
        return draft
    }
}
