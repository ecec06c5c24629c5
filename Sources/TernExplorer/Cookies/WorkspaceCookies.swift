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
    }

    private let folder: URL
    private let state = Mutex(State())

    /// The jars of the workspace whose `.tern/` folder is `folder`.
    package init(folder: URL) {
        self.folder = folder
    }

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
        let jars = Self.read(folder.appendingPathComponent(Self.fileName)).mapValues { CookieJar(cookies: $0) }
        state.jars = jars
        state.saved = jars.mapValues(\.revision)
        return jars
    }

    /// The cookies of `file` by environment; an unreadable, damaged or oversized file gives none.
    static func read(_ file: URL) -> [String: [Cookie]] {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            let size = attributes[.size] as? Int, size <= maximumFileSize,
            let data = try? Data(contentsOf: file),
            let stored = try? decoder.decode(StoredCookies.self, from: data)
        else { return [:] }
        return stored.environments
    }

    private func write(_ jars: [String: [Cookie]]) throws(FileFailure) {
        guard let data = try? Self.encoder.encode(StoredCookies(environments: jars)) else {
            throw FileFailure(folder.appendingPathComponent(Self.fileName).path, "the cookies could not be encoded")
        }
        try StateFileJSON.write(data, named: Self.fileName, in: folder)
    }

    /// The file's shape: `{"version": 1, "environments": {"local": [cookie, ...]}}` (`""` for none).
    private struct StoredCookies: Codable {
        var version = 1
        var environments: [String: [Cookie]]
    }

    private static var decoder: JSONDecoder { StateFileJSON.decoder }

    private static var encoder: JSONEncoder { StateFileJSON.encoder }
}
