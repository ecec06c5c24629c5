import Foundation
import HTTPTypes
import Logging
import Synchronization

/// Where a handler keeps its answers and finds them again: the storage, how answers are told apart and how
/// long they stay valid, what may be stored, and the download files not yet stored.
///
/// It finds the stored answer to a request (its `Vary` fields matched), stores a live answer exactly as it
/// came (or says with a `.notStored` event why not), refreshes an answer a `304` revalidated, makes the
/// answers to a URL stale after an unsafe method changed it, and says why a `cache`-mode send missed. The
/// handler decides when (modes, directives, stale-if-error); this type decides what is kept and how.
final class ResponseStore: Sendable {
    /// Keeps the answers; `nil`: nothing is stored or found.
    let storage: (any StorageManager)?
    /// How stored answers are told apart.
    let identity: CacheIdentity
    /// How long an answer stays valid when neither the caller nor the request says.
    let validity: CacheValidity
    /// Whether answers that carry a secret are stored (`Handler.storesSecretAnswers`).
    let storesSecretAnswers: Bool
    /// The largest body stored; `nil`: no limit of its own.
    let maximumStoredBodyBytes: Int64?
    let clock: any TernClock
    let logger: Logger?
    /// Download files made for sends that no storage adopted yet.
    private let temporaryFiles = Mutex<Set<URL>>([])

    init(
        storage: (any StorageManager)?, identity: CacheIdentity, validity: CacheValidity, storesSecretAnswers: Bool,
        maximumStoredBodyBytes: Int64?, clock: any TernClock, logger: Logger?
    ) {
        self.storage = storage
        self.identity = identity
        self.validity = validity
        self.storesSecretAnswers = storesSecretAnswers
        self.maximumStoredBodyBytes = maximumStoredBodyBytes
        self.clock = clock
        self.logger = logger
    }

    deinit { removeTemporaryFiles() }

    /// The newest stored answer to `plan`'s request, valid or not, whose `Vary` headers match.
    ///
    /// Storage read errors count as misses (logged), unless `strict` (`cache` mode), where they are the answer.
    func lookup(_ plan: SendPlan, strict: Bool) async throws -> StoredResponse? {
        guard let storage else { return nil }
        do {
            guard let latest = try await storage.replayEntry(forKey: plan.key) else { return nil }
            if varies(latest, for: plan.request) == false { return latest }
            guard let list = storage as? any ListStorageManager else { return nil }
            return try await list.list(forKey: plan.key).reversed().first { varies($0, for: plan.request) == false }
        } catch {
            logger?.warning("reading '\(plan.key)' from storage failed: \(error)")
            if strict {
                throw TernError(
                    .storage, "the cache could not be read: \(error)", requestLabel: plan.label, underlying: error)
            }
            return nil
        }
    }

    /// Whether `entry`'s `Vary` headers make it the answer to another request than `request`.
    private func varies(_ entry: StoredResponse, for request: Request) -> Bool {
        guard let digest = entry.varyDigest else { return false }
        let names = entry.headers[values: .vary].flatMap { $0.split(separator: ",").map(String.init) }
        return digest == "*" || identity.varyDigest(of: request, names: names) != digest
    }

    /// The caller's response for a stored entry.
    func response(from entry: StoredResponse, plan: SendPlan, state: CacheState, attempts: Int = 0) -> Response {
        let now = clock.now
        // A stored answer served says how old it is (RFC 9111 §5.1); the stored fields stay as they came.
        var headers = entry.headers
        headers[.age] = String(entry.currentAge(at: now))
        return Response(
            status: HTTPResponse.Status(standardCode: entry.status), headers: headers, body: entry.body,
            fileURL: entry.fileURL, source: entry.source == .sample ? .sample : .cache, request: plan.request,
            timing: Response.Timing(start: now, duration: .zero), attempts: attempts,
            cache: Response.CacheInfo(
                key: plan.key, storedAt: entry.storedAt, validUntil: entry.validUntil,
                isExpired: !entry.isValid(at: now),
                state: state, request: entry.request, verification: entry.verification
            )
        )
    }

    /// Until when `response` stays valid: the caller's closure, the request's `validFor`, then the
    /// handler's `CacheValidity`; `nil` means it is not stored.
    private func validUntil(of response: Response, plan: SendPlan, now: Date) -> Date? {
        if let validUntil = plan.validUntil { return validUntil(response) }
        if let seconds = response.request.validFor { return seconds > 0 ? now.addingTimeInterval(seconds) : nil }
        return validity.validUntil(for: response, now: now)
    }

