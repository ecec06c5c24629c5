import Foundation
import Tern
import TernWorkspace

/// The headers a typed request's named session keeps (`tern get URL --session NAME`), as HTTPie's sessions
/// do, in `.tern/sessions/NAME.json` (owner-only); its cookies are in the workspace's jars, as `session:NAME`.
///
/// A request of the session sends them unless it names the header itself. The headers a request types are
/// kept for the next, but `Content-*`, `If-*` (they belong to one request), `Cookie` (the jar's) and the
/// `Accept` a JSON body adds by itself.
struct AdHocSessionHeaders: Codable, Equatable {
    /// A header, name as typed.
    struct Header: Codable, Equatable {
        var name: String
        var value: String
    }

    var headers: [Header] = []

    /// The largest file read back.
    static let maximumFileSize = 1 << 20

    /// The folder of the session files, in the workspace's `.tern/`.
    static func folder(in workspace: URL) -> URL {
        workspace.appendingPathComponent(".tern/sessions", isDirectory: true)
    }

    /// Whether `name` may name a session: letters, digits, `-`, `_` and `.`, not starting with `.`.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 100 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0))
            }
    }

    /// The headers of session `name` in the workspace at `workspace`; none for a new session.
    static func read(_ name: String, in workspace: URL) throws(ExplorerError) -> AdHocSessionHeaders {
        guard isValidName(name) else {
            throw ExplorerError(
                .usage, "'\(name)' is not a session name: use letters, digits, '-', '_' and '.'")
        }
        let file = folder(in: workspace).appendingPathComponent(name + ".json")
        switch StateFileJSON.contents(of: file, limit: maximumFileSize) {
        case .absent:
            return AdHocSessionHeaders()
        case .unusable(let reason):
            throw ExplorerError(.usage, "the session file \(file.path) cannot be read: \(reason)")
        case .data(let data):
            do {
                return try StateFileJSON.decoder.decode(AdHocSessionHeaders.self, from: data)
            } catch {
                throw ExplorerError(.usage, "the session file \(file.path) is not the JSON Tern writes")
            }
        }
    }

    /// Whether session `name` has a file in the workspace at `workspace` (a read-only session that has none is
    /// made from its first request, as HTTPie makes it).
    static func exists(_ name: String, in workspace: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder(in: workspace).appendingPathComponent(name + ".json").path)
    }

    /// `spec` with the session's headers it does not name itself.
    func applied(to spec: SpecDefinition) -> SpecDefinition {
        var spec = spec
        let named = Set(spec.headers.map { $0.name.lowercased() })
        for header in headers where !named.contains(header.name.lowercased()) {
            spec.headers.append((name: header.name, value: header.value))
        }
        return spec
    }

    /// The session after a request of `spec`: the headers it typed replace the session's of the same name.
    func keeping(_ spec: SpecDefinition) -> AdHocSessionHeaders {
        let kept = spec.headers.filter { header in
            let name = header.name.lowercased()
            return !name.hasPrefix("content-") && !name.hasPrefix("if-") && name != "cookie"
                && !(name == "accept" && header.value == AdHocRequest.jsonAccept)
        }
        let replaced = Set(kept.map { $0.name.lowercased() })
        var result = AdHocSessionHeaders(headers: headers.filter { !replaced.contains($0.name.lowercased()) })
        result.headers += kept.map { Header(name: $0.name, value: $0.value) }
        return result
    }

    /// Writes the session `name`'s file atomically, owner-only.
    func write(_ name: String, in workspace: URL) throws(ExplorerError) {
        let data: Data
        do {
            data = try StateFileJSON.encoder.encode(self)
        } catch {
            throw ExplorerError(.storage, "the session \(name) could not be encoded: \(error)")
        }
        let folder = Self.folder(in: workspace)
        do {
            try? FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try StateFileJSON.write(data, named: name + ".json", in: folder, limit: Self.maximumFileSize)
        } catch {
            throw ExplorerError(.storage, "the session \(name) could not be saved: \(error)")
        }
    }
}
