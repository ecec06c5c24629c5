package import Foundation
import Synchronization
package import Tern

/// The cookie jars of a workspace, one per environment, kept in `.tern/cookies.json` (owner-only):
/// read on first use, written atomically after each send that changed a jar.
///
/// Session cookies (no `Expires` or `Max-Age`) are kept too, as HTTPie and Posting sessions do, until
/// `cookies clear` or the server removes them.
package final class WorkspaceCookies: Sendable {
    /// The largest file read back: a bigger one is a mistake or an attack, and is ignored.
    static let maximumFileSize = 8 * 1024 * 1024
    /// The file's name in `.tern/`.
    package static let fileName = "cookies.json"

    private struct State {
        var jars: [String: CookieJar]?
        /// The revision of each jar as last written.
        var saved: [String: Int] = [:]
        /// Why the file was not read, when it is there but could not be: it is then never replaced.
        var unread: String?
    }

    private let folder: URL
    private let state = Mutex(State())
    /// Whether changed jars are written back (`false`: a read-only session's are read and never written).
    private let keepsChanges: Bool

    /// The jars of the workspace whose `.tern/` folder is `folder`; with `keepsChanges` false, the file is
    /// read and never written.
    package init(folder: URL, keepsChanges: Bool = true) {
        self.folder = folder
        self.keepsChanges = keepsChanges
    }

    /// The key of the named session `name`'s jar (a typed request's `--session NAME`): `session:NAME`,
    /// beside the environments' jars.
    package static func sessionJar(_ name: String) -> String { "session:" + name }

    /// The jar of `environment` (`nil`: no environment), made empty when there is none yet.
    package func jar(_ environment: String?) -> CookieJar {
        state.withLock { state in
            let jars = loadedJars(&state)
            if let jar = jars[environment ?? ""] { return jar }
            let jar = CookieJar()
            state.jars?[environment ?? ""] = jar
            state.saved[environment ?? ""] = jar.revision
            return jar
        }
    }

    /// Writes the file (without the cookies already expired) when a jar changed since it was read or last written.
    package func saveIfChanged() throws(FileFailure) {
        guard keepsChanges else { return }
        let snapshot: [String: [Cookie]]? = state.withLock { state in
            guard let jars = state.jars, jars.contains(where: { state.saved[$0.key] != $0.value.revision }) else {
                return nil
            }
            for (name, jar) in jars { state.saved[name] = jar.revision }
            let now = Date()
            return jars.mapValues { $0.storedCookies.filter { !$0.isExpired(at: now) } }.filter { !$0.value.isEmpty }
        }
        guard let snapshot else { return }
        try write(snapshot)
    }

    private func loadedJars(_ state: inout State) -> [String: CookieJar] {
        if let jars = state.jars { return jars }
        let (stored, unread) = Self.read(folder.appendingPathComponent(Self.fileName))
        let jars = stored.mapValues { CookieJar(cookies: $0) }
        state.unread = unread
        state.jars = jars
        state.saved = jars.mapValues(\.revision)
        return jars
    }

    /// The cookies of `file` by environment; an unreadable, damaged or oversized file gives none, and
    /// why it was not read.
    static func read(_ file: URL) -> (cookies: [String: [Cookie]], unread: String?) {
        switch StateFileJSON.contents(of: file, limit: maximumFileSize) {
        case .absent: return ([:], nil)
        case .unusable(let reason): return ([:], reason)
        case .data(let data):
            guard let stored = try? decoder.decode(StoredCookies.self, from: data) else {
                return ([:], "it is not the JSON Tern writes")
            }
            return (stored.environments, nil)
        }
    }

    private func write(_ jars: [String: [Cookie]]) throws(FileFailure) {
        if let unread = state.withLock({ $0.unread }) {
            throw StateFileJSON.kept(Self.fileName, in: folder, because: unread)
        }
        guard let data = try? Self.encoder.encode(StoredCookies(environments: jars)) else {
            throw FileFailure(folder.appendingPathComponent(Self.fileName).path, "the cookies could not be encoded")
        }
        try StateFileJSON.write(data, named: Self.fileName, in: folder, limit: Self.maximumFileSize)
    }

    /// The file's shape: `{"version": 1, "environments": {"local": [cookie, ...]}}` (`""` for none).
    private struct StoredCookies: Codable {
        var version = 1
        var environments: [String: [Cookie]]
    }

    private static var decoder: JSONDecoder { StateFileJSON.decoder }

    private static var encoder: JSONEncoder { StateFileJSON.encoder }
}
