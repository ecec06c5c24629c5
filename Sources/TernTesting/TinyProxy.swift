import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real HTTP proxy for tests: Debian's `tinyproxy` on 127.0.0.1 with a generated configuration
/// (Basic credentials when given), its log in a temporary folder. Stop it with `stop()`.
public final class TinyProxy: @unchecked Sendable {
    /// The installed binary, `nil` when tinyproxy is missing (the Makefile's APT_PACKAGES installs it).
    public static var binary: String? {
        ["/usr/bin/tinyproxy", "/usr/sbin/tinyproxy"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The port on 127.0.0.1.
    public let port: Int
    private let process: ChildProcess
    private let folder: URL

    /// Starts tinyproxy (Port 0 is not supported: the port is a free one found just before) and waits up
    /// to 10 s until it accepts connections.
    public init(username: String? = nil, password: String? = nil) throws {
        guard let binary = Self.binary else { throw UnresponsiveListener.Failure("tinyproxy is not installed") }
        let (descriptor, port) = try RawSocket.listenOnLoopback(backlog: 1)
        RawSocket(descriptor: descriptor).close()
        self.port = port
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-tinyproxy-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var lines = [
            "Port \(port)", "Listen 127.0.0.1", "Timeout 30", "MaxClients 32", "Allow 127.0.0.1",
            "LogFile \"\(folder.appendingPathComponent("tinyproxy.log").path)\"", "LogLevel Connect",
        ]
        if let username, let password { lines.append("BasicAuth \(username) \(password)") }
        let configuration = folder.appendingPathComponent("tinyproxy.conf")
        try (lines.joined(separator: "\n") + "\n").write(to: configuration, atomically: true, encoding: .utf8)
        process = try ChildProcess(binary, ["-d", "-c", configuration.path])
        for _ in 0..<100 {
            if Self.accepts(port: port) { return }
            usleep(100_000)
        }
        stop()
        throw UnresponsiveListener.Failure("tinyproxy did not listen on 127.0.0.1:\(port) within 10 s")
    }

    /// What tinyproxy logged so far (one `Request` line per proxied request, `CONNECT` for tunnels).
    public var log: String {
        (try? String(contentsOf: folder.appendingPathComponent("tinyproxy.log"), encoding: .utf8)) ?? ""
    }

    /// Stops tinyproxy (SIGTERM, SIGKILL after 5 s) and removes its folder.
    public func stop() {
        process.terminate()
        for _ in 0..<50 where process.isRunning { usleep(100_000) }
        process.terminate(SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether something accepts a TCP connection on 127.0.0.1:`port`.
    static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        let raw = RawSocket(descriptor: descriptor)
        defer { raw.close() }
        var address = RawSocket.loopback(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return result == 0
    }
}
