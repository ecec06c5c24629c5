import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern
@testable import TernURLSession

@Suite("URLSessionTransport: bodies and files")
struct URLSessionTransportTests {
    @Test("PUT: method, headers and an in-memory body round-trip")
    func putRoundTrip() async throws {
        try await withMockServer { server in
            try await withTransport { transport in
                var request = Request(method: .put, url: server.baseURL.appendingPathComponent("echo"))
                request.headers[HTTPField.Name("X-Trace")!] = "abc"
                request.headers[.contentType] = "text/plain"
                request.body = .data(Data("héllo".utf8))
                let reply = try await transport.perform(request, context: TransportContext())
                #expect(reply.status == .ok)
                #expect(reply.headers[.contentType] == "application/json")
                let echo = try Echo(reply.body)
                #expect(echo.method == "PUT")
                #expect(echo.headers["x-trace"] == "abc")
                #expect(echo.headers["content-type"] == "text/plain")
                #expect(echo.headers["content-length"] == "6")
                #expect(echo.body == "héllo")
            }
        }
    }

    @Test("GET: headers go out, no body, query kept")
    func getRoundTrip() async throws {
        try await withMockServer { server in
            try await withTransport { transport in
                var request = Request(url: try #require(URL(string: server.baseURL.absoluteString + "/echo/a?x=1&y=2")))
                request.headers[.authorization] = "Bearer t"
                let reply = try await transport.perform(request, context: TransportContext())
                let echo = try Echo(reply.body)
                #expect(echo.method == "GET")
                #expect(echo.path == "/echo/a")
                #expect(echo.headers["authorization"] == "Bearer t")
                #expect(echo.bodyBytes == 0)
                #expect(echo.headers["cookie"] == nil)
                #expect(echo.headers["accept-encoding"] == "identity")
            }
        }
    }

    @Test("204 and 304 come back with an empty body", arguments: [204, 304])
    func emptyStatus(code: Int) async throws {
        try await withMockServer { server in
            try await withTransport { transport in
                let request = Request(url: server.baseURL.appendingPathComponent("status/\(code)"))
                let reply = try await transport.perform(request, context: TransportContext())
                #expect(reply.status.code == code)
                #expect(reply.body.isEmpty)
            }
        }
    }

    @Test("an error status is a response, not an error")
    func errorStatus() async throws {
        try await withMockServer { server in
            try await withTransport { transport in
                let request = Request(url: server.baseURL.appendingPathComponent("status/503"))
                let reply = try await transport.perform(request, context: TransportContext())
                #expect(reply.status.code == 503)
                #expect(String(decoding: reply.body, as: UTF8.self) == #"{"status":503}"#)
            }
        }
    }

    @Test("a file upload streams with monotonic progress ending at the total")
    func uploadFile() async throws {
        try await withMockServer { server in
            try await withTransport { transport in
                let bytes = MockServer.expectedBytes(count: 512 * 1024 + 17)
                let file = temporaryFile("upload")
                try bytes.write(to: file)
                defer { cleanUp(file) }
                var request = Request(
                    method: .post, url: server.baseURL.appendingPathComponent("upload"), transaction: .upload)
                request.body = .file(file)
                let log = ProgressLog()
                let reply = try await transport.perform(request, context: TransportContext(progress: log.report))
                let text = String(decoding: reply.body, as: UTF8.self)
                #expect(text.contains(#""bytes":\#(bytes.count)"#))
                #expect(text.contains(MockServer.checksum(bytes)))
                let uploads = log.all(.upload)
                expectMonotonic(uploads, endingAt: Int64(bytes.count))
                // No count of reports is asserted: FoundationNetworking reads the running total when
                // the delegate queue gets to the callback, so under load several report the same total.
                #expect(uploads.last?.bytesPerSecond != nil)
            }
        }
    }

    @Test("in-memory data of an upload transaction reports upload progress")
    func uploadData() async throws {
        try await withMockServer { server in
            try await withTransport { transport in
                let bytes = MockServer.expectedBytes(count: 300_000)
                var request = Request(
                    method: .put, url: server.baseURL.appendingPathComponent("upload"), transaction: .upload)
                request.body = .data(bytes)
                let log = ProgressLog()
                let reply = try await transport.perform(request, context: TransportContext(progress: log.report))
                #expect(String(decoding: reply.body, as: UTF8.self).contains(MockServer.checksum(bytes)))
                expectMonotonic(log.all(.upload), endingAt: Int64(bytes.count))
            }
        }
    }

    @Test("a multipart form is uploaded byte for byte and its spool file is deleted")
    func multipartUpload() async throws {
        try await withMockServer { server in
            try await withTransport { transport in
                let part = temporaryFile("part")
                try MockServer.expectedBytes(count: 300_000).write(to: part)
                defer { cleanUp(part) }
                let form = MultipartForm(parts: [.field("name", "Ada"), .file("doc", part)], boundary: "XYZ")
                var request = Request(
                    method: .post, url: server.baseURL.appendingPathComponent("upload"), transaction: .upload)
                request.body = .multipart(form)
                request.headers[.contentType] = form.contentType
                let spooled = {
                    try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter {
                        $0.hasPrefix("tern-multipart-")
                    }
                }
                let before = Set(try spooled())
                let log = ProgressLog()
                let reply = try await transport.perform(request, context: TransportContext(progress: log.report))
                let expected = try form.encodedData()
                let text = String(decoding: reply.body, as: UTF8.self)
                #expect(text.contains(#""bytes":\#(expected.count)"#))
                #expect(text.contains(MockServer.checksum(expected)))
                expectMonotonic(log.all(.upload), endingAt: Int64(expected.count))
                #expect(Set(try spooled()).subtracting(before).isEmpty)
            }
        }
    }

    @Test("a download streams to the destination with monotonic progress")
    func download() async throws {
        try await withMockServer { server in
            try await withTransport { transport in
                let count = 1_000_003
                let destination = temporaryFile("download")
                defer { cleanUp(destination) }
                var request = Request(
                    url: server.baseURL.appendingPathComponent("bytes/\(count)"), transaction: .download)
                request.downloadDestination = destination
                let log = ProgressLog()
                let reply = try await transport.perform(request, context: TransportContext(progress: log.report))
                #expect(reply.status == .ok)
                #expect(reply.fileURL == destination)
                #expect(reply.body.isEmpty)
                #expect(try Data(contentsOf: destination) == MockServer.expectedBytes(count: count))
                let downloads = log.all(.download)
                expectMonotonic(downloads, endingAt: Int64(count))
                #expect(downloads.count > 4)
            }
        }
    }

    @Test("a download without a destination goes to a new temporary file")
    func downloadToTemporaryFile() async throws {
        try await withMockServer { server in
            try await withTransport { transport in
                let request = Request(url: server.baseURL.appendingPathComponent("bytes/5000"), transaction: .download)
                let reply = try await transport.perform(request, context: TransportContext())
                let file = try #require(reply.fileURL)
                defer { cleanUp(file) }
                #expect(try Data(contentsOf: file) == MockServer.expectedBytes(count: 5000))
            }
        }
    }

    @Test("a resumed download appends after the offset and reports a 200 of the full length")
    func resume() async throws {
        try await withMockServer { server in
            try await withTransport { transport in
                let (offset, count) = (300_000, 1_000_000)
                let destination = temporaryFile("resume")
                defer { cleanUp(destination) }
                // Stale bytes past the offset must not survive.
                try (MockServer.expectedBytes(count: offset) + Data(repeating: 0xFF, count: 1000)).write(
                    to: destination)
                var request = Request(
                    url: server.baseURL.appendingPathComponent("bytes/\(count)"), transaction: .download)
                request.downloadDestination = destination
                request.headers[.range] = "bytes=\(offset)-"
                let log = ProgressLog()
                let context = TransportContext(resumeOffset: Int64(offset), progress: log.report)
                let reply = try await transport.perform(request, context: context)
                #expect(reply.status == .ok)
                #expect(reply.headers[.contentLength] == "\(count)")
                #expect(reply.headers[.contentRange] == nil)
                #expect(try Data(contentsOf: destination) == MockServer.expectedBytes(count: count))
                let downloads = log.all(.download)
                expectMonotonic(downloads, endingAt: Int64(count))
                #expect(downloads.allSatisfy { $0.bytes > Int64(offset) })
            }
        }
    }

    @Test("a server that ignores the range rewrites the file from the start")
    func resumeIgnored() async throws {
        try await withMockServer { server in
            try await withTransport { transport in
                let (offset, count) = (300_000, 600_000)
                let destination = temporaryFile("norange")
                defer { cleanUp(destination) }
                try MockServer.expectedBytes(count: offset).write(to: destination)
                var request = Request(
                    url: try #require(URL(string: server.baseURL.absoluteString + "/bytes/\(count)?noRange=1")),
                    transaction: .download)
                request.downloadDestination = destination
                request.headers[.range] = "bytes=\(offset)-"
                let log = ProgressLog()
                let context = TransportContext(resumeOffset: Int64(offset), progress: log.report)
                let reply = try await transport.perform(request, context: context)
                #expect(reply.status == .ok)
                #expect(try Data(contentsOf: destination) == MockServer.expectedBytes(count: count))
                expectMonotonic(log.all(.download), endingAt: Int64(count))
            }
        }
    }

    @Test("resuming into a file shorter than the offset is refused before sending")
    func resumeWithoutBytes() async throws {
        try await withMockServer { server in
            try await withTransport { transport in
                let destination = temporaryFile("short")
                defer { cleanUp(destination) }
                try Data(count: 10).write(to: destination)
                var request = Request(url: server.baseURL.appendingPathComponent("bytes/100"), transaction: .download)
                request.downloadDestination = destination
                let error = try await failure(of: transport, request, context: TransportContext(resumeOffset: 50))
                #expect(error.kind == .invalidRequest)
                #expect(server.requestCount(path: "/bytes/100") == 0)
            }
        }
    }

    @Test("a GET with a body is unsupported and nothing is sent")
    func getWithBody() async throws {
        try await withMockServer { server in
            try await withTransport { transport in
                var request = Request(url: server.baseURL.appendingPathComponent("echo"))
                request.body = .data(Data("x".utf8))
                let error = try await failure(of: transport, request)
                #expect(error.kind == .unsupported)
                #expect(server.requestCount(path: "/echo") == 0)
            }
        }
    }
}
