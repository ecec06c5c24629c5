import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import Tern
import TernHTTPClient

/// `PUT /upload` of a file: through the Handler, and through AsyncHTTPClient alone.
enum UploadScenarios {
    /// The Handler on `transport` (live, no storage, no retries) streaming the file up.
    static func handler(_ options: RunOptions, transport: some Transport) async throws -> ScenarioResult {
        let file = try source(options)
        defer { file.remove() }
        let handler = Handler(transport: transport, storage: nil, mode: .live, retryPolicy: .never)
        let request = Request(
            method: .put, url: options.url("upload"), body: .file(file.url), transaction: .upload,
            timeout: options.timeLimit
        )
        let (response, seconds) = try await measure { try await handler.send(request) }
        guard response.statusCode == 200 else {
            throw BenchError.scenario("the upload answered \(response.statusCode)")
        }
        try verifyReply(response.body, expected: options.bytes)
        return ScenarioResult(
            scenario: options.scenario.rawValue, seconds: seconds, bytes: options.bytes, requests: 1, maxRSSKiB: 0)
    }

    /// AsyncHTTPClient's `execute` with a `.stream` body of known length, read in 256 KiB chunks.
    static func rawAHC(_ options: RunOptions, client: HTTPClient) async throws -> ScenarioResult {
        let file = try source(options)
        defer { file.remove() }
        var request = HTTPClientRequest(url: options.url("upload").absoluteString)
        request.method = .PUT
        request.body = .stream(FileChunks(path: file.url.path, chunkSize: 256 * 1024), length: .known(options.bytes))
        let (reply, seconds) = try await measure {
            let response = try await client.execute(
                request, deadline: .now() + .seconds(Int64(options.timeLimit.seconds)))
            guard response.status == .ok else {
                throw BenchError.scenario("the upload answered \(response.status.code)")
            }
            return Data(try await response.body.collect(upTo: 1 << 20).readableBytesView)
        }
        try verifyReply(reply, expected: options.bytes)
        return ScenarioResult(
            scenario: options.scenario.rawValue, seconds: seconds, bytes: options.bytes, requests: 1, maxRSSKiB: 0)
    }

    /// The file to send: `--file` when it has the right size, else a new pattern file (removed after).
    private static func source(_ options: RunOptions) throws -> ScratchFile {
        let file = ScratchFile(options.file, prefix: "upload", alwaysRemove: false)
        if file.size != options.bytes {
            guard options.file == nil else {
                throw BenchError.scenario(
                    "'\(file.url.path)' has \(file.size) bytes, not the \(options.bytes) of --bytes")
            }
            try writePatternFile(file.url, bytes: options.bytes)
        }
        return file
    }

    /// Checks the server's `{"bytes":N,"checksum":"..."}`.
    static func verifyReply(_ body: Data, expected: Int64) throws {
        struct Reply: Decodable { let bytes: Int64 }
        guard let reply = try? JSONDecoder().decode(Reply.self, from: body) else {
            throw BenchError.scenario("the upload reply is not {\"bytes\":N}: \(String(decoding: body, as: UTF8.self))")
        }
        guard reply.bytes == expected else {
            throw BenchError.scenario("the server received \(reply.bytes) bytes, not \(expected)")
        }
    }
}
