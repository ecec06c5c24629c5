import Foundation
import HTTPTypes
import Tern
import TernInterchange
import TernWorkspace

/// What `cache import` did.
package struct HARImportSummary: Sendable, Equatable {
    /// Entries stored.
    package var imported = 0
    /// Of those, entries stored under a spec's key (named by `_tern.spec` or matched by path).
    package var matched = 0
    /// Why each skipped entry was skipped (`entry 3: status 404 is not stored`).
    package var skipped: [String] = []

    /// "imported N, matched to specs M, skipped K (reasons)".
    package var message: String {
        var text = "imported \(imported), matched to specs \(matched), skipped \(skipped.count)"
        if !skipped.isEmpty { text += " (" + skipped.joined(separator: "; ") + ")" }
        return text
    }
}

/// A HAR file's answers stored in the cache under the keys this machine computes for them (`cache import`).
struct HARAnswerImport: ExplorerOperation {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// `HARAnswerImport` in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// `cache import FILE`: stores each entry of `document` under the key this machine computes for it.
    ///
    /// Every entry is checked before anything is stored: a malformed one (bad URL, method or base64)
    /// is an error and nothing is written. Entries that cannot be stored are skipped with a reason.
    func store(_ document: HARDocument) async throws(ExplorerError) -> HARImportSummary {
        guard let storage else { throw ExplorerError(.storage, "this session has no cache to import into") }
        var summary = HARImportSummary()
        var planned: [(StoredResponse, matched: Bool)] = []
        for (index, entry) in document.log.entries.enumerated() {
            switch try plan(entry, number: index + 1) {
            case .store(let stored, let matched): planned.append((stored, matched))
            case .skip(let reason): summary.skipped.append("entry \(index + 1): \(reason)")
            }
        }
        do {
            for (stored, matched) in planned {
                try await storage.store(stored)
                summary.imported += 1
                if matched { summary.matched += 1 }
            }
        } catch {
            throw ExplorerError(.storage, "the cache failed after \(summary.imported) entries: \(error)")
        }
        changed()
        return summary
    }

    private enum PlannedEntry {
        case store(StoredResponse, matched: Bool)
        case skip(String)
    }

    /// The stored response for one entry, or why it is skipped; throws when the entry is malformed.
    private func plan(_ entry: HAREntry, number: Int) throws(ExplorerError) -> PlannedEntry {
        let place = "entry \(number)"
        guard let url = URL(string: entry.request.url), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else {
            throw ExplorerError(
                .workspace, "\(place): '\(entry.request.url)' is not an http(s) URL; nothing was imported"
            )
        }
        guard let method = HTTPRequest.Method(entry.request.method.uppercased()) else {
            throw ExplorerError(
                .workspace, "\(place): '\(entry.request.method)' is not an HTTP method; nothing was imported"
            )
        }
        guard let body = entry.response.content.bytes() else {
            throw ExplorerError(.workspace, "\(place): response.content.text is not valid base64; nothing was imported")
        }
        let status = entry.response.status
        guard (200...299).contains(status), status != 206 else {
            return .skip("status \(status) is not stored (the cache keeps 2xx answers)")
        }
        guard Int64(body.count) <= HARCodec.maximumBodyBytes else {
            return .skip("its body is over \(HumanUnits.bytes(HARCodec.maximumBodyBytes))")
        }
        // As `import har` and the workspace loader: more fields than this are refused, never built.
        let limit = WorkspaceLimits.maximumHeaders
        guard entry.request.headers.count <= limit, entry.response.headers.count <= limit else {
            let most = max(entry.request.headers.count, entry.response.headers.count)
            return .skip("it has \(most) header fields, more than the limit of \(limit)")
        }
        let request: Request
        let matched: Bool
        switch resolvedRequest(for: entry, method: method, url: url) {
        case .success(let found):
            request = found.0
            matched = found.1
        case .failure(let error):
            return .skip(error.message)
        }
        let storedAt = HARCodec.date(from: entry.startedDateTime) ?? Date()
        let stored = storedResponse(
            for: request, status: status, headers: HARFields.response(entry.response.headers), body: body,
            storedAt: storedAt)
        return .store(stored, matched: matched)
    }

