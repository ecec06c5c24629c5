import Foundation

/// httpbin, the request-echo server nobody here wrote, for end-to-end journeys: Debian's
/// `python3-httpbin` (the Makefile's APT_PACKAGES installs it) on 127.0.0.1, run by the system
/// Python with Flask's server. Stop it with `stop()`.
public final class Httpbin: StoppableServer {
    /// The system interpreter that has the package, `nil` when httpbin is not installed.
    public static var python: String? {
        ["/usr/bin/python3"].first {
            FileManager.default.isExecutableFile(atPath: $0)
                && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/httpbin/__init__.py")
        }
    }

    /// The port on 127.0.0.1.
    public let port: Int
    private let process: ChildProcess

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts httpbin on a free port and waits up to 15 s (without holding a thread) until it accepts
    /// connections.
    public init() async throws {
        guard let python = Self.python else { throw UnresponsiveListener.Failure("python3-httpbin is not installed") }
        let port = try FreePort.onLoopback()
        self.port = port
        let script = "from httpbin import app; app.run(host='127.0.0.1', port=\(port), threaded=True)"
        process = try ChildProcess(python, ["-c", script], output: .null, error: .null)
        if await FreePort.waitUntilListening(port, seconds: 15) { return }
        await stop()
        throw UnresponsiveListener.Failure("httpbin did not listen on 127.0.0.1:\(port) within 15 s")
    }

    /// Stops httpbin (SIGTERM, SIGKILL after 5 s) and waits until it has exited; idempotent.
    public func stop() async {
        await process.stop()
    }

    /// Runs `body` with httpbin started, then stops it, also when `body` throws.
    public static func with<T>(_ body: (Httpbin) async throws -> T) async throws -> T {
        try await running(try await Httpbin(), body)
    }
}
