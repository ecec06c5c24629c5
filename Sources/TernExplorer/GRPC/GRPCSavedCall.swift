import Foundation
import Tern
import TernWorkspace

/// A `grpc` call typed on the command line kept as a spec (`tern grpc ADDRESS SERVICE/METHOD --save NAME`):
/// its method, messages, metadata and deadline, on the workspace's target with the call's address, or on
/// a target added to `workspace.yaml` for it.
enum GRPCSavedCall {
    /// Saves the call as the new spec `id`; a spec that exists is never replaced. Returns what was written.
    static func save(
        _ endpoint: GRPCEndpoint, method: String, input: Data?, as id: String, context: ExplorerContext,
        follower: inout WorkspaceFollower
    ) throws(ExplorerError) -> String {
        _ = try AdHocSpec.newSpec(id, in: follower.workspace)
        var definition = GRPCDefinition(method: method.hasPrefix("/") ? String(method.dropFirst()) : method)
        guard definition.method.contains("/") else {
            throw ExplorerError(.usage, "--save keeps a call of SERVICE/METHOD (pkg.Service/Method), not '\(method)'")
        }
        definition.messages = try GRPCMessageText.messages(String(decoding: input ?? Data(), as: UTF8.self))
        // Credentials in the metadata (a bearer token, an API key) go to the secret store, as `--save` does for HTTP.
        var extraction: SecretExtraction
        do {
            extraction = SecretExtraction(
                prefix: id, existing: try SecretStore.load(workspace: follower.workspace.root))
        } catch {
            throw ExplorerError(.workspace, error.description)
        }
        definition.metadata = endpoint.metadata.map { entry in
            let value = entry.name.hasSuffix("-bin") ? entry.written : extraction.header(entry.name, entry.written)
            return GRPCDefinition.Entry(name: entry.name, value: value)
        }
        definition.timeout = endpoint.timeout.map {
            Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18
        }
        let (target, added) = try Self.target(for: endpoint, context: context)
        var spec = SpecDefinition(name: id, target: target.name, method: "POST", path: "")
        spec.grpc = definition
        var message = ""
        if added {
            do {
                try WorkspaceFiles.addTargets([target], to: follower.workspace.manifestFile)
            } catch {
                throw ExplorerError(.workspace, error.description)
            }
            var workspace = follower.workspace
            workspace.targets[target.name] = target
            follower.replace(workspace)
            follower.noteWritten(workspace.manifestFile)
            message = "; added the target '\(target.name)' (\(target.baseURL)) to workspace.yaml"
        }
        let secrets = extraction.secrets.map { AdHocSecret(name: $0.name, value: $0.value) }
        return try AdHocSpec.save(spec, as: id, secrets: secrets, follower: &follower) + message
    }

    /// The target the call goes on: the one whose base URL (as written, or resolved) is the call's
    /// address, else a new one named after it (`true`: it is new).
    static func target(
        for endpoint: GRPCEndpoint, context: ExplorerContext
    ) throws(ExplorerError) -> (WorkspaceTarget, Bool) {
        let address = normalized(endpoint.url.absoluteString)
        let targets = context.workspace.targets.values.sorted { $0.name < $1.name }
        for target in targets {
            if normalized(target.baseURL) == address { return (target, false) }
            if let resolved = try? GRPCTargets(context).endpoint(of: target.name),
                normalized(resolved.url.absoluteString) == address
            {
                return (target, false)
            }
        }
        let host = (endpoint.url.host ?? "server").map { $0.isLetter || $0.isNumber ? $0 : "-" }
        let stem = "\(String(host))-\(endpoint.url.port ?? 0)"
        var name = stem
        var suffix = 2
        while context.workspace.targets[name] != nil, suffix < 100 {
            name = "\(stem)-\(suffix)"
            suffix += 1
        }
        var target = WorkspaceTarget(name: name, baseURL: address)
        let root = context.workspace.root.standardizedFileURL.path
        let relative = { (url: URL) -> String in
            let path = url.standardizedFileURL.path
            return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        }
        switch endpoint.descriptors {
        case .reflection: target.grpc = .reflection
        case .protoset(let file): target.grpc = .protoset(relative(file))
        case .protos(let protos, let importPaths):
            target.grpc = .protos(protos.map(relative), importPaths: importPaths.map(relative))
        }
        return (target, true)
    }

    /// `grpc://host:port` lowercased, without a trailing `/`.
    private static func normalized(_ address: String) -> String {
        var text = address.lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
