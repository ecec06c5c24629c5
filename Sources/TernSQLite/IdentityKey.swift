import Foundation
import Tern

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The random key that digests secrets into storage keys (`.tern/identity.key`, 32 bytes, owner-only):
/// made once per cache, never shown, never exported.
enum IdentityKey {
    static let length = 32

    /// The key in `file`, made race-free when missing (the first process to create it wins; the others read it).
    static func load(_ file: URL) throws -> Data {
        let descriptor = open(file.path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if descriptor >= 0 {
            var bytes = [UInt8](repeating: 0, count: length)
            var generator = SystemRandomNumberGenerator()
            for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, length) }
            close(descriptor)
            guard written == length else {
                unlink(file.path)
                throw TernError(.storage, "the cache key '\(file.path)' could not be written")
            }
            return Data(bytes)
        }
        guard errno == EEXIST else {
            throw TernError(
                .storage, "the cache key '\(file.path)' could not be created: \(String(cString: strerror(errno)))")
        }
        // Another process may be writing it right now: a short, bounded wait for all 32 bytes.
        for _ in 0..<50 {
            if let data = try? Data(contentsOf: file), data.count >= length { return data.prefix(length) }
            usleep(10_000)
        }
        throw TernError(.storage, "the cache key '\(file.path)' is unreadable or short; remove it to start a new one")
    }
}
