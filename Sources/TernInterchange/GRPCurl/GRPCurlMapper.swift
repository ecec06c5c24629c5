import Foundation
import Tern
import TernWorkspace

/// Turns read grpcurl invocations into gRPC specs and the targets they call (one target per address
/// and connection settings: the group's name first, then `GROUP-2`, …).
struct GRPCurlMapper {
    let context: ImportContext
    private(set) var specs: [ImportedSpec] = []
    private(set) var targets: [WorkspaceTarget] = []

    init(context: ImportContext) {
        self.context = context
    }

    /// Maps the call read from the command at `line`.
    mutating func add(_ invocation: GRPCurlInvocation, line: Int, environmentNames: [String]) throws(ImportError) {
        let item = "\(invocation.method) (line \(line))"
        let place = "\(context.source.name):\(line)"
        var messages: [JSONValue] = []
        if let data = invocation.data { messages = try GRPCurlMessages.parse(data, at: place) }
        var metadata = invocation.metadata
        for entry in invocation.reflectMetadata {
            context.warn(
                "\(item): -reflect-header \(entry.name): Tern sends it with the call too (a call's metadata goes "
                    + "with its reflection)")
            if !metadata.contains(where: { $0.name.lowercased() == entry.name.lowercased() }) { metadata.append(entry) }
        }
        guard metadata.count <= ImportLimits.maximumHeaders else {
            throw ImportError(
                "the grpcurl command sets " + ImportLimits.tooManyHeaders(metadata.count, what: "metadata entries"),
                at: place)
        }
        // Credentials in the metadata and the messages move to the secret store, as for HTTP headers and bodies.
        var draft = RequestDraft(name: invocation.method, folders: [], method: "POST", url: "")
        draft.headers = metadata.map { RequestDraft.Row(name: $0.name, value: $0.value) }
        draft.body = .json(.array(messages))
        Credentials.protect(&draft, context: context)
        if case .json(.array(let protected))? = draft.body { messages = protected }
        var call = GRPCDefinition(method: invocation.method)
        call.messages = messages
        call.metadata = draft.headers.map { GRPCDefinition.Entry(name: $0.name, value: $0.value) }
        call.timeout = invocation.maxTime
        let target = self.target(for: invocation, item: item)
        var spec = SpecDefinition(name: invocation.method, target: target, method: "POST", path: "")
        spec.grpc = call
        for warning in invocation.notCarried { context.warn("\(item): \(warning)") }
        for name in environmentNames { context.warn("set \(name) in the environment for \(item)") }
        let methodName = invocation.method.split(separator: "/").last.map(String.init) ?? invocation.method
        specs.append(ImportedSpec(fileName: Slug.file(methodName), spec: spec))
    }

    /// The name of the target for the invocation's address and settings, added when new.
    private mutating func target(for invocation: GRPCurlInvocation, item: String) -> String {
        var target = Self.connection(of: invocation, item: item, context: context)
        if let known = targets.first(where: { same($0, target) }) { return known.name }
        target.name = targets.isEmpty ? context.group : "\(context.group)-\(targets.count + 1)"
        targets.append(target)
        return target.name
    }

    /// The target (without a name) the invocation calls: its base URL, `grpc:` descriptors and `tls:`.
    static func connection(of invocation: GRPCurlInvocation, item: String, context: ImportContext) -> WorkspaceTarget {
        let path = { (written: String, folder: Bool) in Self.path(written, item: item, folder: folder, context: context)
        }
        var target = WorkspaceTarget(
            name: "", baseURL: (invocation.plaintext ? "grpc://" : "grpcs://") + invocation.address)
        if !invocation.protosets.isEmpty {
            target.grpc = .protoset(path(invocation.protosets[0], false))
        } else if !invocation.protos.isEmpty {
            target.grpc = .protos(
                invocation.protos.map { path($0, false) }, importPaths: invocation.importPaths.map { path($0, true) })
        } else if !invocation.importPaths.isEmpty {
            context.warn("\(item): -import-path without -proto: not imported (the descriptors come from reflection)")
        }
        if invocation.insecure || invocation.caFile != nil || invocation.certificate != nil {
            target.tls = TLSDefinition(
                insecure: invocation.insecure, caFile: invocation.caFile.map { path($0, false) },
                clientCertificate: invocation.certificate.map { path($0, false) },
                clientKey: invocation.key.map { path($0, false) })
        }
        return target
    }

    /// Whether two targets differ only by name.
    private func same(_ lhs: WorkspaceTarget, _ rhs: WorkspaceTarget) -> Bool {
        var renamed = rhs
        renamed.name = lhs.name
        return lhs == renamed
    }

    /// A file or folder the command names, as the target names it: relative to the workspace when inside it,
    /// else by its absolute path (never copied: a `.proto` file's imports and a key stay where they are).
    private static func path(_ written: String, item: String, folder: Bool, context: ImportContext) -> String {
        let url = context.localFiles.absoluteURL(written)
        let root = context.source.workspaceRoot.standardizedFileURL.path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        if !exists || isFolder.boolValue != folder {
            context.warn(
                "\(item): \(folder ? "the folder" : "the file") '\(written)' does not exist; named as \(url.path)")
        }
        if url.path.hasPrefix(prefix) { return String(url.path.dropFirst(prefix.count)) }
        return url.path
    }
}
