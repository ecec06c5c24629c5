import Foundation
import HTTPTypes
import Synchronization
import Tern

/// The destination of one download: opened before the request is sent, positioned when the
/// response head arrives (resume or rewrite), then written chunk by chunk.
final class DownloadFile: Sendable {
    /// How the response continues the file.
    struct Plan: Sendable {
        /// Bytes of the file kept: the resume offset when the server honoured the range, else 0.
        var keep: Int64
        /// The length the finished file will have, when known.
        var total: Int64?
        /// Whether the response continues the file (reported as the 200 of the whole resource).
        var resumes: Bool { keep > 0 }
    }

    /// Where the bytes go.
    let url: URL
    /// Whether the transport picked the file (no destination was given).
    let isTemporary: Bool
    private let resumeOffset: Int64?
    private let handle: Mutex<FileHandle?>

    private init(url: URL, isTemporary: Bool, resumeOffset: Int64?, handle: FileHandle) {
        self.url = url
        self.isTemporary = isTemporary
        self.resumeOffset = resumeOffset
        self.handle = Mutex(handle)
    }

    /// Opens (creating when missing, never truncating yet) the destination or a new temporary file.
    ///
    /// A resumed download needs a destination that already holds `resumeOffset` bytes; anything
    /// else is refused before a byte is sent, instead of appending to a file with a hole.
    static func open(destination: URL?, resumeOffset: Int64?, label: String) throws(TernError) -> DownloadFile {
        let manager = FileManager.default
        let url = destination ?? manager.temporaryDirectory.appendingPathComponent("tern-download-\(UUID().uuidString)")
        do {
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if !manager.fileExists(atPath: url.path) {
                guard manager.createFile(atPath: url.path, contents: nil) else {
                    throw TernError(.transport, "cannot create the download file '\(url.path)'", requestLabel: label)
                }
            }
            if let offset = resumeOffset, offset > 0 {
                let size = (try manager.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0
                guard size >= offset else {
                    throw TernError(
                        .invalidRequest,
                        "cannot resume at byte \(offset): '\(url.path)' holds only \(size) bytes", requestLabel: label)
                }
            }
            return DownloadFile(
                url: url, isTemporary: destination == nil, resumeOffset: resumeOffset,
                handle: try FileHandle(forWritingTo: url))
        } catch let error as TernError {
            throw error
        } catch {
            throw TernError(
                .transport, "cannot open the download file '\(url.path)': \(error)", requestLabel: label,
                underlying: error)
        }
    }

    /// Decides from the response head whether it continues the file (a 206 whose range starts at
    /// the resume offset) or replaces it, and positions the file accordingly.
    /// A file found complete (a `416` at its end) is closed as it is: the body is not written.
    func begin(status: Int, headers: HTTPFields, label: String) throws -> Plan {
        let decision = ResumeDecision.decide(
            offset: resumeOffset, status: status, contentRange: headers[.contentRange],
            contentLength: headers[.contentLength])
        if case .invalid(let message) = decision { throw TernError(.transport, message, requestLabel: label) }
        let plan = Plan(keep: decision.keptBytes, total: decision.total)
        try handle.withLock { handle in
            guard let open = handle else { return }
            try open.truncate(atOffset: UInt64(plan.keep))
            try open.seek(toOffset: UInt64(plan.keep))
            if case .complete = decision {
                try? open.close()
                handle = nil
            }
        }
        return plan
    }

    /// Appends one chunk of the body.
    func write(_ data: Data) throws {
        try handle.withLock { handle in try handle?.write(contentsOf: data) }
    }

    /// Closes the file, keeping what was written; later calls do nothing.
    func close() {
        handle.withLock { handle in
            try? handle?.close()
            handle = nil
        }
    }

    /// Closes the file after a failed attempt: a file the transport picked is deleted (nobody
    /// knows its name, so it could never be resumed), a given destination keeps what was written.
    func closeAfterFailure() {
        close()
        if isTemporary { try? FileManager.default.removeItem(at: url) }
    }

    /// A resumed 206 is reported as the 200 of the whole resource, without `Content-Range`.
    static func reported(status: Int, headers: HTTPFields, plan: Plan) -> (Int, HTTPFields) {
        guard plan.resumes else { return (status, headers) }
        var headers = headers
        headers[.contentRange] = nil
        headers[.contentLength] = plan.total.map(String.init)
        return (200, headers)
    }
}
