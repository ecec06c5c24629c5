import Foundation
import HTTPTypes
import Tern
import TernWorkspace

/// What `cache promote` did: the spec it wrote (for the session to take in), and what to tell the user.
struct Promotion {
    /// The spec as written, with its new sample; `nil` when it had this sample already.
    var written: SpecEntry?
    /// What happened.
    var message: String

    /// Makes one.
    init(written: SpecEntry? = nil, message: String) {
        self.written = written
        self.message = message
    }
}

/// A stored answer written into its spec's `sample:` (`cache promote`).
struct SamplePromotion: ExplorerOperation {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// `SamplePromotion` in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// `cache promote KEY|SPEC`: writes a stored answer into its spec's `sample:` (status, the
    /// `Content-Type` header, the body as JSON when it parses as an object, array, number or boolean,
    /// else as text), so `sample` mode and the mock serve it. A binary or file body is refused, and so
    /// is replacing a different sample unless `replacing`.
    /// The session reads the workspace's files again first, so the sample goes into the spec file as it is
    /// on disk now; it then writes `written` into the workspace it follows and into its edits.
    func promote(_ key: String, replacing: Bool) async throws(ExplorerError) -> Promotion {
        guard storage != nil else { throw ExplorerError(.storage, "this session has no cache") }
        let stored = try await CacheDesk(context).storedEntry(matching: key)
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
        if spec.spec.sample == sample { return Promotion(message: "\(spec.id) already has this sample") }
        var updated = spec
        updated.spec.sample = sample
        let saved = updated
        try workspaceCall { () throws(WorkspaceError) in try workspace.save(saved) }
        return Promotion(
            written: saved,
            message:
                "wrote the \(stored.status) answer of '\(stored.key)' as the sample of \(saved.id) (\(saved.file.path))"
        )
    }

    /// The sample a stored answer makes, its secret values masked by `redactor` (a spec file is shared);
    /// binary and file bodies are refused.
    static func sample(
        of stored: StoredResponse, redactor: Redactor = .none
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
