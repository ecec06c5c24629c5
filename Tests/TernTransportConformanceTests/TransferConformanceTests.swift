import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern

@Suite("Transport conformance: transfers")
struct TransferConformanceTests {
    @Test("a download streams to a file with monotonic, complete progress", arguments: TransportKind.allCases)
    func download(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                let file = temporaryFile("download")
                defer { try? FileManager.default.removeItem(at: file) }
                var request = Request(
                    url: server.baseURL.appendingPathComponent("bytes/700000"), transaction: .download)
                request.downloadDestination = file
                let log = ProgressLog()
                let reply = try await transport.perform(request, context: TransportContext(progress: log.report))
                #expect(reply.fileURL == file && reply.body.isEmpty)
                #expect(try Data(contentsOf: file) == MockServer.expectedBytes(count: 700_000))
                let progress = log.all(.download)
                #expect(progress.count > 2)
                #expect(progress.map(\.bytes) == progress.map(\.bytes).sorted())
                #expect(
                    progress.last?.bytes == 700_000 && progress.last?.total == 700_000
                        && progress.last?.isFinished == true)
            }
        }
    }

    @Test("an upload from a file streams with monotonic, complete progress", arguments: TransportKind.allCases)
    func upload(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                let file = temporaryFile("upload")
                let bytes = MockServer.expectedBytes(count: 500_000)
                try bytes.write(to: file)
                defer { try? FileManager.default.removeItem(at: file) }
                var request = Request(
                    method: .put, url: server.baseURL.appendingPathComponent("upload"), transaction: .upload)
                request.body = .file(file)
                let log = ProgressLog()
                let receipt = try await transport.perform(request, context: TransportContext(progress: log.report))
                    .decode(UploadReceipt.self)
                #expect(receipt.bytes == bytes.count && receipt.checksum == MockServer.checksum(bytes))
                let progress = log.all(.upload)
                #expect(!progress.isEmpty)
                #expect(progress.map(\.bytes) == progress.map(\.bytes).sorted())
                #expect(progress.last?.bytes == 500_000 && progress.last?.isFinished == true)
            }
        }
    }

    @Test("cancelling mid-download is .cancelled", arguments: TransportKind.allCases)
    func cancelMidTransfer(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                let file = temporaryFile("cancel")
                defer { try? FileManager.default.removeItem(at: file) }
                var request = Request(
                    url: server.baseURL.appendingPathComponent("bytes/20000000"), transaction: .download)
                request.appendQuery(["rate": 1_000_000])
                request.downloadDestination = file
                let started = AsyncStream.makeStream(of: Void.self)
                let task = Task {
                    try await transport.perform(
                        request, context: TransportContext { _ in started.continuation.yield() })
                }
                for await _ in started.stream { break }
                task.cancel()
                let error = await #expect(throws: TernError.self) { try await task.value }
                #expect(error?.kind == .cancelled)
            }
        }
    }

    @Test(
        "a connection dropped mid-download is a .connection error and keeps the partial file",
        arguments: TransportKind.allCases)
    func droppedConnection(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                let file = temporaryFile("dropped")
                defer { try? FileManager.default.removeItem(at: file) }
                var request = Request(
                    url: server.baseURL.appendingPathComponent("bytes/1000000"), transaction: .download)
                request.appendQuery(["dropAfter": 300_000])
                request.downloadDestination = file
                let error = await #expect(throws: TernError.self) {
                    try await transport.perform(request, context: TransportContext())
                }
                #expect(error?.kind == .connection, "\(String(describing: error?.underlying))")
                let kept = try Data(contentsOf: file)
                #expect(kept.count <= 300_000)
                #expect(kept == MockServer.expectedBytes(count: kept.count))
            }
        }
    }

    @Test(
        "a 206 continues the file after the resume offset; a server ignoring Range rewrites it",
        arguments: TransportKind.allCases, [false, true])
    func resumeContract(kind: TransportKind, serverIgnoresRange: Bool) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                let file = temporaryFile("resume")
                defer { try? FileManager.default.removeItem(at: file) }
                try MockServer.expectedBytes(count: 250_000).write(to: file)
                var request = Request(
                    url: server.baseURL.appendingPathComponent("bytes/600000"), transaction: .download)
                if serverIgnoresRange { request.appendQuery(["noRange": 1]) }
                request.downloadDestination = file
                request.headers[.range] = "bytes=250000-"
                let log = ProgressLog()
                let reply = try await transport.perform(
                    request, context: TransportContext(resumeOffset: 250_000, progress: log.report))
                #expect(reply.status.code == 200)
                #expect(reply.headers[.contentLength] == "600000")
                #expect(reply.headers[.contentRange] == nil)
                #expect(try Data(contentsOf: file) == MockServer.expectedBytes(count: 600_000))
                let first = try #require(log.all(.download).first)
                #expect(serverIgnoresRange ? first.bytes < 250_000 : first.bytes > 250_000)
                #expect(log.all(.download).last?.total == 600_000)
            }
        }
    }
}
