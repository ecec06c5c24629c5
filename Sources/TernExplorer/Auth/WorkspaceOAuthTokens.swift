package import Foundation
import Synchronization
package import Tern

/// The OAuth 2.0 tokens of a workspace, kept in `.tern/oauth-tokens.json` (owner-only, written atomically)
/// so a sign-in lasts across runs; one per environment and configuration (grant, endpoints, client, scope).
///
/// The file holds live credentials: it is created 0600, lives in `.tern/` (which `tern init` git-ignores),
/// and nothing shows its tokens in clear.
package final class WorkspaceOAuthTokens: OAuth2TokenStorage {
    /// The file's name in `.tern/`.
    package static let fileName = "oauth-tokens.json"
    /// The largest file read back.
    static let maximumFileSize = 4 * 1024 * 1024

    /// One stored token and what it is for (never a secret besides the token itself).
    package struct Entry: Codable, Sendable, Equatable {
        /// The environment (`""`: none).
        package var environment: String
        /// `OAuth2Configuration.summary`: grant, client, token endpoint, scope.
        package var summary: String
        /// The token.
        package var token: OAuth2Token
        /// When it was stored.
        package var savedAt: Date
    }

    private struct StoredTokens: Codable {
        var version = 1
        var tokens: [String: Entry]
    }

    private let folder: URL
    private let entries = Mutex<[String: Entry]?>(nil)
    /// Why the file was not read, when it is there but could not be: it is then never replaced.
    private let unread = Mutex<String?>(nil)

    /// The tokens of the workspace whose `.tern/` folder is `folder`.
    package init(folder: URL) {
        self.folder = folder
    }

    package func token(for key: OAuth2TokenKey) -> OAuth2Token? {
        entries.withLock { entries in loaded(&entries)[key.id]?.token }
    }

    package func save(_ token: OAuth2Token?, for key: OAuth2TokenKey) {
        let snapshot: [String: Entry] = entries.withLock { entries in
            var all = loaded(&entries)
            all[key.id] = token.map {
                Entry(
                    environment: key.partition ?? "", summary: key.configuration.summary, token: $0, savedAt: Date())
            }
            entries = all
            return all
        }
        // A token that cannot be written is still used for this run; the next run signs in again.
        try? write(snapshot)
    }

    /// Every stored token, by environment then summary.
    package func list() -> [Entry] {
        entries.withLock { entries in
            loaded(&entries).values.sorted { ($0.environment, $0.summary) < ($1.environment, $1.summary) }
        }
    }

    /// Forgets the tokens of `environment` (`nil`: all of them); how many were forgotten.
    @discardableResult
    package func forget(environment: String?) throws(FileFailure) -> Int {
        let (snapshot, removed): ([String: Entry], Int) = entries.withLock { entries in
            var all = loaded(&entries)
            let before = all.count
            all = all.filter { environment != nil && $0.value.environment != environment }
            entries = all
            return (all, before - all.count)
        }
        if removed > 0 { try write(snapshot) }
        return removed
    }

    private func loaded(_ entries: inout [String: Entry]?) -> [String: Entry] {
        if let entries { return entries }
        let file = folder.appendingPathComponent(Self.fileName)
        var read: [String: Entry] = [:]
        switch StateFileJSON.contents(of: file, limit: Self.maximumFileSize) {
        case .absent: break
        case .unusable(let reason): unread.withLock { $0 = reason }
        case .data(let data):
            if let stored = try? StateFileJSON.decoder.decode(StoredTokens.self, from: data) {
                read = stored.tokens
            } else {
                unread.withLock { $0 = "it is not the JSON Tern writes" }
            }
        }
        entries = read
        return read
    }

    private func write(_ tokens: [String: Entry]) throws(FileFailure) {
        if let reason = unread.withLock({ $0 }) { throw StateFileJSON.kept(Self.fileName, in: folder, because: reason) }
        guard let data = try? StateFileJSON.encoder.encode(StoredTokens(tokens: tokens)) else {
            throw FileFailure(folder.appendingPathComponent(Self.fileName).path, "the tokens could not be encoded")
        }
        try StateFileJSON.write(data, named: Self.fileName, in: folder, limit: Self.maximumFileSize)
    }
}
