import Tern

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole small file with `open`/`read` (cheaper than Foundation for thousands of spec files).
enum FileBytes {
    /// Why a read failed: the `strerror` text of `errno`.
    struct Failure: Error {
        var reason: String
    }

    /// The bytes of the file at `path`; a file longer than `limit` bytes is a failure saying so.
    static func contents(
        atPath path: String, limit: Int = WorkspaceLimits.maximumFileSize
    ) throws(Failure) -> [UInt8] {
        // Only a regular file: a FIFO (which git can carry) would block `open`, a device never end.
        let descriptor: Int32
        do {
            descriptor = try RegularFile.descriptor(path)
        } catch {
            throw Failure(reason: error.reason)
        }
        defer { close(descriptor) }
        // Spec files are small: one read into 4 KiB usually gets all of it.
        var bytes = [UInt8](repeating: 0, count: 4096)
        var count = 0
        while true {
            if count > limit { throw Failure(reason: "it is larger than the limit of \(limit) bytes") }
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1))) }
            let received = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return read(descriptor, base + count, buffer.count - count)
            }
            if received < 0 {
                if errno == EINTR { continue }
                throw lastFailure()
            }
            if received == 0 { break }
            count += received
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    private static func lastFailure() -> Failure {
        Failure(reason: String(cString: strerror(errno)))
    }
}
