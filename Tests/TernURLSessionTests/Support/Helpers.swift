import Foundation
import HTTPTypes
import Synchronization
import TernTesting
import Testing

@testable import Tern
@testable import TernURLSession

/// Runs `body` with a fresh transport and invalidates it afterwards.
func withTransport<T>(
    _ configuration: TransportConfiguration = TransportConfiguration(),
    isolation: isolated (any Actor)? = #isolation,
    _ body: (URLSessionTransport) async throws -> T
) async rethrows -> T {
    let transport = URLSessionTransport(configuration: configuration)
    defer { transport.invalidate() }
    return try await body(transport)
}

/// A fresh path in the temporary directory, removed by `cleanUp(_:)`.
func temporaryFile(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("tern-us-\(name)-\(UUID().uuidString)")
}

/// Removes files made by a test.
func cleanUp(_ urls: URL...) {
    for url in urls { try? FileManager.default.removeItem(at: url) }
}

/// What `/echo` reported about the request.
struct Echo {
    let method: String
    let path: String
    let headers: [String: String]
    let body: String?
    let bodyBytes: Int

    init(_ data: Data) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        method = try #require(object["method"] as? String)
        path = try #require(object["path"] as? String)
        headers = try #require(object["headers"] as? [String: String])
        body = object["body"] as? String
        bodyBytes = try #require(object["bodyBytes"] as? Int)
    }
}

/// Performs `request` expecting a `TernError` and returns it.
func failure(
    of transport: URLSessionTransport, _ request: Request, context: TransportContext = TransportContext()
) async throws -> TernError {
    do {
        let response = try await transport.perform(request, context: context)
        Issue.record("expected an error, got status \(response.status.code)")
        throw TernError(.transport, "unexpected success")
    } catch let error as TernError {
        return error
    }
}

/// Checks that progress reports only go up and end with a finished report of `total` bytes.
func expectMonotonic(
    _ reports: [TransferProgress], endingAt total: Int64, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(!reports.isEmpty, sourceLocation: sourceLocation)
    #expect(reports.map(\.bytes) == reports.map(\.bytes).sorted(), sourceLocation: sourceLocation)
    #expect(reports.last?.bytes == total, sourceLocation: sourceLocation)
    #expect(reports.last?.total == total, sourceLocation: sourceLocation)
    #expect(reports.last?.isFinished == true, sourceLocation: sourceLocation)
    #expect(reports.dropLast().allSatisfy { !$0.isFinished }, sourceLocation: sourceLocation)
}

/// The tasks `delegate` still routes once the aborted ones have completed. An aborted attempt ends at
/// once, and URLSession reports the cancelled task's completion afterwards (seconds later under load):
/// polls for up to 30 s, a hang detector, until none remains.
func tasksLeftAfterCompletion(_ delegate: SessionDelegate) async -> Int {
    let deadline = ContinuousClock.now + .seconds(30)
    while delegate.trackedTaskCount > 0, ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(10))
    }
    return delegate.trackedTaskCount
}
