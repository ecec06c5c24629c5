import Foundation
import TernInterchange
import TernTesting
import Testing

/// "Copy as cURL, replay it": every command of the curlconverter corpus in the repository is imported
/// and sent once, against a server of ours, with no environment variable set. The secrets they paste
/// go to the workspace's secret store, so only a command that reads the shell's environment (`$NAME`)
/// or a file that is not there cannot be sent.
@Suite("curl corpus: imported and sent at once")
struct CurlCorpusSendTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TernInterchangeTests/Fixtures/curl")

    /// The commands that cannot be sent as they are, and why (curl would send them with an empty
    /// variable or without the file).
    static let unsendable: [String: String] = [
        "get_with_env_var.sh": "reads $DO_API_TOKEN from the environment",
        "multipart_post.sh": "uploads a file that is not in the corpus",
        "post_binary_file.sh": "sends a file that is not in the corpus",
        "upload_file.sh": "uploads a file that is not in the corpus",
    ]

    static var commands: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { name in
            name.hasSuffix(".sh")
                && ((try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))?
                    .contains("localhost:28139") ?? false)
        }.sorted()
    }

    @Test("the corpus is here") func corpus() {
        #expect(Self.commands.count >= 30)
    }

    @Test("each command sends at once after import", arguments: commands)
    func sendsAtOnce(_ name: String) async throws {
        let server = try RawEchoServer()
        defer { server.stop() }
        try await withFolder { folder in
            let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
                .replacingOccurrences(of: "http://localhost:28139", with: server.baseURL)
                .replacingOccurrences(of: "localhost:28139", with: "127.0.0.1:\(server.port)")
            let (session, collection) = try CurlDifferential.importAndOpen(text, folder: folder.url, environment: [:])
            do {
                _ = try await session.send("imported")
                #expect(Self.unsendable[name] == nil, "\(name) sent, though listed as unsendable")
                #expect(!server.take().isEmpty, "\(name): nothing reached the server")
            } catch {
                #expect(
                    Self.unsendable[name] != nil, "\(name) did not send: \(error); warnings: \(collection.warnings)")
            }
        }
    }
}
