import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Tern
import TernHTTPClient

/// `GET /bytes/N` into a file: through the Handler, and through AsyncHTTPClient alone.
enum DownloadScenarios {
    /// The Handler on `transport` (live, no storage, no retries) downloading into a file.
    static func handler(_ options: RunOptions, transport: some Transport) async throws -> ScenarioResult {
        let file = ScratchFile(options.file, prefix: "download", alwaysRemove: true)
        defer { file.remove() }
        let handler = Handler(transport: transport, storage: nil, mode: .live, retryPolicy: .never)
        var request = Request(
            url: options.url("bytes/\(options.bytes)"), transaction: .download, timeout: options.timeLimit
        )
        request.downloadDestination = file.url
        let (response, seconds) = try await measure { try await handler.send(request) }
        guard response.statusCode == 200 else {
            throw BenchError.scenario("the download answered \(response.statusCode)")
        }
        try verify(file, expected: options.bytes)
        return ScenarioResult(
            scenario: options.scenario.rawValue, seconds: seconds, bytes: file.size, requests: 1, maxRSSKiB: 0)
    }

    /// AsyncHTTPClient's `execute`, the body written chunk by chunk to a file descriptor.
    static func rawAHC(_ options: RunOptions, client: HTTPClient) async throws -> ScenarioResult {
        let file = ScratchFile(options.file, prefix: "download", alwaysRemove: true)
        defer { file.remove() }
        let request = HTTPClientRequest(url: options.url("bytes/\(options.bytes)").absoluteString)
        let ((), seconds) = try await measure {
            let response = try await client.execute(
                request, deadline: .now() + .seconds(Int64(options.timeLimit.seconds)))
            guard response.status == .ok else {
                throw BenchError.scenario("the download answered \(response.status.code)")
            }
            let descriptor = open(file.url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw BenchError.scenario("cannot create '\(file.url.path)'") }
            defer { close(descriptor) }
            for try await buffer in response.body {
                try buffer.withUnsafeReadableBytes { try writeAll(descriptor, $0) }
            }
        }
        try verify(file, expected: options.bytes)
        return ScenarioResult(
            scenario: options.scenario.rawValue, seconds: seconds, bytes: file.size, requests: 1, maxRSSKiB: 0)
    }

    private static func verify(_ file: ScratchFile, expected: Int64) throws {
        guard file.size == expected else {
            throw BenchError.scenario("the downloaded file has \(file.size) bytes, not \(expected)")
        }
    }
}

/// Writes every byte of `bytes` to `descriptor`, retrying short writes and EINTR.
func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws {
    var offset = 0
    while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            throw BenchError.scenario("write failed: \(String(cString: strerror(errno)))")
        }
        offset += written
    }
}
