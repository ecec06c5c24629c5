import Foundation
import TernWorkspace

extension ImportPlan {
    /// Writes the plan: the workspace when new, targets, variables, files, then the specs, each atomically.
    package func apply() throws(ImportError) {
        do throws(WorkspaceError) {
            if createsWorkspace {
                try WorkspaceFiles.create(
                    at: root, name: workspaceName, defaultEnvironment: newVariables.first?.environment,
                    targets: newTargets, comment: "Made by `\(origin)`.\nThe format: docs/workspace-format.md in Tern.")
            } else {
                let manifest = root.appendingPathComponent("workspace.yaml")
                try WorkspaceFiles.addTargets(newTargets, to: manifest)
                if let newDefaultTarget {
                    try WorkspaceFiles.setTopLevel("defaultTarget", newDefaultTarget, in: manifest)
                }
                if let newDefaultEnvironment {
                    try WorkspaceFiles.setTopLevel("defaultEnvironment", newDefaultEnvironment, in: manifest)
                }
            }
            for (environment, variables) in newVariables {
                let file = root.appendingPathComponent("environments", isDirectory: true)
                    .appendingPathComponent(environment + ".yaml")
                try WorkspaceFiles.addVariables(variables, to: file, comment: "Added by `\(origin)`.")
            }
            for file in newFiles {
                let data: Data
                do {
                    data = try Data(contentsOf: file.source)
                } catch {
                    throw WorkspaceError(.io, "cannot read \(file.source.path): \(error)", underlying: error)
                }
                try WorkspaceFiles.addFile(data, at: root.appendingPathComponent(file.destination))
            }
            let workspace = Workspace(root: root, name: workspaceName)
            for item in writes {
                try workspace.save(try workspace.makeEntry(id: item.id, spec: item.spec))
            }
        } catch {
            throw ImportError("writing the import failed: \(error)", at: root.path)
        }
    }
}
