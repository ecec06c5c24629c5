public import Foundation

extension Workspace {
    /// Loads the workspace in `root`: `workspace.yaml`, every `specs/**/*.yaml` and `environments/*.yaml`.
    ///
    /// Malformed YAML, wrong types, missing required fields, invalid choices and unknown targets
    /// are errors positioned at `file:line:column`; unknown fields are `warnings`. `.tern/` and
    /// hidden files are ignored. Loading is synchronous and reads each file once.
    ///
    /// With `keepingBrokenSpecs`, a spec file with an error does not stop the load: it is left out of
    /// `specs` and listed in `brokenSpecs` with its error (what the front ends do, so one bad file
    /// leaves the rest usable). Errors in `workspace.yaml` and `environments/` always throw, except an
    /// environment file that cannot be read at all (a FIFO, a device): it is in `unreadableEnvironments`,
    /// an error only for what uses that environment.
    ///
    /// With `specsFor`, only the spec files those names need are read: the named specs, what they
    /// require, and the specs that may require them (see `isPartial`). `tern send` loads this way, so
    /// its start-up does not grow with the workspace. A name that matches no file reads everything
    /// (the error then suggests close matches from every spec).
    public static func load(
        from root: URL, keepingBrokenSpecs: Bool = false, specsFor names: [String]? = nil
    ) throws(WorkspaceError) -> Workspace {
        var workspace = try loadSettings(from: root)
        try workspace.loadSpecs(keepingBroken: keepingBrokenSpecs, for: names)
        return workspace
    }

    /// `workspace.yaml` and the environments: everything but the specs.
    static func loadSettings(from root: URL) throws(WorkspaceError) -> Workspace {
        let root = root.standardizedFileURL
        let manifestFile = root.appendingPathComponent("workspace.yaml")
        guard FileManager.default.fileExists(atPath: manifestFile.path) else {
            throw WorkspaceError(
                .notAWorkspace,
                "\(SourceLocation.displayPath(root)) is not a workspace: it has no workspace.yaml", file: manifestFile
            )
        }
        var manifestReader = ManifestReader(file: manifestFile)
        let manifest = try manifestReader.read(folderName: root.lastPathComponent)
        var workspace = Workspace(
            root: root, name: manifest.name, defaultEnvironment: manifest.defaultEnvironment,
            targets: manifest.targets, handler: manifest.handler, warnings: manifestReader.reader.warnings
        )
        workspace.verifyIgnore = manifest.verifyIgnore
        workspace.order = manifest.order
        workspace.tls = manifest.tls
        workspace.proxy = manifest.proxy
        workspace.proxyLocations = manifest.proxyLocations
        workspace.defaultTarget = manifest.defaultTarget
        try workspace.loadEnvironments()
        if let name = manifest.defaultEnvironment, workspace.environments[name] == nil,
            workspace.unreadableEnvironments[name] == nil
        {
            workspace.warnings.append(
                WorkspaceDiagnostic(
                    file: manifestFile, at: manifest.defaultEnvironmentLocation ?? .start,
                    message: "defaultEnvironment '\(name)' has no file environments/\(name).yaml"
                        + Suggestions.hint(for: name, in: workspace.environments.keys.sorted())
                )
            )
        }
        return workspace
    }

