import Foundation
package import Tern
package import TernWorkspace

extension ExplorerSession {
    /// The id a request typed on the command line is sent as. History records its sends without a
    /// spec (lists show its method and URL).
    static let adHocID = "adhoc"

    /// The entry an ad-hoc request is sent as: the id `adhoc` in the workspace's `specs/` folder (never
    /// written there unless saved), so the cache and the badges treat it as any spec.
    private func adHocEntry(_ spec: SpecDefinition) -> SpecEntry {
        SpecEntry(
            id: Self.adHocID, file: workspace.specsFolder.appendingPathComponent("adhoc.yaml"), group: [], spec: spec)
    }

    /// Sends `spec`, typed on the command line, through this session (its environment's variables,
    /// cookies, mode and cache), recording history.
    package func sendAdHoc(_ spec: SpecDefinition, adjustments: SendAdjustments = SendAdjustments())
        async throws(ExplorerError) -> CheckedResponse
    {
        let response = try await sendEntry(adHocEntry(spec), adjustments: adjustments)
        return CheckedResponse(
            response: response, expectations: [], captured: [:], captureMisses: [], dependencies: [])
    }

    /// The request `spec` makes, resolved as it would be sent (`--offline`).
    package func resolvedAdHoc(_ spec: SpecDefinition) throws(ExplorerError) -> Request {
        try resolve(adHocEntry(spec))
    }
}

extension ExplorerSession {
    /// Saves `spec`, typed on the command line, as the new spec `id` (`tern get URL … --save NAME`),
    /// with `secrets` (the values `{{secret:NAME}}` in it stand for) kept in the workspace's secret
    /// store. A spec that exists is never replaced. Returns what was written, for the user.
    package func saveAdHoc(
        _ spec: SpecDefinition, as id: String, secrets: [(name: String, value: String)]
    ) throws(ExplorerError) -> String {
        let id = id.hasSuffix(".yaml") ? String(id.dropLast(5)) : id
        guard !id.isEmpty, !id.hasPrefix("/"), !id.split(separator: "/").contains("..") else {
            throw ExplorerError(.usage, "'\(id)' is not a spec name like 'group/name'")
        }
        let file = workspace.specsFolder.appendingPathComponent(id + ".yaml")
        guard !workspace.specIDs.contains(id), !workspace.brokenSpecs.contains(where: { $0.id == id }),
            !FileManager.default.fileExists(atPath: file.path)
        else {
            throw ExplorerError(
                .workspace, "a spec '\(id)' exists already (\(file.path)); choose another name, it is not replaced")
        }
        var spec = spec
        spec.name = id.split(separator: "/").last.map(String.init) ?? id
        let saved = SpecEntry(
            id: id, file: file, group: id.split(separator: "/").dropLast().map(String.init), spec: spec)
        try workspaceCall { () throws(WorkspaceError) in
            try workspace.checkLoadsBack(spec, id: id)
            if !secrets.isEmpty {
                var store = try SecretStore.load(workspace: workspace.root)
                for secret in secrets { store.set(secret.name, to: .value(secret.value)) }
                try store.save(workspace: workspace.root)
            }
            try workspace.save(saved)
        }
        var updated = workspace
        updated.specs.append(saved)
        updated.specs.sort { $0.id < $1.id }
        replaceWorkspace(updated)
        noteWritten(saved.file)
        changed()
        var message = "saved \(id) to \(file.path)"
        if !secrets.isEmpty {
            let names = secrets.map(\.name).joined(separator: ", ")
            message += "; its secrets (\(names)) are in .tern/secrets.yaml, not in the spec"
        }
        return message
    }
}
