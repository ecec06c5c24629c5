package import Foundation
import Synchronization
package import TernWorkspace

/// An import checked against a workspace: which specs are new, replaced, the same, or left alone,
/// and which targets, variables and files the workspace gains. Nothing is written until `apply()`.
///
/// A user's edits are never overwritten silently: a spec that exists and differs is skipped unless
/// `overwrite` is set; an existing target, variable or file keeps its value (a warning says so).
package struct ImportPlan: Sendable {
    /// A spec to write (or left as it is).
    package struct Item: Sendable {
        /// The spec id (`petstore/pets/list-pets`).
        package var id: String
        /// The definition.
        package var spec: SpecDefinition
        /// The recorded answer, for `--into-cache`.
        package var recorded: RecordedResponse?
    }

    /// The workspace folder.
    package let root: URL
    /// The group the specs go under.
    package let group: String
    /// Whether `apply()` creates the workspace.
    package let createsWorkspace: Bool
    /// The workspace's name when it is created.
    package let workspaceName: String
    /// Specs `apply()` writes (created and updated).
    package private(set) var writes: [Item] = []
    /// Every spec the import keeps, written or unchanged (for `--into-cache`).
    package private(set) var items: [Item] = []
    /// The recorded responses of the specs the import keeps, for `--into-cache`.
    package var recordedResponses: [(id: String, recorded: RecordedResponse)] {
        items.compactMap { item in item.recorded.map { (item.id, $0) } }
    }
    /// Targets `apply()` adds to `workspace.yaml`.
    package private(set) var newTargets: [WorkspaceTarget] = []
    /// The target `apply()` makes `defaultTarget:`, so the workspace's specs without `target:` keep theirs
    /// when the import adds a second target.
    package private(set) var newDefaultTarget: String?
    /// The environment `apply()` makes `defaultEnvironment:` of an existing workspace that has none.
    package private(set) var newDefaultEnvironment: String?
    /// Variables `apply()` appends, by environment.
    package private(set) var newVariables: [(environment: String, variables: [(name: String, value: String)])] = []
    /// Files `apply()` copies in.
    package private(set) var newFiles: [ImportedFile] = []
    /// The run order `apply()` gives the group's folder (`order:` in `workspace.yaml`): the file's order, for
    /// a format whose requests run in the order written (`.http`).
    package private(set) var newOrder: (folder: String, names: [String])?
    /// Secrets `apply()` adds to the workspace's secret store (`.tern/secrets.yaml`), by name.
    package private(set) var newSecrets: [(name: String, value: String)] = []
    /// What the import does.
    package private(set) var report = ImportReport()
    /// The command line written into a new workspace's manifest comment.
    let origin: String

    /// Plans `collection` into the workspace at `root` (which may not exist yet) under `group`.
    package init(
        _ collection: ImportedCollection, root: URL, group: String, overwrite: Bool, origin: String
    ) throws(ImportError) {
        self.root = root
        self.group = group
        self.origin = origin
        workspaceName = collection.title.isEmpty ? group : collection.title
        let manifest = root.appendingPathComponent("workspace.yaml")
        createsWorkspace = !FileManager.default.fileExists(atPath: manifest.path)
        let existing: Workspace
        if createsWorkspace {
            existing = Workspace(root: root, name: workspaceName)
        } else {
            do {
                existing = try Workspace.load(from: root)
            } catch {
                throw ImportError("the workspace at \(root.path) cannot be loaded: \(error)", at: manifest.path)
            }
        }
        report.skipped = collection.skipped
        report.warnings = collection.warnings
        report.files = collection.localFiles
        try planSpecs(collection.specs, in: existing, overwrite: overwrite)
        planTargets(collection.targets, in: existing)
        if !createsWorkspace, !newTargets.isEmpty, existing.targets.count == 1, existing.defaultTarget == nil,
            let only = existing.targets.keys.first,
            existing.specs.contains(where: { $0.spec.target == nil && !$0.spec.hasFullURL })
        {
            newDefaultTarget = only
            report.warnings.append(
                "workspace.yaml gains 'defaultTarget: \(only)' so the specs without 'target:' keep using '\(only)'")
        }
        checkLoadsBack(in: existing)
        if collection.format == .http { planOrder(in: existing) }
        planEnvironments(Self.environments(of: collection, group: group, in: existing), in: existing)
        planFiles(collection.files, overwrite: overwrite)
        try planSecrets(collection.secrets)
        if !createsWorkspace, existing.defaultEnvironment == nil, let first = newVariables.first?.environment {
            newDefaultEnvironment = first
            report.warnings.append(
                "workspace.yaml gains 'defaultEnvironment: \(first)', which holds the imported values")
        }
    }

    /// The imported environments as they land: in an existing workspace with a default environment, the
    /// group's own variables (base URLs, path defaults) go into that environment, so the new specs work
    /// in the environment the user already uses; other environments (Insomnia's sub environments) keep
    /// their names.
    private static func environments(
        of collection: ImportedCollection, group: String, in workspace: Workspace
    ) -> [ImportedEnvironment] {
        guard let current = workspace.defaultEnvironment, workspace.environments[current] != nil else {
            return collection.environments
        }
        return collection.environments.map { environment in
            var moved = environment
            if environment.name == group { moved.name = current }
            return moved
        }
    }

    /// What becomes of each secret: a value the store lacks is added, one it holds is left alone
    /// (another value under the same name is kept, never replaced), a name without a value is for
    /// the user to set. A store that cannot be read stops the import: it is never written over.
    private mutating func planSecrets(_ secrets: [ImportedSecret]) throws(ImportError) {
        guard !secrets.isEmpty else { return }
        let store: SecretStore
        do {
            store = try SecretStore.load(workspace: root)
        } catch {
            throw ImportError(
                "the secret store cannot be read, and the import has secrets to keep there: \(error)",
                at: SecretStore.file(inWorkspace: root).path)
        }
        let environment = ProcessInfo.processInfo.environment
        for secret in secrets {
            let outcome: ImportReport.SecretUse.Outcome
            switch (secret.value, store.source(of: secret.name)) {
            case (nil, nil):
                outcome = environment[secret.name].map(\.isEmpty) == false ? .unchanged : .needed
            case (nil, _?):
                outcome = .unchanged
            case (let value?, nil):
                newSecrets.append((secret.name, value))
                outcome = .kept
            case (let value?, .value(let kept)?) where kept == value:
                outcome = .unchanged
            case (_?, _?):
                outcome = .keptExisting
            }
            report.secrets.append(ImportReport.SecretUse(name: secret.name, item: secret.item, outcome: outcome))
        }
    }

    private mutating func planSpecs(
        _ specs: [ImportedSpec], in workspace: Workspace, overwrite: Bool
    ) throws(ImportError) {
        var used: Set<String> = []
        // The number to try next after each base: many requests of one name (`GET /`) do not each count
        // up from 2 (which made a file of thousands of them quadratic).
        var nextNumber: [String: Int] = [:]
        let existing = Dictionary(workspace.specs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let groupComponent = Slug.file(group, fallback: "imported")
        // The group is one folder; the loader walks no deeper than the workspace's limit.
        let room = ImportLimits.maximumFolderDepth - 1
        var planned: [(id: String, imported: ImportedSpec)] = []
        for imported in specs {
            var folders = imported.folders
            if folders.count > room {
                report.warnings.append(
                    "\(imported.spec.name): its \(folders.count) folders are more than the \(room) a spec may sit "
                        + "in under the group (the workspace loads specs \(ImportLimits.maximumFolderDepth) folders "
                        + "deep); the folders past '\(folders[room - 1])' are left out")
                folders = Array(folders.prefix(room))
            }
            let stem = [groupComponent] + folders.map { Slug.file($0, fallback: "folder") }
            let base = (stem + [Slug.file(imported.fileName)]).joined(separator: "/")
            var id = base
            var number = nextNumber[base.lowercased()] ?? 2
            while used.contains(id.lowercased()) {
                id = "\(base)-\(number)"
                number += 1
            }
            if id != base { nextNumber[base.lowercased()] = number }
            used.insert(id.lowercased())
            planned.append((id, imported))
        }
        // `requires:` names the ids just chosen: a chain of the source (`{{login.response.…}}`) in Tern's words.
        let ids = Dictionary(planned.compactMap { entry in entry.imported.key.map { ($0, entry.id) } }) { first, _ in
            first
        }
        for (id, imported) in planned {
            var spec = imported.spec
            for key in imported.requires {
                guard let required = ids[key] else {
                    report.warnings.append(
                        "\(id): what it uses from '\(key)' is missing: that request was not imported")
                    continue
                }
                guard required != id else { continue }
                if !spec.requires.contains(where: { $0.spec == required }) {
                    spec.requires.append(SpecDependency(spec: required))
                }
            }
            let item = Item(id: id, spec: spec, recorded: imported.recorded)
            guard let current = existing[id] else {
                report.created.append(id)
                writes.append(item)
                items.append(item)
                continue
            }
            if current.spec == spec {
                report.unchanged.append(id)
                items.append(item)
            } else if overwrite {
                report.updated.append(id)
                writes.append(item)
                items.append(item)
            } else {
                report.skipped.append(
                    SkippedItem(
                        item: id,
                        reason: "specs/\(id).yaml exists and differs from the import (--overwrite replaces it)"))
            }
        }
    }

    /// The group folder's `order:`: its specs in the order the source wrote them. An order the workspace
    /// already has for the folder is kept (a warning says so when it differs).
    private mutating func planOrder(in workspace: Workspace) {
        let folder = Slug.file(group, fallback: "imported")
        let names = items.map(\.id).filter { $0.hasPrefix(folder + "/") }.map { String($0.dropFirst(folder.count + 1)) }
            .filter { !$0.contains("/") }
        guard names.count > 1 else { return }
        if let current = workspace.order[folder] {
            if current != names {
                let order = names.joined(separator: ", ")
                report.warnings.append(
                    "workspace.yaml's order of \(folder) kept as it is (the file's order is \(order))")
            }
            return
        }
        newOrder = (folder, names)
    }

    /// Reads back every spec to write as loading will read it, against the workspace's targets once the
    /// import's are added (in parallel: a large API has hundreds). A spec that would not load is skipped
    /// with the load's error, so the report never counts as created a spec `tern list` would not show.
    private mutating func checkLoadsBack(in workspace: Workspace) {
        var withTargets = workspace
        for target in newTargets { withTargets.targets[target.name] = target }
        if let newDefaultTarget { withTargets.defaultTarget = newDefaultTarget }
        let after = withTargets
        let writes = self.writes
        let failures = Mutex<[Int: WorkspaceError]>([:])
        let lanes = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            for index in stride(from: lane, to: writes.count, by: lanes) {
                do throws(WorkspaceError) {
                    try after.checkLoadsBack(writes[index].spec, id: writes[index].id)
                } catch {
                    failures.withLock { $0[index] = error }
                }
            }
        }
        let failed = failures.withLock { $0 }
        guard !failed.isEmpty else { return }
        var refused: Set<String> = []
        for (index, error) in failed.sorted(by: { $0.key < $1.key }) {
            let id = writes[index].id
            refused.insert(id)
            report.skipped.append(
                SkippedItem(item: id, reason: "specs/\(id).yaml would not load: \(Self.describe(error))"))
        }
        self.writes.removeAll { refused.contains($0.id) }
        items.removeAll { refused.contains($0.id) }
        report.created.removeAll { refused.contains($0) }
        report.updated.removeAll { refused.contains($0) }
    }

    /// A load error of a spec file not yet written: `line 3, column 9: message`.
    private static func describe(_ error: WorkspaceError) -> String {
        guard let line = error.line else { return error.message }
        return "line \(line)" + (error.column.map { ", column \($0)" } ?? "") + ": " + error.message
    }

    private mutating func planTargets(_ targets: [WorkspaceTarget], in workspace: Workspace) {
        for target in targets {
            if let current = workspace.targets[target.name] {
                if current != target {
                    report.warnings.append(
                        "target '\(target.name)' exists with baseURL \(current.baseURL): kept "
                            + "(the import has \(target.baseURL))")
                }
            } else if !newTargets.contains(where: { $0.name == target.name }) {
                newTargets.append(target)
            }
        }
    }

    private mutating func planEnvironments(_ environments: [ImportedEnvironment], in workspace: Workspace) {
        for environment in environments {
            let current = workspace.environments[environment.name]
            var added: [(name: String, value: String)] = []
            var addedNames: Set<String> = []
            for variable in environment.variables where !addedNames.contains(variable.name) {
                if let value = current?.value(of: variable.name) {
                    if value != variable.value {
                        report.warnings.append(
                            "\(variable.name) in environments/\(environment.name).yaml kept as it is "
                                + "(the import has \(variable.value))")
                    }
                } else {
                    added.append((variable.name, variable.value))
                    addedNames.insert(variable.name)
                }
            }
            if !added.isEmpty { newVariables.append((environment.name, added)) }
        }
    }

    private mutating func planFiles(_ files: [ImportedFile], overwrite: Bool) {
        for file in files where !newFiles.contains(file) {
            let destination = root.appendingPathComponent(file.destination)
            guard let source = file.contents ?? (try? Data(contentsOf: file.source)) else {
                report.warnings.append("\(file.source.path) cannot be read: \(file.destination) is not copied")
                continue
            }
            if let present = try? Data(contentsOf: destination) {
                if present != source {
                    if file.replacesChanged, overwrite {
                        report.warnings.append("\(file.destination) is replaced by the description imported")
                        newFiles.append(file)
                    } else if file.replacesChanged {
                        report.warnings.append(
                            "\(file.destination) differs from the description imported: kept (--overwrite replaces it)")
                    } else {
                        report.warnings.append("\(file.destination) exists and differs from \(file.source.path): kept")
                    }
                }
                continue
            }
            newFiles.append(file)
        }
    }
}
