import Foundation

/// A WebSocket server nobody here wrote: Python's `websockets` (Debian's `python3-websockets`, which
/// the Makefile's APT_PACKAGES installs) on 127.0.0.1, with a few paths the tests talk to:
///
/// - `/echo`: sends every message back as it came (text as text, binary as binary).
/// - `/greet`: says `welcome` first, then echoes.
/// - `/ticks?n=N&gap=S`: sends `{"tick":1}` … `{"tick":N}` S seconds apart, then waits.
/// - `/subscribe`: waits for `{"op":"subscribe",…}`, answers `{"subscribed":CHANNEL}`, then 2 ticks.
/// - `/headers`: sends the upgrade request's headers as one JSON object (lower-case names).
/// - `/big?bytes=N`: sends one binary message of N bytes.
/// - `/close?code=C&reason=R`: closes at once with that code.
/// - `/drop`: drops the TCP connection without a close frame.
public final class WebSocketServer: Sendable {
    /// The system interpreter with the package, `nil` when `python3-websockets` is not installed.
    public static var python: String? {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else { return nil }
        let places = ["/usr/lib/python3/dist-packages/websockets/__init__.py"]
        return places.contains { FileManager.default.fileExists(atPath: $0) } ? python : nil
    }

    /// The port on 127.0.0.1.
    public let port: Int
    private let process: ChildProcess
    /// Whether it speaks TLS (`wss://`).
    public let secure: Bool
    private let folder: URL?

    /// `ws://127.0.0.1:PORT`, or `wss://localhost:PORT` over TLS (TLS names servers by host name).
    public var baseURL: String { secure ? "wss://localhost:\(port)" : "ws://127.0.0.1:\(port)" }

    /// Starts the server on a free port and waits up to 15 s until it accepts connections; over TLS with
    /// `certificate` (its key and chain as PEM) when one is given.
    public init(certificate: TestCertificateAuthority.Issued? = nil) async throws {
        guard let python = Self.python else {
            throw UnresponsiveListener.Failure("python3-websockets is not installed (make deps installs it)")
        }
        let port = try FreePort.onLoopback()
        self.port = port
        var arguments = ["-c", Self.script, String(port)]
        if let certificate {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-wss-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let chain = folder.appendingPathComponent("server.pem")
            let key = folder.appendingPathComponent("server.key")
            try Data(certificate.certificatePEM.utf8).write(to: chain)
            try Data(certificate.keyPEM.utf8).write(to: key)
            arguments += [chain.path, key.path]
            self.folder = folder
        } else {
            folder = nil
        }
        secure = certificate != nil
        process = try ChildProcess(python, arguments, output: .null, error: .null)
        if await FreePort.waitUntilListening(port, seconds: 15) { return }
        await stop()
        throw UnresponsiveListener.Failure("the WebSocket server did not listen on 127.0.0.1:\(port) within 15 s")
    }

    /// Stops the server and waits until it has exited; idempotent.
    public func stop() async {
        await process.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// Runs `body` with the server started, then stops it, also when `body` throws.
    public static func with<T>(
        certificate: TestCertificateAuthority.Issued? = nil, _ body: (WebSocketServer) async throws -> T
    ) async throws -> T {
        let server = try await WebSocketServer(certificate: certificate)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    static let script = #"""
        import asyncio, json, sys, urllib.parse
        import websockets

        async def handler(ws, path):
            url = urllib.parse.urlparse(path)
            query = dict(urllib.parse.parse_qsl(url.query))
            route = url.path
            if route == "/greet":
                await ws.send("welcome")
                route = "/echo"
            if route == "/echo":
                async for message in ws:
                    await ws.send(message)
            elif route == "/ticks":
                gap = float(query.get("gap", "0"))
                for i in range(1, int(query.get("n", "3")) + 1):
                    await ws.send(json.dumps({"tick": i}))
                    await asyncio.sleep(gap)
                await ws.wait_closed()
            elif route == "/subscribe":
                async for message in ws:
                    data = json.loads(message)
                    if data.get("op") == "subscribe":
                        await ws.send(json.dumps({"subscribed": data.get("channel")}))
                        for i in range(1, 3):
                            await ws.send(json.dumps({"tick": i}))
            elif route == "/headers":
                await ws.send(json.dumps({k.lower(): v for k, v in ws.request_headers.raw_items()}))
                await ws.wait_closed()
            elif route == "/big":
                await ws.send(b"x" * int(query.get("bytes", "1024")))
                await ws.wait_closed()
            elif route == "/close":
                await ws.close(int(query.get("code", "1000")), query.get("reason", ""))
            elif route == "/drop":
                ws.transport.abort()
                # Returning would let the library close politely (1000) should the abort be slow to land.
                await asyncio.sleep(5)
            else:
                await ws.close(1008, "no such path")

        async def main():
            context = None
            if len(sys.argv) > 3:
                import ssl
                context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
                context.load_cert_chain(sys.argv[2], sys.argv[3])
            async with websockets.serve(handler, "127.0.0.1", int(sys.argv[1]), max_size=None, ssl=context):
                await asyncio.Future()

        asyncio.run(main())
        """#
}
