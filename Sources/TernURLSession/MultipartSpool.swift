import Foundation
import Tern

/// Writes a multipart form to a temporary file in constant memory, so URLSession can upload it
/// from disk (FoundationNetworking streams `uploadTask(with:fromFile:)` in chunks).
enum MultipartSpool {
    /// The size of one copy step from a file part.
    static let chunkSize = 256 * 1024

    /// Writes `form.segments` to a new temporary file and returns its URL; the caller deletes it.
    static func write(_ form: MultipartForm, label: String) throws(TernError) -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("tern-multipart-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw TernError(.transport, "cannot create a temporary file for the multipart body", requestLabel: label)
        }
        do {
            let output = try FileHandle(forWritingTo: url)
            defer { try? output.close() }
            for segment in form.segments {
                switch segment {
                case .data(let data):
                    try output.write(contentsOf: data)
                case .file(let file):
                    try copy(file, to: output)
                }
            }
            return url
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw TernError(
                .transport, "the multipart body could not be written to a temporary file: \(error)",
                requestLabel: label, underlying: error)
        }
    }

    private static func copy(_ file: URL, to output: FileHandle) throws {
        let input = try FileHandle(forReadingFrom: file)
        defer { try? input.close() }
        while let chunk = try input.read(upToCount: chunkSize), !chunk.isEmpty {
            try output.write(contentsOf: chunk)
        }
    }
}
