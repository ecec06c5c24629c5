import Foundation
import TernExplorerStorage
import TernHTTPClient
import TernSQLite
import TernWorkspace
import Testing

@testable import Tern
@testable import TernExplorer

/// The history keeps a send's URL, recorded request and error with its secrets masked, whatever
/// encoding they took in the URL.
@Suite("History and encoded secrets")
struct EncodedSecretHistoryTests {
    @Test("a failed send with a secret in the URL path keeps it out of the history's URL, request and error")
    func urlPathSecret() async throws {
        try await withFolder { folder in
            let root = folder.url.appendingPathComponent("ws")
            try ChainWorkspace.write(root, "workspace.yaml", "name: keys\ndefaultEnvironment: local\n")
            try ChainWorkspace.write(root, "environments/local.yaml", "region: eu\n")
            try ChainWorkspace.write(
                root, "specs/key.yaml",
                "name: Key\nmethod: GET\npath: \"http://127.0.0.1:1/keys/{{env:API_KEY}}?k={{env:API_KEY}}\"\n")
            let secret = "AKIA/x+y=z w:q@!"
            let storage = try SQLiteStorage(path: root.appendingPathComponent(".tern/cache.sqlite"))
            let session = ExplorerSession(
                workspace: try Workspace.load(from: root), transport: HTTPClientTransport.shared, storage: storage,
                history: storage, options: ExplorerSession.Options(processEnvironment: ["API_KEY": secret]))
            await #expect(throws: ExplorerError.self) { try await session.send("key") }
            let entry = try #require(try await storage.history(limit: 1).first)
            let error = try #require(entry.error)
            #expect(error.contains("/keys/"), "the error names the URL (else the test proves nothing): \(error)")
            #expect(error.contains(Redactor.mask), "\(error)")
            let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? secret
            let texts = [entry.url, error, entry.request?.url ?? ""]
            for text in texts {
                for form in [secret, encoded, encoded.lowercased(), "AKIA"] {
                    #expect(!text.contains(form), "\(form) in \(text)")
                }
            }
            #expect(entry.url.contains(Redactor.encodedMask), "\(entry.url)")
        }
    }
}
