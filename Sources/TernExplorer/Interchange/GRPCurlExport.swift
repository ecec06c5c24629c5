import Foundation
import Tern
import TernInterchange
import TernWorkspace

/// A gRPC spec as the bash command that makes grpcurl make the call `send` makes (`export grpcurl`).
struct GRPCurlExport: ExplorerOperation {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// `GRPCurlExport` in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// `export grpcurl SPEC`: the command for the gRPC spec `name` (or the selected one), rendered with this
    /// session's environment and variables; secrets are written as `"$NAME"` as `export curl` writes them.
    func command(for name: String? = nil) throws(ExplorerError) -> String {
        let entry = try entry(name)
        guard let definition = entry.spec.grpc else {
            throw ExplorerError(.usage, "\(entry.id) is not a gRPC spec: export curl writes an HTTP request")
        }
        let request = try resolve(entry)
        let base = GRPCCaller.grpcBase(of: request.url)
        let scheme = base.scheme?.lowercased() ?? ""
        guard scheme == "grpc" || scheme == "grpcs", let host = base.host, !host.isEmpty else {
            throw ExplorerError(
                .usage, "\(entry.id): its target's baseURL is not grpc://HOST:PORT or grpcs://HOST:PORT")
        }
        let port = base.port ?? (scheme == "grpcs" ? 443 : 80)
        let address = (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
        var call = GRPCurlCommand.Call(address: address, method: definition.method, plaintext: scheme == "grpc")
        let metadata: [GRPCMetadataEntry]
        do {
            metadata = try GRPCCaller.metadata(of: request)
        } catch {
            throw ExplorerError(.workspace, "\(entry.file.path): \(error.message)")
        }
        call.metadata = metadata.map { "\($0.name): \($0.written)" }
        call.messages = try workspaceCall { () throws(WorkspaceError) in
            try workspace.grpcMessages(for: entry, context: context.templateContext())
        }
        call.timeout = definition.timeout
        let target = workspace.target(for: entry.spec)
        let file = { (path: String) -> URL in
            URL(fileURLWithPath: (path as NSString).expandingTildeInPath, relativeTo: workspace.root)
                .standardizedFileURL
        }
        switch target?.grpc {
        case nil, .reflection?: call.descriptors = .reflection
        case .protoset(let path)?: call.descriptors = .protoset(file(path))
        case .protos(let protos, let importPaths)?:
            call.descriptors = .protos(protos.map(file), importPaths: importPaths.map(file))
        }
        if !call.plaintext, let tls = target?.tls ?? workspace.tls {
            call.insecure = tls.insecure
            call.caFile = tls.caFile.map(file)
            call.certificate = tls.clientCertificate.map(file)
            call.key = tls.clientKey.map(file)
        }
        return GRPCurlCommand.make(call, secrets: CurlExport(context).curlSecrets(for: entry))
    }
}
