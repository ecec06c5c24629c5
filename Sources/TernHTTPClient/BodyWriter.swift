import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import Tern

/// Streams a response body into a file, chunk by chunk, never holding it in memory, and keeps
/// the resume contract of `TransportContext`.
enum BodyWriter {
    /// Where a download is written and how its response is reported.
    struct Plan {
        var url: URL
        /// Bytes of the file kept (the resume offset when the server honoured the range, else 0).
        var keep: Int64
        /// The length the finished file will have, when known.
        var total: Int64?
        /// Whether the file is already whole (a `416` at its end): the body is read but not written.
        var discardsBody = false
    }

    /// Applies `ResumeDecision`: the reply continues the file, replaces it, finds it complete, or fails.
    static func plan(
        status: Int, headers: HTTPFields, destination: URL?, resumeOffset: Int64?, label: String
    ) throws(TernError) -> Plan {
        let url =
            destination
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("tern-download-\(UUID().uuidString)")
        let decision = ResumeDecision.decide(
            offset: resumeOffset, status: status, contentRange: headers[.contentRange],
            contentLength: headers[.contentLength])
        switch decision {
        case .invalid(let message):
            throw TernError(.transport, message, requestLabel: label)
        case .complete:
            return Plan(url: url, keep: decision.keptBytes, total: decision.total, discardsBody: true)
        case .append, .restart:
            return Plan(url: url, keep: decision.keptBytes, total: decision.total)
        }
    }

    /// A resumed 206 is reported as the 200 of the whole resource.
    static func reported(status: Int, headers: HTTPFields, plan: Plan) -> (Int, HTTPFields) {
        guard plan.keep > 0 else { return (status, headers) }
        var headers = headers
        headers[.contentRange] = nil
        if let total = plan.total { headers[.contentLength] = String(total) }
        return (200, headers)
    }

    /// Writes `body` after the kept bytes of `plan.url`, reporting progress as bytes in the file.
    /// Stops at `limit` (counting the kept bytes too).
    static func write(
        _ body: HTTPClientResponse.Body, plan: Plan, meter: TransferMeter?, limit: HTTPClientTransport.Limit
    ) async throws {
        let handle = try open(plan)
        var written = plan.keep
        do {
            for try await chunk in body {
                written += Int64(chunk.readableBytes)
                try limit.received(written)
                guard !plan.discardsBody else { continue }
                try chunk.withUnsafeReadableBytes { try handle.write(contentsOf: $0) }
                meter?.add(chunk.readableBytes)
            }
            try handle.close()
        } catch {
            try? handle.close()
            throw error
        }
        meter?.finish()
    }

    /// Opens the destination for writing after `plan.keep` bytes, truncating anything beyond.
    static func open(_ plan: Plan) throws -> FileHandle {
        let manager = FileManager.default
        try manager.createDirectory(at: plan.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if plan.keep == 0 || !manager.fileExists(atPath: plan.url.path) {
            guard manager.createFile(atPath: plan.url.path, contents: nil) else {
                throw TernError(.transport, "cannot create the download file '\(plan.url.path)'")
            }
        }
        let handle = try FileHandle(forWritingTo: plan.url)
        // Only a resume needs the file cut and positioned: truncating a file just created makes
        // close() flush the whole body on ext4 (0.4-0.5 s per GiB measured).
        if plan.keep > 0 {
            try handle.truncate(atOffset: UInt64(plan.keep))
            try handle.seek(toOffset: UInt64(plan.keep))
        }
        return handle
    }
}
