package import Foundation
import Tern
import Yams

/// Additions to a workspace's files that keep what the user wrote: a new workspace's skeleton,
/// targets inserted into `workspace.yaml`, variables appended to an environment file.
///
/// Existing text is never rewritten: new lines are inserted or appended, so comments, order and
/// quoting stay as they were. Every write is atomic.
package enum WorkspaceFiles {
    /// Writes a new workspace at `root`: `workspace.yaml`, `specs/`, `environments/` and a
    /// `.gitignore` holding `.tern/` (the cache keeps response bodies there). Refuses a folder that
    /// already has a `workspace.yaml`.
    package static func create(
        at root: URL, name: String, defaultEnvironment: String?, targets: [WorkspaceTarget], comment: String
    ) throws(WorkspaceError) {
        let manifest = root.appendingPathComponent("workspace.yaml")
        if FileManager.default.fileExists(atPath: manifest.path) {
            throw WorkspaceError(.invalidValue, "\(manifest.path) already exists")
        }
        var text =
            comment.split(separator: "\n", omittingEmptySubsequences: false).map { "# " + $0 }
            .joined(separator: "\n") + "\n"
        text += try yaml([("name", SpecWriter.string(name))])
        if let defaultEnvironment {
            text += try yaml([("defaultEnvironment", SpecWriter.string(defaultEnvironment))])
        }
        if !targets.isEmpty {
            text += "targets:\n" + indented(try targetsText(targets), by: "  ")
        }
        try AtomicFile.write(Data(text.utf8), to: manifest)
        for folder in ["specs", "environments"] {
            do {
                try FileManager.default.createDirectory(
                    at: root.appendingPathComponent(folder, isDirectory: true), withIntermediateDirectories: true)
            } catch {
                throw WorkspaceError(.io, "cannot create \(folder)/ in \(root.path): \(error)", underlying: error)
            }
        }
        let ignore = root.appendingPathComponent(".gitignore")
        if !FileManager.default.fileExists(atPath: ignore.path) {
            let rules =
                "# Tern's local state: the response cache (bodies included), history and captured values.\n.tern/\n"
            try AtomicFile.write(Data(rules.utf8), to: ignore)
        }
    }

    /// Inserts `targets` under `targets:` in the manifest at `file` (adding the key when absent).
    package static func addTargets(_ targets: [WorkspaceTarget], to file: URL) throws(WorkspaceError) {
        guard !targets.isEmpty else { return }
        try insert(try targetsText(targets), under: "targets", in: file)
    }

    /// Sets the run order of the specs in `folder` (`order: {FOLDER: [NAME, ...]}`) in the manifest at `file`.
    package static func addOrder(_ names: [String], of folder: String, to file: URL) throws(WorkspaceError) {
        guard !names.isEmpty else { return }
        try insert(try yaml([(folder, Node(names.map { SpecWriter.string($0) }))]), under: "order", in: file)
    }

    /// Inserts the YAML `block` under the top-level `key:` of the manifest at `file` (adding the key when absent).
    private static func insert(_ block: String, under key: String, in file: URL) throws(WorkspaceError) {
        let text = try YAMLSource.read(file)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let keyLine = lines.firstIndex(where: { $0.hasPrefix(key + ":") }) {
            let rest = lines[keyLine].dropFirst(key.count + 1).trimmingWhitespace()
            guard rest.isEmpty || rest.hasPrefix("#") else {
                throw WorkspaceError(
                    .invalidValue,
                    "\(file.path): '\(key):' is written inline; add these entries by hand:\n\(block)")
            }
            let indent =
                lines[(keyLine + 1)...].first(where: { isContent($0) }).map { String($0.prefix(while: { $0 == " " })) }
                ?? "  "
            let insertion = indented(block, by: indent.isEmpty ? "  " : indent)
                .split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            lines.insert(contentsOf: insertion, at: keyLine + 1)
        } else {
            if lines.last == "" { lines.removeLast() }
            lines.append(key + ":")
            lines += indented(block, by: "  ").split(separator: "\n").map(String.init)
            lines.append("")
        }
        try AtomicFile.write(Data(lines.joined(separator: "\n").utf8), to: file)
    }

    /// Appends `variables` to the environment file `file` (created when missing), after `comment`.
    package static func addVariables(
        _ variables: [(name: String, value: String)], to file: URL, comment: String
    ) throws(WorkspaceError) {
        guard !variables.isEmpty else { return }
        var text = FileManager.default.fileExists(atPath: file.path) ? try YAMLSource.read(file) : ""
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        text += "# " + comment + "\n"
        text += try yaml(variables.map { ($0.name, SpecWriter.string($0.value)) })
        try AtomicFile.write(Data(text.utf8), to: file)
    }

    /// Writes `data` to `file` atomically; a file already there is an error unless `replacing`.
    package static func writeFile(_ data: Data, at file: URL, replacing: Bool) throws(WorkspaceError) {
        if !replacing, FileManager.default.fileExists(atPath: file.path) {
            throw WorkspaceError(.invalidValue, "\(file.path) already exists")
        }
        try AtomicFile.write(data, to: file, mode: nil)
    }

    /// Writes `data` to `file` in the workspace, refusing to replace an existing file.
    package static func addFile(_ data: Data, at file: URL, mode: UInt16? = nil) throws(WorkspaceError) {
        if FileManager.default.fileExists(atPath: file.path) {
            throw WorkspaceError(.invalidValue, "\(file.path) already exists")
        }
        try AtomicFile.write(data, to: file, mode: mode.map { mode_t($0) })
    }

    private static func targetsText(_ targets: [WorkspaceTarget]) throws(WorkspaceError) -> String {
        try yaml(
            targets.map { target in
                var fields: [(String, Node)] = [("baseURL", SpecWriter.string(target.baseURL))]
                if !target.headers.isEmpty {
                    fields.append(
                        ("headers", SpecWriter.mapping(target.headers.map { ($0.name, SpecWriter.string($0.value)) })))
                }
                if let auth = target.auth { fields.append(("auth", SpecWriter.auth(auth))) }
                if let tls = target.tls { fields.append(("tls", tlsNode(tls))) }
                if target.grpc != nil || target.grpcWeb {
                    fields.append(("grpc", grpcNode(target.grpc, web: target.grpcWeb)))
                }
                if let graphql = target.graphql { fields.append(("graphql", graphQLNode(graphql))) }
                return (target.name, SpecWriter.mapping(fields))
            })
    }

    /// A target's `graphql:` (the fields set).
    private static func graphQLNode(_ settings: GraphQLTargetSettings) -> Node {
        var fields: [(String, Node)] = []
        switch settings.schema {
        case .introspection: fields.append(("schema", Node("introspection")))
        case .none: fields.append(("schema", Node("none")))
        case .file(let path): fields.append(("schema", SpecWriter.string(path)))
        }
        if let url = settings.subscriptions { fields.append(("subscriptions", SpecWriter.string(url))) }
        if let params = settings.connectionParams {
            let writer = SpecWriter(spec: SpecDefinition(name: "", method: "", path: ""), defaultName: "")
            fields.append(("connectionParams", writer.json(params, at: "")))
        }
        return SpecWriter.mapping(fields)
    }

    /// A target's `tls:` (the fields set; a passphrase only as written, templated).
    private static func tlsNode(_ tls: TLSDefinition) -> Node {
        var fields: [(String, Node)] = []
        if tls.insecure { fields.append(("insecure", Node("true"))) }
        let files = [
            ("caFile", tls.caFile), ("clientCertificate", tls.clientCertificate), ("clientKey", tls.clientKey),
            ("clientKeyPassphrase", tls.clientKeyPassphrase),
        ]
        for case (let key, let value?) in files { fields.append((key, SpecWriter.string(value))) }
        return SpecWriter.mapping(fields)
    }

    /// A target's `grpc:`: `{descriptors: reflection}`, `{protoset: FILE}` or `{protos: [...], importPaths: [...]}`,
    /// with `web: true` for gRPC-Web.
    private static func grpcNode(_ source: GRPCDescriptorSource?, web: Bool) -> Node {
        var fields: [(String, Node)] = []
        switch source {
        case nil:
            break
        case .reflection?:
            fields.append(("descriptors", SpecWriter.string("reflection")))
        case .protoset(let file)?:
            fields.append(("protoset", SpecWriter.string(file)))
        case .protos(let files, let importPaths)?:
            fields.append(("protos", Node(files.map { SpecWriter.string($0) })))
            if !importPaths.isEmpty { fields.append(("importPaths", Node(importPaths.map { SpecWriter.string($0) }))) }
        }
        if web { fields.append(("web", Node("true"))) }
        return SpecWriter.mapping(fields)
    }

    private static func yaml(_ pairs: [(String, Node)]) throws(WorkspaceError) -> String {
        do {
            return try Yams.serialize(node: SpecWriter.mapping(pairs), indent: 2, width: -1, allowUnicode: true)
        } catch {
            throw WorkspaceError(.io, "cannot write YAML: \(error)", underlying: error)
        }
    }

    private static func indented(_ text: String, by prefix: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : prefix + $0 }.joined(separator: "\n")
    }

    private static func isContent(_ line: String) -> Bool {
        let trimmed = line.trimmingWhitespace()
        return !trimmed.isEmpty && !trimmed.hasPrefix("#")
    }
}

extension WorkspaceFiles {
    /// Adds `key: value` (`defaultTarget`, `defaultEnvironment`) to the manifest at `file`, after its `name:`
    /// line (or first), keeping the rest as it is.
    package static func setTopLevel(_ key: String, _ value: String, in file: URL) throws(WorkspaceError) {
        let text = try YAMLSource.read(file)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let line = try yaml([(key, SpecWriter.string(value))]).trimmingCharacters(in: .newlines)
        if let nameLine = lines.firstIndex(where: { $0.hasPrefix("name:") }) {
            lines.insert(line, at: nameLine + 1)
        } else {
            let firstContent = lines.firstIndex(where: { !$0.hasPrefix("#") && !$0.isEmpty }) ?? lines.count
            lines.insert(line, at: firstContent)
        }
        try AtomicFile.write(Data(lines.joined(separator: "\n").utf8), to: file)
    }
}
