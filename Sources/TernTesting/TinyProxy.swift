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
    /// to 10 s (without holding a thread) until it accepts connections.
    public init(username: String? = nil, password: String? = nil) async throws {
        guard let binary = Self.binary else { throw UnresponsiveListener.Failure("tinyproxy is not installed") }
        let port = try FreePort.onLoopback()
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
        if await FreePort.waitUntilListening(port, seconds: 10) { return }
        await stop()
        throw UnresponsiveListener.Failure("tinyproxy did not listen on 127.0.0.1:\(port) within 10 s")
    }

    /// What tinyproxy logged so far (one `Request` line per proxied request, `CONNECT` for tunnels).
    public var log: String {
        (try? String(contentsOf: folder.appendingPathComponent("tinyproxy.log"), encoding: .utf8)) ?? ""
    }

    /// Stops tinyproxy (SIGTERM, SIGKILL after 5 s), waits until it has exited and removes its folder.
    public func stop() async {
        await process.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `body` with tinyproxy started (with Basic credentials when given), then stops it, also
    /// when `body` throws.
    public static func with<T>(
        username: String? = nil, password: String? = nil, _ body: (TinyProxy) async throws -> T
    ) async throws -> T {
        let proxy = try await TinyProxy(username: username, password: password)
        do {
            let result = try await body(proxy)
            await proxy.stop()
            return result
        } catch {
            await proxy.stop()
            throw error
        }
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