    /// Stores a 2xx response (not a partial 206) when there is storage and a validity, and returns it with
    /// its cache facts; a download's file then belongs to the storage (or stays this handler's temporary file).
    func store(_ response: Response, plan: SendPlan, emitter: EventEmitter) async -> Response {
        guard plan.stores, let storage, response.isSuccess, response.statusCode != 206 else { return response }
        let now = clock.now
        guard let until = validUntil(of: response, plan: plan, now: now) else { return response }
        let redactor = plan.redactor
        if !storesSecretAnswers, let secret = redactor.secretCarried(by: response) {
            logger?.info("not storing '\(plan.key)': the answer carries \(secret)")
            emitter.emit(.cache(.notStored(key: plan.key, reason: "the answer carries \(secret)")))
            return response
        }
        if let cap = maximumStoredBodyBytes, response.byteCount > cap {
            let reason = "the body (\(response.byteCount) bytes) is bigger than the cache's limit of \(cap) bytes"
            logger?.info("not storing '\(plan.key)': \(reason)")
            emitter.emit(.cache(.notStored(key: plan.key, reason: reason)))
            return response
        }
        let varyNames = response.headers[values: .vary].flatMap { $0.split(separator: ",").map(String.init) }
        // The answer is kept exactly as the server sent it, less the fields that belong to one
        // connection or one proxy (RFC 9111 §3.1); only the recorded request is redacted.
        let headers = StorableFields.of(response.headers)
        let entry = StoredResponse(
            key: plan.key, status: response.statusCode, headers: headers,
            body: response.body, fileURL: response.fileURL, source: response.source,
            storedAt: now, validUntil: until, method: plan.request.method.rawValue,
            url: redactor.redact(url: plan.request.cacheURL),
            request: identity.record(of: plan.request, redactor: redactor),
            varyDigest: varyNames.isEmpty ? nil : identity.varyDigest(of: plan.request, names: varyNames),
            byteCount: response.byteCount, secretMarks: redactor.marks(headers: headers, body: response.body)
        )
        let stored: StoredResponse
        do {
            stored = try await storage.adopt(entry)
        } catch {
            logger?.warning("storing '\(plan.key)' failed: \(error)")
            return response
        }
        if let file = response.fileURL, stored.fileURL != file {
            temporaryFiles.withLock { _ = $0.remove(file) }
        }
        emitter.emit(.cache(.stored(key: plan.key, validUntil: until)))
        var result = response
        result.fileURL = stored.fileURL ?? response.fileURL
        result.cache = Response.CacheInfo(
            key: plan.key, storedAt: now, validUntil: until, state: .stored, request: entry.request
        )
        return result
    }

    /// A `304 Not Modified` for `entry`: its headers refreshed from the 304, a new validity, served.
    func revalidated(
        _ entry: StoredResponse, by notModified: Response, plan: SendPlan, emitter: EventEmitter
    ) async -> Response {
        var refreshed = entry
        let now = clock.now
        // The 304's fields replace the stored ones of the same names (RFC 9111 §3.2), except those
        // that describe the stored body, belong to the connection, or are the cache's own (`Age`).
        var updates: [HTTPField.Name: [String]] = [:]
        for field in StorableFields.of(notModified.headers)
        where ![.contentLength, .contentEncoding, .contentRange].contains(field.name) {
            updates[field.name, default: []].append(field.value)
        }
        for (name, values) in updates { refreshed.headers[values: name] = values }
        let fieldMarks = plan.redactor.marks(headers: refreshed.headers, body: Data())?.fields ?? []
        let bodyMarks = entry.secretMarks?.body ?? []
        refreshed.secretMarks =
            fieldMarks.isEmpty && bodyMarks.isEmpty ? nil : SecretMarks(fields: fieldMarks, body: bodyMarks)
        var probe = notModified
        probe.headers = refreshed.headers
        probe.status = HTTPResponse.Status(standardCode: entry.status)
        refreshed.validUntil = validUntil(of: probe, plan: plan, now: now) ?? now
        refreshed.revalidatedAt = now
        if plan.stores, let storage {
            do {
                try await storage.update(refreshed)
            } catch {
                logger?.warning("refreshing '\(plan.key)' failed: \(error)")
            }
        }
        emitter.emit(.cache(.revalidated(key: plan.key, validUntil: refreshed.validUntil)))
        var result = response(from: refreshed, plan: plan, state: .revalidated, attempts: notModified.attempts)
        result.timing = notModified.timing
        return result
    }

