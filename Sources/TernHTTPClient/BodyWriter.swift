import AsyncHTTPClient
import Foundation
import NIOCore
import Tern

/// Streams a response body into a file, chunk by chunk, never holding it in memory.
enum BodyWriter {
    /// Writes `body` to `destination` (or a new temporary file) and returns the file's URL.
    static func write(_ body: HTTPClientResponse.Body, to destination: URL?, meter: ProgressMeter) async throws -> URL {
        let url = destination ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("tern-download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw TernError(.transport, "cannot create the download file '\(url.path)'")
        }
        let handle = try FileHandle(forWritingTo: url)
        do {
            for try await chunk in body {
                try handle.write(contentsOf: Data(chunk.readableBytesView))
                meter.add(chunk.readableBytes)
            }
            try handle.close()
        } catch {
            try? handle.close()
            throw error
        }
        meter.finish()
        return url
    }
}
