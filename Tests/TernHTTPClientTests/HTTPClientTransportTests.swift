import Foundation
import HTTPTypes
import Synchronization
import TernTesting
import Testing

@testable import Tern
@testable import TernHTTPClient

@Suite("HTTPClientTransport")
struct HTTPClientTransportTests {
    let transport = HTTPClientTransport.shared

    @Test("headers, method and an in-memory body round-trip")
    func roundTrip() async throws {
        try await withMockServer { server in
            var request = Request(method: .put, url: server.baseURL.appendingPathComponent("echo"))
            request.headers[HTTPField.Name("X-Trace")!] = "abc"
            request.body = .data(Data("hello".utf8))
            let reply = try await transport.perform(request, context: TransportContext())
            #expect(reply.status == .ok)
            let text = try #require(String(data: reply.body, encoding: .utf8))
            #expect(text.contains(#""method":"PUT""#))
            #expect(text.contains(#""x-trace":"abc""#))
            #expect(text.contains(#""body":"hello""#))
        }
    }

    @Test("a file upload streams with monotonic progress ending at the total")
    func uploadFile() async throws {
        try await withMockServer { server in
            let bytes = MockServer.expectedBytes(count: 1024 * 1024 + 17)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("tern-upload-\(UUID())")
            try bytes.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            var request = Request(
                method: .post, url: server.baseURL.appendingPathComponent("upload"), transaction: .upload)
            request.body = .file(file)
            let log = ProgressLog()
            let reply = try await transport.perform(request, context: TransportContext(progress: log.report))
            let text = try #require(String(data: reply.body, encoding: .utf8))
            #expect(text.contains(#""bytes":\#(bytes.count)"#))
            #expect(text.contains(MockServer.checksum(bytes)))
            let uploads = log.all.filter { $0.direction == .upload }
            #expect(uploads.map(\.bytes) == uploads.map(\.bytes).sorted())
            #expect(uploads.last?.bytes == Int64(bytes.count))
            #expect(uploads.last?.total == Int64(bytes.count))
            #expect(uploads.last?.isFinished == true)
        }
    }

    @Test("a multipart form with a file part streams with a known length")
    func multipartUpload() async throws {
        try await withMockServer { server in
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("tern-part-\(UUID())")
            try MockServer.expectedBytes(count: 100_000).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let form = MultipartForm(parts: [.field("name", "Ada"), .file("doc", file)], boundary: "XYZ")
            var request = Request(
                method: .post, url: server.baseURL.appendingPathComponent("upload"), transaction: .upload)
            request.body = .multipart(form)
            request.headers[.contentType] = form.contentType
            let reply = try await transport.perform(request, context: TransportContext())
            let expected = try form.encodedData()
            let text = try #require(String(data: reply.body, encoding: .utf8))
            #expect(text.contains(#""bytes":\#(expected.count)"#))
            #expect(text.contains(MockServer.checksum(expected)))
        }
    }

    @Test("a download streams to the destination file with progress")
    func download() async throws {
        try await withMockServer { server in
            let destination = FileManager.default.temporaryDirectory.appendingPathComponent("tern-download-\(UUID())")
            defer { try? FileManager.default.removeItem(at: destination) }
            var request = Request(url: server.baseURL.appendingPathComponent("bytes/1000000"), transaction: .download)
            request.downloadDestination = destination
            let log = ProgressLog()
            let reply = try await transport.perform(request, context: TransportContext(progress: log.report))
            #expect(reply.fileURL == destination)
            #expect(reply.body.isEmpty)
            #expect(try Data(contentsOf: destination) == MockServer.expectedBytes(count: 1_000_000))
            let downloads = log.all
            #expect(downloads.count > 2)
            #expect(downloads.map(\.bytes) == downloads.map(\.bytes).sorted())
            #expect(downloads.last?.bytes == 1_000_000 && downloads.last?.total == 1_000_000)
        }
    }

    @Test("a refused connection fails at once as .connection, not after a silent retry")
    func refused() async throws {
        let server = try await MockServer.start()
        let url = server.baseURL.appendingPathComponent("users")
        try await server.shutdown()
        let error = await #expect(throws: TernError.self) {
            try await transport.perform(Request(url: url), context: TransportContext(timeout: .seconds(30)))
        }
        #expect(error?.kind == .connection)
    }

    @Test("a deadline is a .timeout")
    func deadline() async throws {
        try await withMockServer { server in
            let error = await #expect(throws: TernError.self) {
                try await transport.perform(
                    Request(url: server.baseURL.appendingPathComponent("delay/2000")),
                    context: TransportContext(timeout: .milliseconds(100))
                )
            }
            #expect(error?.kind == .timeout)
        }
    }

    @Test("told to, the transport follows redirects; by default it returns them as they are")
    func redirects() async throws {
        try await withMockServer { server in
            let request = Request(url: server.baseURL.appendingPathComponent("redirect/2"))
            let following = HTTPClientTransport(configuration: .init(maximumRedirects: 5))
            let followed = try await following.perform(request, context: TransportContext())
            try await following.shutdown()
            #expect(followed.status == .ok)
            #expect(String(data: followed.body, encoding: .utf8)?.contains(#""path":"/echo""#) == true)
            let strict = HTTPClientTransport(configuration: .init())
            let raw = try await strict.perform(request, context: TransportContext())
            try await strict.shutdown()
            #expect(raw.status.code == 302)
            #expect(raw.headers[.location] == "/redirect/1")
        }
    }
}

@Suite("HTTPClientTransport in-memory uploads")
struct InMemoryUploadTests {
    @Test("an upload from Data is streamed in chunks with progress and arrives intact")
    func dataUpload() async throws {
        try await withMockServer { server in
            let bytes = MockServer.expectedBytes(count: 600_000)
            var request = Request(
                method: .put, url: server.baseURL.appendingPathComponent("upload"), transaction: .upload)
            request.body = .data(bytes)
            let log = ProgressLog()
            let reply = try await HTTPClientTransport.shared.perform(
                request, context: TransportContext(progress: log.report))
            let text = try #require(String(data: reply.body, encoding: .utf8))
            #expect(text.contains(#""bytes":600000"#))
            #expect(text.contains(MockServer.checksum(bytes)))
            let uploads = log.all.filter { $0.direction == .upload }
            #expect(uploads.count > 2)
            #expect(uploads.last?.bytes == 600_000 && uploads.last?.isFinished == true)
        }
    }
}
