import Foundation

/// A parsed `Content-Range: bytes START-END/TOTAL` header (TOTAL may be `*`).
public struct ContentRange: Sendable, Hashable {
    /// The first byte of the range.
    public var start: Int64
    /// The last byte of the range (inclusive).
    public var end: Int64
    /// The size of the whole resource, when the server gives it.
    public var total: Int64?

    /// Parses the header value, or returns `nil` when it is not a byte range.
    public init?(_ value: String) {
        let text = value.trimmingWhitespace()
        guard text.hasPrefix("bytes ") else { return nil }
        let parts = text.dropFirst("bytes ".count).split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let bounds = parts[0].split(separator: "-", maxSplits: 1)
        guard bounds.count == 2, let start = Int64(bounds[0]), let end = Int64(bounds[1]), start <= end else {
            return nil
        }
        self.start = start
        self.end = end
        self.total = parts[1] == "*" ? nil : Int64(parts[1])
    }

    /// The size in a `416`'s `Content-Range: bytes */N`, or `nil` when the value is not of that form.
    public static func unsatisfiedTotal(_ value: String) -> Int64? {
        let text = value.trimmingWhitespace()
        guard text.hasPrefix("bytes */"), let total = Int64(text.dropFirst("bytes */".count)) else { return nil }
        return total >= 0 ? total : nil
    }
}