    private mutating func loadEnvironments() throws(WorkspaceError) {
        let folder = environmentsFolder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let file = folder.appendingPathComponent(name)
            if name.hasSuffix(".yaml") {
                do {
                    let environment = try EnvironmentReader.read(file: file)
                    environments[environment.name] = environment
                } catch  where error.kind == .io {
                    // A file that cannot be read (a FIFO, a device, no permission) is an error for what
                    // uses that environment, not for the whole workspace.
                    unreadableEnvironments[String(name.dropLast(".yaml".count))] = error
                }
            } else if name.hasSuffix(".yml") {
                warnings.append(ignoredFileWarning(file))
            }
        }
    }

    mutating func loadSpecs(keepingBroken: Bool, for names: [String]?) throws(WorkspaceError) {
        let folder = specsFolder.path
        let found = SpecFiles.find(in: folder)
        noteSkippedFiles(found, folder: folder)
        var ids = found.specs.map { String($0.dropLast(".yaml".count)) }.sorted()
        let workspace = self
        var early: [String: Result<(SpecEntry, [WorkspaceDiagnostic]), WorkspaceError>] = [:]
        if let names {
            let selection = SpecSelection(ids: ids) { id in
                try? YAMLSource.read(URL(filePath: folder + "/" + id + ".yaml", directoryHint: .notDirectory))
            }
            let chosen = selection.ids(for: names) { id in
                let result = Result { () throws(WorkspaceError) in try workspace.loadSpec(id: id, folder: folder) }
                early[id] = result
                return (try? result.get())?.0.spec.requires.map(\.spec)
            }
            if let chosen {
                isPartial = chosen.count < ids.count
                ids = chosen.sorted()
            }
        }
        let rest = ids.filter { early[$0] == nil }
        let loaded = ParallelMap.map(rest) { id in
            Result { () throws(WorkspaceError) in try workspace.loadSpec(id: id, folder: folder) }
        }
        for (id, result) in zip(rest, loaded) { early[id] = result }
        var entries: [SpecEntry] = []
        entries.reserveCapacity(ids.count)
        for id in ids {
            guard let result = early[id] else { continue }
            switch result {
            case .success(let (entry, specWarnings)):
                entries.append(entry)
                warnings.append(contentsOf: specWarnings)
            case .failure(let error):
                guard keepingBroken else { throw error }
                let file = URL(filePath: folder + "/" + id + ".yaml", directoryHint: .notDirectory)
                brokenSpecs.append(BrokenSpec(id: id, file: error.file ?? file, error: error))
            }
        }
        specs = entries
    }

    /// Warns of the files under `specs/` that are not read: `.yml` files, folders too deep, links to folders read.
    mutating func noteSkippedFiles(_ found: SpecFiles.Found, folder: String) {
        for relative in found.misnamed {
            warnings.append(ignoredFileWarning(URL(filePath: folder + "/" + relative, directoryHint: .notDirectory)))
        }
        for relative in found.tooDeep {
            warnings.append(
                WorkspaceDiagnostic(
                    file: URL(filePath: folder + "/" + relative, directoryHint: .isDirectory), at: .start,
                    message: "ignored: folders deeper than \(SpecFiles.maximumDepth) levels under specs/ are not read"))
        }
        for relative in found.repeated {
            warnings.append(
                WorkspaceDiagnostic(
                    file: URL(filePath: folder + "/" + relative, directoryHint: .isDirectory), at: .start,
                    message: "ignored: a link to a folder already read (its specs are listed once)"))
        }
    }

    /// Reads and checks `specs/<id>.yaml` (called on any thread).
    func loadSpec(id: String, folder: String) throws(WorkspaceError) -> (SpecEntry, [WorkspaceDiagnostic]) {
        let components = id.split(separator: "/").map(String.init)
        let file = URL(filePath: folder + "/" + id + ".yaml", directoryHint: .notDirectory)
        var reader = SpecReader(file: file)
        let spec = try reader.read(text: try YAMLSource.read(file), defaultName: components.last ?? id)
        try checkTarget(of: spec, file: file)
        let warnings = reader.reader.warnings + outsideFileWarnings(for: spec, file: file)
        return (SpecEntry(id: id, file: file, group: Array(components.dropLast()), spec: spec), warnings)
    }

    /// The spec's `target:` must name a target; it may be left out when the path is a full URL, when there is
    /// at most one target, or when workspace.yaml names a `defaultTarget:`.
    func checkTarget(of spec: SpecDefinition, file: URL) throws(WorkspaceError) {
        let names = targets.keys.sorted()
        if let target = spec.target {
            guard targets[target] == nil else { return }
            throw WorkspaceError(
                .unknownTarget,
                "unknown target '\(target)'\(Suggestions.hint(for: target, in: names)); "
                    + "workspace.yaml defines \(Suggestions.list(names))",
                file: file, at: spec.layout[location: "target"], suggestions: names
            )
        }
        // A full http(s):// or ws(s):// address needs no target.
        guard names.count > 1, defaultTarget == nil, !spec.hasFullURL, !SpecDefinition.isWebSocketURL(spec.path) else {
            return
        }
        throw WorkspaceError(
            .unknownTarget,
            "the spec names no target and the workspace has \(names.count): \(Suggestions.list(names)); "
                + "add 'target:' (or 'defaultTarget:' to workspace.yaml)",
            file: file, at: spec.layout.document, suggestions: names
        )
    }

    private func ignoredFileWarning(_ file: URL) -> WorkspaceDiagnostic {
        WorkspaceDiagnostic(file: file, at: .start, message: "ignored: workspace files end in .yaml, not .yml")
    }
}
