import Foundation
import Synchronization
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
            if let newOrder {
                try WorkspaceFiles.addOrder(
                    newOrder.names, of: newOrder.folder, to: root.appendingPathComponent("workspace.yaml"))
            }
            for (environment, variables) in newVariables {
                let file = root.appendingPathComponent("environments", isDirectory: true)
                    .appendingPathComponent(environment + ".yaml")
                try WorkspaceFiles.addVariables(variables, to: file, comment: "Added by `\(origin)`.")
            }
            for file in newFiles {
                if let contents = file.contents {
                    try WorkspaceFiles.writeFile(
                        contents, at: root.appendingPathComponent(file.destination), replacing: file.replacesChanged)
                    continue
                }
                let data: Data
                let mode: UInt16?
                do {
                    data = try Data(contentsOf: file.source)
                    // The copy keeps the file's permission bits (a 0600 file stays owner-only).
                    let attributes = try FileManager.default.attributesOfItem(
                        atPath: file.source.resolvingSymlinksInPath().path)
                    mode = (attributes[.posixPermissions] as? NSNumber).map { UInt16(truncatingIfNeeded: $0.intValue) }
                } catch {
                    throw WorkspaceError(.io, "cannot read \(file.source.path): \(error)", underlying: error)
                }
                try WorkspaceFiles.addFile(data, at: root.appendingPathComponent(file.destination), mode: mode)
            }
            if !newSecrets.isEmpty {
                var store = try SecretStore.load(workspace: root)
                for secret in newSecrets where store.source(of: secret.name) == nil {
                    store.set(secret.name, to: .value(secret.value))
                }
                try store.save(workspace: root)
            }
            try Self.save(writes, in: Workspace(root: root, name: workspaceName))
        } catch {
            throw ImportError("writing the import failed: \(error)", at: root.path)
        }
    }

    /// Writes the specs, each atomically, spread over the cores (hundreds of them for a large API);
    /// the first failure is thrown once all have finished. Specs are separate files, so the order
    /// does not matter.
    private static func save(_ items: [Item], in workspace: Workspace) throws(WorkspaceError) {
        let failure = Mutex<WorkspaceError?>(nil)
        let lanes = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            for index in stride(from: lane, to: items.count, by: lanes) {
                guard failure.withLock({ $0 == nil }) else { return }
                do throws(WorkspaceError) {
                    try workspace.save(try workspace.makeEntry(id: items[index].id, spec: items[index].spec))
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
