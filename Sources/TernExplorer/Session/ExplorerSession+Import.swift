import Foundation
import TernImport
import TernWorkspace

extension ExplorerSession {
    /// `import FORMAT SOURCE`: plans the source into this session's workspace, writes it unless
    /// `dryRun`, and reloads the workspace so the new specs can be used at once.
    func importCollection(_ request: CollectionImport.Request, dryRun: Bool) throws(ExplorerError) -> ImportOutcome {
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let planned: ImportPlan
        do {
            planned = try CollectionImport.plan(request, root: workspace.root, directory: directory).plan
            if !dryRun { try planned.apply() }
        } catch {
            throw ExplorerError(.workspace, "import: \(error.description)")
        }
        if !dryRun, !planned.writes.isEmpty || !planned.newTargets.isEmpty || !planned.newVariables.isEmpty {
            let reloaded = try workspaceCall { () throws(WorkspaceError) in try Workspace.load(from: workspace.root) }
            replaceWorkspace(reloaded)
            changed()
        }
        return ImportOutcome(
            report: planned.report, group: planned.group, workspace: workspace.root.lastPathComponent, dryRun: dryRun,
            createdWorkspace: false)
    }

    /// `export curl|har|postman`.
    func export(_ action: Command.ExportAction) async throws(ExplorerError) -> CommandOutput {
        switch action {
        case .curl(let name):
            return .curl(maskedCurl(try resolve(try entry(name))))
        case .har(let file, let names, _, let force):
            return .done(try await exportHAR(to: file, names: names, replacing: force))
        case .postman:
            throw ExplorerError(.unsupported, "export postman is being merged")
        }
    }
}
