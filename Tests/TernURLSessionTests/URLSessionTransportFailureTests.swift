import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern
@testable import TernURLSession

@Suite("URLSessionTransport: failures, deadlines and cancellation")
struct URLSessionTransportFailureTests {
    @Test("a dropped connection is a connection error and the partial file stays")
    func droppedConnection() async throws {
        try await withMockServer { server in
            try await withTransport { transport in
                let destination = temporaryFile("dropped")
                defer { cleanUp(destination) }
                var request = Request(
                    url: try #require(URL(string: server.baseURL.absoluteString + "/bytes/1000000?dropAfter=100000")),
                    transaction: .download)
                request.downloadDestination = destination
                let error = try await failure(of: transport, request)
                #expect(error.kind == .connection)
                // FoundationNetworking reports curl's "transfer closed with N bytes remaining" as URLError(.unknown).
                #expect((error.underlying as? URLError)?.code == .unknown)
                let partial = try Data(contentsOf: destination)
                #expect(partial.count == 100_000)
                #expect(partial == MockServer.expectedBytes(count: partial.count))
            }
        }
    }

    @Test("a refused connection is a connection error")
    func refused() async throws {
        // Port 9 (discard), which nothing serves here: a port freed by a stopped server may be taken by
        // another test's server before the request goes out.
        let url = try #require(URL(string: "http://127.0.0.1:9/echo"))
        try await withTransport { transport in
            let error = try await failure(of: transport, Request(url: url))
            #expect(error.kind == .connection)
            #expect((error.underlying as? URLError)?.code == .cannotConnectToHost)
        }
    }

    @Test("a sub-second deadline times out a slow response")
    func subSecondTimeout() async throws {
        try await withMockServer { server in
            try await withTransport { transport in
                let request = Request(url: server.baseURL.appendingPathComponent("delay/3000"))
                let started = ContinuousClock.now
                let error = try await failure(
                    of: transport, request, context: TransportContext(timeout: .milliseconds(250)))
                #expect(error.kind == .timeout)
                #expect(ContinuousClock.now - started >= .milliseconds(250))
                #expect(await tasksLeftAfterCompletion(transport.delegate) == 0)
            }
        }
    }

    @Test("a deadline in the middle of a download times out and keeps the bytes written")
    func timeoutMidDownload() async throws {
        try await withMockServer { server in
            try await withTransport { transport in
                let destination = temporaryFile("slow")
                defer { cleanUp(destination) }
                var request = Request(
                    // Eight seconds of body against a 400 ms deadline: on a loaded machine the deadline's task may
                    // start late, and a two-second body had once finished first (status 200).
                    url: try #require(URL(string: server.baseURL.absoluteString + "/bytes/2000000?rate=250000")),
                    transaction: .download)
                request.downloadDestination = destination
                let error = try await failure(
                    of: transport, request, context: TransportContext(timeout: .milliseconds(400)))
                #expect(error.kind == .timeout)
                let partial = try Data(contentsOf: destination)
                #expect(partial.count < 2_000_000)
                #expect(partial == MockServer.expectedBytes(count: partial.count))
            }
        }
    }

    @Test("cancelling mid-download throws cancelled and keeps the bytes written")
    func cancelMidDownload() async throws {
        try await withMockServer { server in
            try await withTransport { transport in
                let destination = temporaryFile("cancel")
                defer { cleanUp(destination) }
                var request = Request(
                    url: try #require(URL(string: server.baseURL.absoluteString + "/bytes/5000000?rate=1000000")),
                    transaction: .download)
                request.downloadDestination = destination
                let (progress, signal) = AsyncStream.makeStream(of: Int64.self)
                let context = TransportContext(progress: { signal.yield($0.bytes) })
                let task = Task { try await transport.perform(request, context: context) }
                for await bytes in progress where bytes > 0 { break }
                task.cancel()
                let result = await task.result
                #expect(throws: TernError.self) { try result.get() }
                if case .failure(let error as TernError) = result {
                    #expect(error.kind == .cancelled)
                }
                let partial = try Data(contentsOf: destination)
                #expect(partial.count > 0 && partial.count < 5_000_000)
                #expect(partial == MockServer.expectedBytes(count: partial.count))
                #expect(await tasksLeftAfterCompletion(transport.delegate) == 0)
            }
        }
    }

    @Test("a request cancelled before it starts is never sent")
    func cancelBeforeStart() async throws {
        try await withMockServer { server in
            await withTransport { transport in
                let request = Request(url: server.baseURL.appendingPathComponent("echo"))
                let task = Task { () async throws -> TransportResponse in
                    withUnsafeCurrentTask { $0?.cancel() }
                    return try await transport.perform(request, context: TransportContext())
                }
                let result = await task.result
                guard case .failure(let error as TernError) = result else {
                    Issue.record("expected a TernError, got \(result)")
                    return
                }
                #expect(error.kind == .cancelled)
                #expect(server.requestCount(path: "/echo") == 0)
            }
        }
    }

    @Test("an invalidated transport refuses new requests")
    func invalidated() async throws {
        try await withMockServer { server in
            let transport = URLSessionTransport()
            transport.invalidate()
            transport.invalidate()
            let error = try await failure(of: transport, Request(url: server.baseURL.appendingPathComponent("echo")))
            #expect(error.kind == .unsupported)
            #expect(server.requestCount(path: "/echo") == 0)
        }
    }

    @Test("concurrent requests on one transport each get their own body")
    func concurrent() async throws {
        try await withMockServer { server in
            try await withTransport { transport in
                try await withThrowingTaskGroup(of: (Int, Int).self) { group in
                    for size in [1000, 70_000, 200_000, 5, 0] {
                        group.addTask {
                            let request = Request(url: server.baseURL.appendingPathComponent("bytes/\(size)"))
                            let reply = try await transport.perform(request, context: TransportContext())
                            #expect(reply.body == MockServer.expectedBytes(count: size))
                            return (size, reply.body.count)
                        }
                    }
                    for try await (size, count) in group { #expect(size == count) }
                }
                #expect(transport.delegate.trackedTaskCount == 0)
            }
        }
    }
}
