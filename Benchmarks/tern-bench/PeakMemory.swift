import Foundation

/// Peak resident memory, read two ways.
///
/// `getrusage`/`wait4`'s `ru_maxrss` is what the kernel keeps per process, but on Linux `execve`
/// folds the *old* address space's high-water mark into it: a child started by `posix_spawn`
/// from this ~30 MiB orchestrator reports at least ~30 MiB, whatever it really used (curl, which
/// peaks near 11 MiB, showed 30.5 MiB; 219 MiB when spawned from a 219 MiB parent). `VmHWM` in
/// `/proc/<pid>/status` is the high-water mark of the process's own address space since its exec,
/// so the table uses that; `ru_maxrss` is still shown in the log.
enum PeakMemory {
    /// `ru_maxrss` of this process, in KiB.
    static func maxRSSKiB() -> Int {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        return usage.ru_maxrss
    }

    /// Figures from `/proc/<pid>/status`, in KiB.
    struct Status: Sendable {
        /// `VmHWM`: the peak resident set since exec (code pages of shared libraries included).
        var highWater: Int
        /// `VmRSS`: the resident set now.
        var resident: Int
        /// `RssAnon`: the anonymous part of it now (heap, stacks: what the program allocated).
        var anonymous: Int
        /// `RssFile`: the file-backed part of it now (the executable, shared libraries, mapped files).
        var file: Int
    }

    /// `VmHWM` of this process, in KiB.
    static func highWaterMarkKiB() -> Int? {
        status()?.highWater
    }

    /// The status of `pid` (this process when `nil`); `nil` once the process has exited.
    static func status(of pid: pid_t? = nil) -> Status? {
        let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        var length = 0
        while length < buffer.count {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + length, $0.count - length) }
            if count <= 0 { break }
            length += count
        }
        // Lines such as "VmHWM:\t   12345 kB".
        let lines = String(decoding: buffer[..<length], as: UTF8.self).split(separator: "\n")
        func field(_ name: String) -> Int? {
            guard let line = lines.first(where: { $0.hasPrefix(name + ":") }) else { return nil }
            return line.dropFirst(name.count + 1).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
        }
        guard let highWater = field("VmHWM"), let resident = field("VmRSS"), let anonymous = field("RssAnon"),
            let file = field("RssFile")
        else {
            return nil
        }
        return Status(highWater: highWater, resident: resident, anonymous: anonymous, file: file)
    }
}
