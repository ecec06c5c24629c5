import Foundation
import Tern
import TernWorkspace

extension ExplorerSession {
    /// `cache promote KEY|SPEC`: writes a stored answer into its spec's `sample:` (status, the
    /// `Content-Type` header, the body as JSON when it parses as an object, array, number or boolean,
    /// else as text), so `sample` mode and the mock serve it. A binary or file body is refused, and so
    /// is replacing a different sample unless `replacing`.
    package func promote(_ key: String, replacing: Bool) async throws(ExplorerError) -> String {
        guard storage != nil else { throw ExplorerError(.storage, "this session has no cache") }
        // The sample goes into the spec file as it is on disk now, not as it was first read.
        try await reload()
        let stored = try await storedEntry(matching: key)
        guard let specID = stored.request?.name, let spec = try? workspace.spec(named: specID) else {
            throw ExplorerError(
                .workspace,
                "'\(stored.key)' answers no spec of this workspace; only a spec's answer can become its sample"
            )
        }
        let sample = try Self.sample(of: stored, redactor: exportRedactor())
        if let existing = spec.spec.sample, existing != sample, !replacing {
            throw ExplorerError(.workspace, "\(spec.id) already has a different sample; pass --force to replace it")
        }
        if spec.spec.sample == sample { return "\(spec.id) already has this sample" }
        var updated = spec
        updated.spec.sample = sample
        let saved = updated
        try workspaceCall { () throws(WorkspaceError) in try workspace.save(saved) }
        var newWorkspace = workspace
        if let index = newWorkspace.specs.firstIndex(where: { $0.id == saved.id }) { newWorkspace.specs[index] = saved }
        replaceWorkspace(newWorkspace)
        noteWritten(saved.file)
        edits[saved.id]?.spec.sample = sample
        changed()
        return "wrote the \(stored.status) answer of '\(stored.key)' as the sample of \(saved.id) (\(saved.file.path))"
    }

    /// The sample a stored answer makes, its secret values masked by `redactor` (a spec file is shared);
    /// binary and file bodies are refused.
    static func sample(
        of stored: StoredResponse, redactor: Redactor = Redactor()
    ) throws(ExplorerError) -> SampleDefinition {
        if stored.fileURL != nil, stored.body.isEmpty, stored.byteCount > 0 {
            let size = HumanUnits.bytes(stored.byteCount)
            throw ExplorerError(
                .unsupported, "'\(stored.key)' is a downloaded file (\(size)); a sample holds text or JSON only"
            )
        }
        guard let exact = BodyRendering.exactText((stored.secretMarks ?? SecretMarks()).masking(body: stored.body))
        else {
            throw ExplorerError(.unsupported, "'\(stored.key)' has a binary body; a sample holds text or JSON only")
        }
        let text = redactor.redact(exact)
        let headers = stored.headers[.contentType].map { [(name: "Content-Type", value: $0)] } ?? []
        let body: JSONValue
        if text.isEmpty {
            body = .null
        } else if let json = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) {
            switch json {
            case .object, .array, .int, .double, .bool: body = json
            case .string, .null: body = .string(text)
            }
        } else {
            body = .string(text)
        }
        return SampleDefinition(status: stored.status, headers: headers, body: body)
    }
}