    /// The cache entry answering `request` with a recorded status, headers and body, as the handler
    /// would have stored it at `storedAt`: under the key `send` looks up, the request's secrets
    /// redacted and the answer as the HAR recorded it, valid for the spec's `validFor` or what the
    /// headers say (expired entries still answer `--mode cache`).
    func storedResponse(
        for request: Request, status: Int, headers: HTTPFields, body: Data, storedAt: Date
    ) -> StoredResponse {
        let redactor = handler.redactor(for: request)
        let validUntil =
            request.validFor.map { storedAt.addingTimeInterval(max(0, $0)) }
            ?? CacheValidity.fromHeaders(
                headers, status: status, now: storedAt, fallback: workspace.handler.cacheTTL) ?? storedAt
        let varyNames = headers[values: .vary].flatMap { $0.split(separator: ",").map(String.init) }
        return StoredResponse(
            key: handler.storageKey(for: request), status: status, headers: StorableFields.of(headers),
            body: body, source: .live, storedAt: storedAt, validUntil: validUntil,
            method: request.method.rawValue, url: redactor.redact(url: request.cacheURL),
            request: handler.cacheIdentity.record(of: request, redactor: redactor),
            varyDigest: varyNames.isEmpty ? nil : handler.cacheIdentity.varyDigest(of: request, names: varyNames),
            secretMarks: redactor.marks(headers: headers, body: body)
        )
    }

    /// The request an entry answers on this machine: its `_tern.spec` resolved in its environment,
    /// else the one spec whose method and path template fit, else the entry's own request.
    private func resolvedRequest(
        for entry: HAREntry, method: HTTPRequest.Method, url: URL
    ) -> Result<(Request, Bool), ExplorerError> {
        let known = entry.tern?.environment.flatMap { workspace.environments[$0] == nil ? nil : $0 }
        if let name = entry.tern?.spec, let spec = try? workspace.spec(named: name) {
            do {
                return .success((try resolve(spec, environment: known ?? activeEnvironment, bindings: [:]), true))
            } catch {
                return .failure(ExplorerError(.workspace, "spec '\(spec.id)' does not resolve: \(error.message)"))
            }
        }
        let path = url.path(percentEncoded: true)
        let fits = workspace.specs.compactMap { spec -> (SpecEntry, [String: String], Int)? in
            guard spec.spec.method.uppercased() == method.rawValue, let template = PathTemplate(spec.spec.path),
                let bindings = template.match(path)
            else { return nil }
            return (spec, bindings, template.variableCount)
        }
        let fewest = fits.map(\.2).min()
        let best = fits.filter { $0.2 == fewest }
        if best.count == 1, let fit = best.first,
            let request = try? resolve(fit.0, environment: known ?? activeEnvironment, bindings: fit.1),
            request.url.path(percentEncoded: true) == path
        {
            return .success((request, true))
        }
        var request = Request(method: method, url: url, headers: HARFields.request(entry.request.headers))
        if let text = entry.request.postData?.text, !text.isEmpty { request.body = .data(Data(text.utf8)) }
        request.cachePartition = known ?? activeEnvironment
        // The credentials `import har` would move to `{{env:…}}` are secrets here: redacted wherever the
        // request is recorded, and marked where the answer holds them.
        request.secretValues =
            context.secrets.values(in: workspace, edits: edits).map(\.value)
            + HARImporter.credentialValues(of: entry.request)
        return .success((request, false))
    }

    /// `entry`'s request in `environment` with `bindings` above the session's variables.
    private func resolve(
        _ entry: SpecEntry, environment: String?, bindings: [String: String]
    ) throws(ExplorerError) -> Request {
        var context = TemplateContext(
            environment: environment, overrides: self.context.settings.variables.merging(bindings) { $1 },
            processEnvironment: self.context.services.processEnvironment
        )
        context.secrets = self.context.secrets.resolver(root: workspace.root)
        let spec = edits[entry.id] ?? entry
        var request = try workspaceCall { () throws(WorkspaceError) in
            try workspace.request(for: spec, context: context)
        }
        request.cachePartition = environment ?? workspace.defaultEnvironment
        request.secretValues = self.context.secrets.values(in: workspace, edits: edits).map(\.value)
        // As `send` files it: the embedded mock's answers under its usual port, wherever it runs now.
        request.identityURL = self.context.services.mockFiling?.filed(request.url)
        return request
    }
}
