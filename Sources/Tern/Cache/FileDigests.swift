import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The digests of file bodies already read, by what the file was when it was read: one upload's key,
/// stored record and history row need its digest, and the file is read for it once.
///
/// A file that changed (another inode, size, modification or change time) is read again. At most
/// `capacity` digests are kept; the oldest goes first. With a `file` (`.tern/file-digests`, owner-only),
/// they are kept between runs: read at the first lookup, written (atomically) when one is added. The
/// file's first line marks the identity key it was made with; another key's file is ignored.
final class FileDigests: Sendable {
    /// What identifies a file's content without reading it.
    typealias Stamp = FileStamp

    /// How many digests are kept.
    static let capacity = 32

    private struct State {
        var loaded = false
        var entries: [(Stamp, String)] = []
    }

    private let state = Mutex(State())
    /// Where the digests are kept between runs, if anywhere.
    let file: URL?
    private let keyMark: String

    init(file: URL? = nil, keyMark: String = "") {
        self.file = file
        self.keyMark = keyMark
    }

    /// The digest remembered for `stamp`.
    func digest(for stamp: Stamp) -> String? {
        state.withLock { state in
            load(&state)
            return state.entries.first { $0.0 == stamp }?.1
        }
    }

    /// Remembers `digest` for `stamp`, forgetting the oldest past `capacity`, and writes the file.
    func remember(_ digest: String, for stamp: Stamp) {
        let text: String? = state.withLock { state in
            load(&state)
            state.entries.removeAll { $0.0 == stamp }
            state.entries.append((stamp, digest))
            if state.entries.count > Self.capacity { state.entries.removeFirst(state.entries.count - Self.capacity) }
            guard file != nil else { return nil }
            return ([keyMark] + state.entries.map { "\($0.0.text) \($0.1)" }).joined(separator: "\n") + "\n"
        }
        guard let file, let text else { return }
        // Best effort: a folder that cannot be written to keeps them for this process only.
        Self.write(Data(text.utf8), to: file.path)
    }

    /// Reads the file once: its lines after the key mark, `stamp digest`; anything else is skipped.
    private func load(_ state: inout State) {
        guard !state.loaded else { return }
        state.loaded = true
        guard let file, let data = try? RegularFile.contents(of: file, limit: 64 * 1024),
            let text = String(validating: data, as: UTF8.self)
        else { return }
        var lines = text.split(separator: "\n")[...]
        guard lines.popFirst() == Substring(keyMark) else { return }
        for line in lines.prefix(Self.capacity) {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let stamp = Stamp(text: parts[0]), parts[1].count == 64,
                parts[1].allSatisfy(\.isHexDigit)
            else { continue }
            state.entries.append((stamp, String(parts[1])))
        }
    }

    /// Replaces `path` with `data` (owner-only), atomically; errors are ignored.
    private static func write(_ data: Data, to path: String) {
        var info = stat()
        let exists = lstat(path, &info) == 0
        guard !exists || info.st_mode & S_IFMT == S_IFREG,
            let replacement = try? ReplacementFile(replacing: path, existing: exists ? info : nil, mode: 0o600)
        else { return }
        let written = data.withUnsafeBytes { bytes in (try? replacement.write(bytes)) != nil }
        if written { try? replacement.commit() } else { replacement.discard() }
    }
}
