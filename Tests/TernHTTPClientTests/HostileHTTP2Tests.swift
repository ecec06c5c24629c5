import Foundation
import TernTesting
import Testing

@testable import Tern
@testable import TernHTTPClient

/// HTTP/2 servers that flood: SwiftNIO's HTTP/2 handler detects the flood, and the transport closes
/// the connection then (AsyncHTTPClient left it open, reading and keeping what came: 4 GB in seconds).
@Suite("HTTP/2: hostile servers", .serialized, .timeLimit(.minutes(1)))
struct HostileHTTP2Tests {
    static var python: String? {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : nil
    }

    /// Runs `body` with `hostile_h2.py` serving `behaviour` on a free port.
    func withServer(_ behaviour: String, _ body: (Int) async throws -> Void) async throws {
        let python = try #require(Self.python)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-h2-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let leaf = try TestCertificateAuthority.selfSigned()
        try Data(leaf.certificatePEM.utf8).write(to: folder.appendingPathComponent("cert.pem"))
        try Data(leaf.keyPEM.utf8).write(to: folder.appendingPathComponent("key.pem"))
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/hostile_h2.py")
        let port = try FreePort.onLoopback()
        let server = try ChildProcess(
            python,
            [
                script.path, "\(port)", behaviour, folder.appendingPathComponent("cert.pem").path,
                folder.appendingPathComponent("key.pem").path,
            ])
        try await server.whileRunning {
            #expect(await FreePort.waitUntilListening(port))
            try await body(port)
        }
    }

    @Test(
        "a CONTINUATION flood and a SETTINGS flood end the attempt at once, saying the server broke HTTP/2",
        .enabled(if: python != nil, "python3 is not installed"),
        arguments: ["continuation", "settings"])
    func floods(behaviour: String) async throws {
        try await withServer(behaviour) { port in
            var configuration = TransportConfiguration()
            configuration.tls = TLSSettings(insecure: true)
            let transport = HTTPClientTransport(configuration: configuration)
            let url = try #require(URL(string: "https://127.0.0.1:\(port)/x"))
            let error = await #expect(throws: TernError.self) {
                _ = try await transport.perform(
                    Request(url: url), context: TransportContext(timeout: .seconds(30)))
            }
            try await transport.shutdown()
            let message = error?.message ?? ""
            // Which of SwiftNIO's errors comes first depends on how the bytes arrive; each says HTTP/2 broke.
            #expect(message.contains("broke the HTTP/2 protocol"), "\(message)")
            #expect(!message.contains("client certificate"), "\(message)")
        }
    }
}
