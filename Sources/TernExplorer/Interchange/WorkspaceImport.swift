import Foundation
import TernInterchange
import TernWorkspace

/// A collection (curl, OpenAPI, Postman, Insomnia, HAR, `.http`) brought into the workspace (`import`).
struct WorkspaceImport: ExplorerOperation {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// `WorkspaceImport` in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// `import FORMAT SOURCE`: plans the source into this session's workspace, writes it unless
    /// `dryRun`, and reloads the workspace so the new specs can be used at once.
    /// The session then takes in `reloaded` (when the import wrote anything) and stores the recorded answers
    /// (`--into-cache`) with a context over it.
    func run(
        _ request: CollectionImport.Request, dryRun: Bool
    ) throws(ExplorerError) -> (outcome: ImportOutcome, recorded: [RecordedItem], reloaded: Workspace?) {
        do {
            // The same refusal, and message, as `tern import --into`: the group must stay inside the workspace.
            try CollectionImport.Request.checkGroup(request.group)
        } catch {
            throw ExplorerError(.usage, error.description)
        }
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let planned: ImportPlan
        var reloaded: Workspace?
        do {
            planned = try CollectionImport.plan(request, root: workspace.root, directory: directory).plan
            if !dryRun { try planned.apply() }
        } catch {
            throw ExplorerError(.workspace, "import: \(error.description)")
        }
        if !dryRun, !planned.writes.isEmpty || !planned.newTargets.isEmpty || !planned.newVariables.isEmpty {
            reloaded = try workspaceCall { () throws(WorkspaceError) in
                try Workspace.load(from: workspace.root, keepingBrokenSpecs: true)
            }
        }
        let outcome = ImportOutcome(
            report: planned.report, group: planned.group, workspace: workspace.root.lastPathComponent, dryRun: dryRun,
            createdWorkspace: false)
        let recorded = request.intoCache && !dryRun ? planned.recordedResponses.map(RecordedItem.init) : []
        return (outcome, recorded, reloaded)
    }
}
