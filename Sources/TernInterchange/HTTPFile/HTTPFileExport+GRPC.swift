import Foundation
import TernWorkspace

extension HTTPFileExport {
    /// A gRPC spec as a `GRPC` request: `GRPC grpc://HOST:PORT/pkg.Service/Method` (the JetBrains HTTP Client's
    /// and httpyac's form), the metadata as headers, each message as JSON; the target's descriptors, TLS
    /// files and the deadline as kulala's `# @grpc-…` lines (the other tools read them as comments), file
    /// paths absolute so the file works wherever it is saved.
    static func grpcRequest(_ entry: SpecEntry, in workspace: Workspace, handle: String) -> [String] {
        let spec = entry.spec
        guard let call = spec.grpc else { return [] }
        var lines = ["### \(spec.name)", "# @name \(handle)"]
        let handler = HTTPFileHandler.lines(for: spec)
        lines += handler.comments
        if let notes = spec.notes?.trimmingCharacters(in: .newlines), !notes.isEmpty {
            for line in notes.split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append(line.isEmpty ? "#" : "# " + line)
            }
        }
        let target = workspace.target(for: spec)
        let file = { (path: String) in absolute(convert(path), in: entry) }
        switch target?.grpc {
        case .protoset(let path)?:
            lines.append("# @grpc-protoset \(file(path))")
        case .protos(let protos, let importPaths)?:
            lines += importPaths.map { "# @grpc-import-path \(file($0))" }
            lines += protos.map { "# @grpc-proto \(file($0))" }
        case .reflection?, nil:
            break
        }
        if let tls = target?.tls {
            if tls.insecure { lines.append("# @grpc-insecure") }
            if let path = tls.caFile { lines.append("# @grpc-cacert \(file(path))") }
            if let path = tls.clientCertificate { lines.append("# @grpc-cert \(file(path))") }
            if let path = tls.clientKey { lines.append("# @grpc-key \(file(path))") }
        }
        if let timeout = call.timeout {
            let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
            lines.append("# @grpc-max-time \(seconds)")
        }
        lines.append("GRPC \(convert(target?.baseURL ?? ""))/\(call.method)")
        for header in spec.headers where !spec.disabled.isDisabled(header: header.name) {
            lines.append("\(header.name): \(convert(header.value))")
        }
        for entry in call.metadata { lines.append("\(entry.name): \(convert(entry.value))") }
        if !call.messages.isEmpty { lines += [""] + call.messages.map(prettyJSON) }
        if !handler.handler.isEmpty { lines += [""] + handler.handler }
        lines.append("")
        return lines
    }
}