    /// Why a `cache`-mode miss missed: the nearest stored requests for the same spec and what differs.
    func missExplanation(_ plan: SendPlan) async -> String {
        let subject = plan.request.name.map { "'\($0)'" } ?? plan.label
        let base = "nothing is stored under '\(plan.key)' for \(subject) as it is now"
        guard let storage, let entries = try? await storage.entries() else {
            return base + "; send it once in normal or live mode first"
        }
        let current = identity.record(of: plan.request, redactor: plan.redactor)
        let path = plan.request.cacheURL.path(percentEncoded: true)
        let candidates = entries.compactMap { entry -> (String, [String])? in
            guard let stored = entry.request else { return nil }
            let sameSpec =
                current.name != nil
                ? stored.name == current.name : stored.fingerprints["path"] == current.fingerprints["path"]
            guard sameSpec else { return nil }
            return (
                stored.partition.map { "\(stored.label) @\($0)" } ?? stored.label, stored.differences(from: current)
            )
        }.sorted { $0.1.count < $1.1.count }.prefix(3)
        guard !candidates.isEmpty else {
            return base + " (nor for \(path) in any form); send it once in normal or live mode first"
        }
        let lines = candidates.map { label, differences in
            let said =
                differences.isEmpty
                ? "no part Tern records differs (its auth: identity or a storageKey may)"
                : differences.joined(separator: "; ")
            return "  - \(label): \(said)"
        }
        return base + "; the nearest stored requests:\n" + lines.joined(separator: "\n")
            + "\nsend it once in normal or live mode to store this one"
    }

    /// Methods that change nothing on the server: their answers invalidate nothing.
    static let safeMethods: Set<HTTPRequest.Method> = [.get, .head, .options, .trace]

    /// After a successful (2xx or 3xx) answer to an unsafe method (`POST`, `PUT`, `DELETE`, `PATCH`, an
    /// unknown one), the answers stored for its URL — and for its `Location` and `Content-Location`
    /// when they share its origin — become stale: the next send asks the server again (RFC 9111 §4.4).
    /// They stay stored, so `cache` mode still replays them.
    func invalidate(after response: Response, plan: SendPlan, emitter: EventEmitter) async {
        let request = plan.request
        guard let storage, !Self.safeMethods.contains(request.method), (200..<400).contains(response.statusCode)
        else { return }
        var targets = [request.url]
        for name in [HTTPField.Name.location, .contentLocation] {
            guard let value = response.headers[values: name].first,
                let target = URL(string: value, relativeTo: request.url)?.absoluteURL,
                target.hasSameOrigin(as: request.url), !targets.contains(target)
            else { continue }
            targets.append(target)
        }
        let now = clock.now
        for target in targets {
            let url = plan.redactor.redact(url: request.cacheURL(for: target))
            do {
                if try await storage.invalidate(url: url, at: now) > 0 { emitter.emit(.cache(.invalidated(url: url))) }
            } catch {
                logger?.warning("making the answers stored for '\(url)' stale failed: \(error)")
            }
        }
    }

    /// A new owner-only file for a download: the storage's (so storing it is a rename), else the system's;
    /// removed by `removeTemporaryFiles()` unless an answer stored in it is adopted.
    func temporaryDownloadFile() throws -> URL {
        let file: URL
        if let offered = try storage?.temporaryFile() {
            file = offered
        } else {
            file = FileManager.default.temporaryDirectory.appendingPathComponent("tern-download-\(UUID().uuidString)")
            guard
                FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600])
            else {
                throw TernError(
                    .storage,
                    "a temporary file for the download could not be created in \(file.deletingLastPathComponent().path)"
                )
            }
        }
        temporaryFiles.withLock { _ = $0.insert(file) }
        return file
    }

    /// Removes a download file a failed or revalidated send no longer needs.
    func discardTemporaryFile(_ file: URL) {
        temporaryFiles.withLock { _ = $0.remove(file) }
        try? FileManager.default.removeItem(at: file)
    }

    /// Removes the download files made that no storage adopted.
    func removeTemporaryFiles() {
        let files = temporaryFiles.withLock { files in
            defer { files.removeAll() }
            return files
        }
        for file in files { try? FileManager.default.removeItem(at: file) }
    }
}
