import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern
@testable import TernHTTPClient

/// Uploads whose `file:` is a symbolic link: the length sent is the target's, not the link's.
@Suite("HTTPClientTransport symlinked uploads")
struct SymlinkUploadTests {
    let transport = HTTPClientTransport.shared

    @Test("a file body that is a symlink uploads the target's bytes with the target's length")
    func symlinkedFileBody() async throws {
        try await withMockServer { server in
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let bytes = MockServer.expectedBytes(count: 300_001)
            let target = folder.appendingPathComponent("real.bin")
            try bytes.write(to: target)
            let link = folder.appendingPathComponent("link.bin")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.bin")
            var request = Request(
                method: .post, url: server.baseURL.appendingPathComponent("upload"), transaction: .upload)
            request.body = .file(link)
            #expect(request.body.knownLength == Int64(bytes.count))
            let reply = try await transport.perform(request, context: TransportContext())
            let text = try #require(String(data: reply.body, encoding: .utf8))
            #expect(text.contains(#""bytes":\#(bytes.count)"#))
            #expect(text.contains(MockServer.checksum(bytes)))
        }
    }

    @Test("a multipart file part that is a symlink (through a linked folder) uploads the target")
    func symlinkedMultipartPart() async throws {
        try await withMockServer { server in
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let real = folder.appendingPathComponent("real")
            try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
            try MockServer.expectedBytes(count: 70_000).write(to: real.appendingPathComponent("doc.bin"))
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("alias").path, withDestinationPath: "real")
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("doc-link.bin").path, withDestinationPath: "alias/doc.bin"
            )
            let form = MultipartForm(
                parts: [.field("name", "Ada"), .file("doc", folder.appendingPathComponent("doc-link.bin"))],
                boundary: "XYZ"
            )
            var request = Request(
                method: .post, url: server.baseURL.appendingPathComponent("upload"), transaction: .upload)
            request.body = .multipart(form)
            request.headers[.contentType] = form.contentType
            let expected = try form.encodedData()
            #expect(form.knownLength == Int64(expected.count))
            let reply = try await transport.perform(request, context: TransportContext())
            let text = try #require(String(data: reply.body, encoding: .utf8))
            #expect(text.contains(#""bytes":\#(expected.count)"#))
            #expect(text.contains(MockServer.checksum(expected)))
        }
    }

    private static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-symlink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
