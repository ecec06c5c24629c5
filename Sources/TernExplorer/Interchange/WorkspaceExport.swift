import Foundation
import TernInterchange
import TernWorkspace

/// Specs written in another tool's format (`export curl|har|postman|http|locust`).
struct WorkspaceExport: ExplorerOperation {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// `WorkspaceExport` in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// `export curl|har|postman`: the curl command line, or what was written where (the document itself
    /// when the file is `-`), with a line for each warning.
    func export(_ action: Command.ExportAction) async throws(ExplorerError) -> String {
        switch action {
        case .curl(let name):
            return try CurlExport(context).command(for: name)
        case .grpcurl(let name):
            return try GRPCurlExport(context).command(for: name)
        case .har(let file, let names, let fromCache, let force):
            let exported = try await HARExport(context).document(names: names, from: fromCache ? .cache : .history)
            let data = try ExportFile.encode(exported.document)
            let entries = exported.document.log.entries.count
            var message = try writeExport(
                data, to: file, replacing: force, what: "\(entries) \(entries == 1 ? "entry" : "entries") as HAR 1.2")
            for warning in exported.warnings { message += "\nwarning: \(warning)" }
            return message
        case .postman(let file, let group, let force):
            let data = try exportGroup(group, as: "postman") { (workspace, group) throws(ImportError) in
                try PostmanExport.collection(of: workspace, group: group)
            }
            return try writeExport(data, to: file, replacing: force, what: "a Postman collection v2.1")
        case .locust(let file, let names, let force):
            // The specs named and, so that each Locust user can log in first, the specs they require.
            let selection = SpecSelection(context)
            var chosen = Set(try selection.runOrder(names))
            var pending = Array(chosen)
            while let id = pending.popLast() {
                let current = try entry(id)
                for dependency in current.spec.requires {
                    let required = try context.requiresGraph.required(dependency, of: current)
                    if chosen.insert(required.id).inserted { pending.append(required.id) }
                }
            }
            let order = try selection.runOrder(chosen.sorted())
            var entries: [SpecEntry] = []
            for id in order {
                let found = try entry(id)
                if found.spec.isWebSocket { continue }
                entries.append(found)
            }
            let data = LocustExport.file(of: workspace, entries: entries, environment: activeEnvironment)
            var message = try writeExport(
                data, to: file, replacing: force, what: "a locustfile of \(entries.count) specs")
            // Said beside the "wrote" line; the file's notes say it too (and alone when the file is stdout).
            guard file != "-" else { return message }
            let undefined = LocustExport.undefinedVariables(
                of: workspace, entries: entries, environment: activeEnvironment)
            for warning in undefined { message += "\nwarning: " + warning }
            return message
        case .http(let file, let group, let force):
            let data = try exportGroup(group, as: "http") { (workspace, group) throws(ImportError) in
                try HTTPFileExport.file(of: workspace, group: group)
            }
            var message = try writeExport(data, to: file, replacing: force, what: "a .http file")
            guard file != "-" else { return message }
            let folder = (file as NSString).deletingLastPathComponent
            let beside = { (name: String) in folder.isEmpty ? name : folder + "/" + name }
            let environments: Data
            let secrets: Data?
            do {
                environments = try HTTPFileExport.environments(of: workspace)
                secrets = try HTTPFileExport.privateEnvironments(of: workspace, group: group)
            } catch {
                throw ExplorerError(.workspace, "export http: \(error.description)")
            }
            // Beside it, the environments its {{variables}} read, as the tools expect them.
            if !workspace.environments.isEmpty {
                message +=
                    "\n" + (try writeBeside(environments, beside("http-client.env.json"), force, "its environments"))
            }
            // And the secrets it reads, where the tools keep theirs: owner-only, and ignored by git.
            if let secrets {
                let path = beside("http-client.private.env.json")
                message += "\n" + (try writeBeside(secrets, path, force, "the secrets it reads", ownerOnly: true))
                message += try GitIgnore.add("http-client.private.env.json", in: beside(".gitignore"))
            }
            return message
        }
    }

    /// A file written beside the exported one, or a line saying the user's own was kept.
    private func writeBeside(_ data: Data, _ path: String, _ force: Bool, _ what: String, ownerOnly: Bool = false)
        throws(ExplorerError) -> String
    {
        if FileManager.default.fileExists(atPath: path), !force {
            return "kept the existing \(path) (pass --force to replace it with \(what))"
        }
        return try writeExport(data, to: path, replacing: force, what: what, ownerOnly: ownerOnly)
    }

    /// A group (every spec when `nil`) written by `write`; an unknown group lists the known ones.
    private func exportGroup(
        _ group: String?, as format: String, _ write: (Workspace, String?) throws(ImportError) -> Data
    ) throws(ExplorerError) -> Data {
        if let group, !workspace.specs.contains(where: { $0.group.first == group }) {
            let groups = Set(workspace.specs.compactMap(\.group.first)).sorted()
            throw ExplorerError(
                .usage, "no group '\(group)' in this workspace (groups: \(groups.joined(separator: ", ")))")
        }
        do {
            return try write(workspace, group)
        } catch {
            throw ExplorerError(.workspace, "export \(format): \(error.description)")
        }
    }

    /// Writes an exported document to `path` (relative to the current folder), or returns it for `-`.
    private func writeExport(
        _ data: Data, to path: String, replacing: Bool, what: String, ownerOnly: Bool = false
    ) throws(ExplorerError) -> String {
        if path == "-" { return String(decoding: data, as: UTF8.self) }
        let url = URL(
            fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        try ExportFile.write(data, to: url, replacing: replacing, ownerOnly: ownerOnly)
        return "wrote \(what) to \(path)"
    }
}
