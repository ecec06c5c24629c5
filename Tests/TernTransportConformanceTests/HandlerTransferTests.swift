import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern

@Suite("Handler transfers on both transports")
struct HandlerTransferTests {
    @Test(
        "a download dropped mid-body resumes with Range and completes; progress never goes back",
        arguments: TransportKind.allCases)
    func resumesAfterDrops(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                let handler = Handler(
                    transport: transport, storage: nil, retryPolicy: .constant(.milliseconds(1), limit: 8))
                let file = temporaryFile("resumed")
                defer { try? FileManager.default.removeItem(at: file) }
                var request = Request(url: server.baseURL.appendingPathComponent("bytes/1000000"))
                request.appendQuery(["dropAfter": 400_000])
                let transfer = handler.download(request, to: file)
                var seen: [Int64] = []
                for await progress in transfer.progress { seen.append(progress.bytes) }
                let response = try await transfer.response()
                #expect(response.statusCode == 200)
                // Each attempt gets at most 400 kB before the drop (an abrupt close may lose bytes in
                // flight), so at least 3 attempts, each one a request the server saw.
                #expect(response.attempts >= 3)
                #expect(response.fileURL == file)
                #expect(try Data(contentsOf: file) == MockServer.expectedBytes(count: 1_000_000))
                #expect(seen == seen.sorted())
                #expect(seen.last == 1_000_000)
                #expect(server.requestCount(path: "/bytes/1000000") == response.attempts)
            }
        }
    }

    @Test("the progress stream finishes when the transfer is cancelled", arguments: TransportKind.allCases)
    func progressFinishesOnCancel(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                let handler = Handler(transport: transport, storage: nil)
                var request = Request(url: server.baseURL.appendingPathComponent("bytes/50000000"))
                request.appendQuery(["rate": 2_000_000])
                let transfer = handler.download(request)
                var reports = 0
                for await _ in transfer.progress {
                    reports += 1
                    if reports == 1 { transfer.cancel() }
                }
                let error = await #expect(throws: TernError.self) { try await transfer.response() }
                #expect(error?.kind == .cancelled)
                #expect(reports >= 1)
            }
        }
    }

    @Test(
        "an upload through the handler reports progress on the handler's event stream too",
        arguments: TransportKind.allCases)
    func uploadEvents(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                let handler = Handler(transport: transport, storage: nil)
                let events = handler.events()
                var request = Request(method: .post, url: server.baseURL.appendingPathComponent("upload"))
                request.body = .data(MockServer.expectedBytes(count: 300_000))
                let transfer = handler.upload(request)
                var fromTransfer: [TransferProgress] = []
                for await progress in transfer.progress where progress.direction == .upload {
                    fromTransfer.append(progress)
                }
                let response = try await transfer.response()
                #expect(response.statusCode == 200)
                var fromEvents: [TransferProgress] = []
                for await event in events {
                    if case .progress(let progress) = event.kind, progress.direction == .upload {
                        fromEvents.append(progress)
                    }
                    if case .response = event.kind { break }
                }
                #expect(fromTransfer.last?.bytes == 300_000)
                #expect(fromEvents.map(\.bytes) == fromTransfer.map(\.bytes))
            }
        }
    }
}
