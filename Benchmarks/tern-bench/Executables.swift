import Foundation

/// The programs the benchmark starts: itself (`serve`, `run`) and the `tern` it measures.
enum Executables {
    /// This program's own path, to start `serve` and `run` children.
    static func bench() throws -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { throw BenchError.spawn("cannot read /proc/self/exe") }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The `tern` to measure: `given` (`--tern PATH`) when there is one, else the `tern` next to this
    /// executable (`swift build -c release` puts both in `.build/release`).
    static func tern(_ given: String? = nil) throws -> URL {
        if let given {
            let url = URL(fileURLWithPath: given)
            guard FileManager.default.isExecutableFile(atPath: url.path) else {
                throw BenchError.usage("--tern \(given) is not an executable file")
            }
            return url
        }
        let beside = URL(fileURLWithPath: try bench()).deletingLastPathComponent().appendingPathComponent("tern")
        guard FileManager.default.isExecutableFile(atPath: beside.path) else {
            throw BenchError.usage(
                "no tern next to tern-bench: swift build -c release --product tern, or give --tern PATH")
        }
        return beside
    }

    /// The path of `name` on `PATH` (or in `/usr/sbin`, where nginx lives), `nil` when it is not installed.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let folders = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/sbin"]
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
