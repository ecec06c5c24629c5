import Foundation

/// What a resumed download does with its file once the response head arrives: the one rule of
/// `TransportContext.resumeOffset` that every transport follows.
public enum ResumeDecision: Sendable, Hashable {
    /// Keep the first `offset` bytes and append the body; the finished file holds `total` bytes.
    case append(from: Int64, total: Int64)
    /// Rewrite the file from byte zero with the body; `total` is the announced length, when known.
    case restart(total: Int64?)
    /// The file already holds the whole resource (`416` whose size is the offset): keep it, ignore the body.
    case complete(total: Int64)
    /// The answer cannot continue the file nor replace it: a transport error with this message.
    case invalid(String)

    /// The decision for a download that asked for bytes from `offset` (`nil` or 0: not a resume) and got
    /// `status` with these `Content-Range` and `Content-Length` values.
    ///
    /// - `206` whose range starts at the offset appends; its total is the range's total, else the
    ///   range's last byte + 1 (a resume asks for everything past the offset).
    /// - `206` starting elsewhere, or without a byte range, is invalid: it is a slice of the resource,
    ///   neither its continuation nor the whole.
    /// - `416` with `Content-Range: bytes */N` where N is the offset is complete; any other `416` is invalid.
    /// - Any other status (a `200` from a server that ignores `Range`) restarts from zero.
    public static func decide(
        offset: Int64?, status: Int, contentRange: String?, contentLength: String?
    ) -> ResumeDecision {
        let length =
            contentLength
            .flatMap { Int64($0.trimmingWhitespace()) }
            .flatMap { $0 >= 0 ? $0 : nil }
        guard let offset, offset > 0 else { return .restart(total: length) }
        switch status {
        case 206:
            guard let range = contentRange.flatMap(ContentRange.init) else {
                return .invalid("cannot resume at byte \(offset): the 206 has no byte Content-Range")
            }
            guard range.start == offset else {
                return .invalid("cannot resume at byte \(offset): the server sent bytes \(range.start)-\(range.end)")
            }
            let total = range.total ?? (range.end == .max ? range.end : range.end + 1)
            guard total > range.end else {
                let value = contentRange ?? ""
                return .invalid("cannot resume at byte \(offset): Content-Range '\(value)' is inconsistent")
            }
            return .append(from: offset, total: total)
        case 416:
            guard let size = contentRange.flatMap(ContentRange.unsatisfiedTotal) else {
                return .invalid("cannot resume at byte \(offset): the server refused the range without saying the size")
            }
            guard size == offset else {
                return .invalid("cannot resume at byte \(offset): the resource now has \(size) bytes")
            }
            return .complete(total: size)
        default:
            return .restart(total: length)
        }
    }

    /// The bytes of the file kept before the body: the offset for `append` and `complete`, else 0.
    public var keptBytes: Int64 {
        switch self {
        case .append(let offset, _): offset
        case .complete(let total): total
        case .restart, .invalid: 0
        }
    }

    /// The length of the finished file, when known.
    public var total: Int64? {
        switch self {
        case .append(_, let total), .complete(let total): total
        case .restart(let total): total
        case .invalid: nil
        }
    }
}
