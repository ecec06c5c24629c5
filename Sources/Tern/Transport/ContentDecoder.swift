public import Foundation
public import HTTPTypes

/// Transparent decoding of `Content-Encoding: gzip` and `deflate` bodies, with a limit on the decoded size.
///
/// The handler runs it once per attempt, on in-memory bodies, right after the transport answers (downloads
/// are left as received). A body that would decode past the limit fails with `.unsupported` (a gzip bomb is
/// an error, never an out-of-memory); a truncated or corrupt stream fails with `.decoding`; a coding Tern does
/// not decode (`br`, `zstd`, ...) leaves the body as received, with a note in `ContentDecoding`.
public enum ContentDecoder {
    /// The `Accept-Encoding` the handler sends by default: the codings it decodes.
    public static let acceptEncoding = "gzip, deflate"
    /// The codings decoded (`x-gzip` is the old name of `gzip`).
    static let decodable: Set<String> = ["gzip", "x-gzip", "deflate"]
    /// The most codings decoded one after another (`gzip, gzip`); more is refused.
    public static let maximumStackedCodings = 4

    /// The codings of a `Content-Encoding` value in the order applied, lower-cased, `identity` dropped.
    public static func codings(_ headers: HTTPFields) -> [String] {
        headers[values: .contentEncoding].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingWhitespace().lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
    }

    /// Whether every one of `codings` is one Tern (and libcurl) decodes.
    public static func decodesAll(_ codings: [String]) -> Bool {
        !codings.isEmpty && codings.allSatisfy { decodable.contains($0) }
    }

    /// Decodes `body` as `headers` say: the decoded body and what was done, or `nil` when nothing was encoded.
    public static func decode(
        _ body: Data, headers: HTTPFields, limit: Int64, label: String
    ) throws(TernError) -> (body: Data, decoding: ContentDecoding)? {
        let codings = codings(headers)
        guard !codings.isEmpty, !body.isEmpty else { return nil }
        let name = codings.joined(separator: ", ")
        let encoded = Int64(body.count)
        guard decodesAll(codings) else {
            let unknown = codings.filter { !decodable.contains($0) }.joined(separator: ", ")
            let note =
                "Content-Encoding '\(unknown)' is not one Tern decodes (it asks for gzip and deflate): "
                + "the body is as received"
            return (
                body,
                ContentDecoding(
                    encoding: name, encodedByteCount: encoded, decodedByteCount: encoded, isDecoded: false, note: note)
            )
        }
        guard codings.count <= maximumStackedCodings else {
            throw TernError(
                .unsupported,
                "the body has \(codings.count) stacked content codings ('\(name)'); Tern decodes at most "
                    + "\(maximumStackedCodings)",
                requestLabel: label)
        }
        var decoded = body
        for coding in codings.reversed() {
            decoded = try inflate(decoded, coding: coding, limit: limit, label: label)
        }
        return (
            decoded,
            ContentDecoding(
                encoding: name, encodedByteCount: encoded, decodedByteCount: Int64(decoded.count))
        )
    }

    /// One coding undone: gzip (or zlib) auto-detected; `deflate` tried as zlib, then as raw deflate.
    static func inflate(_ data: Data, coding: String, limit: Int64, label: String) throws(TernError) -> Data {
        var result = Inflater.inflate(data, format: .gzipOrZlib, limit: limit)
        if coding == "deflate", case .failure(.corrupt) = result {
            result = Inflater.inflate(data, format: .raw, limit: limit)
        }
        switch result {
        case .success(let decoded):
            return decoded
        case .failure(.tooLarge):
            throw TernError(
                .unsupported,
                "the \(coding) body decodes to more than \(limit) bytes (handler.maxDecodedBodyBytes); raise the "
                    + "limit if such a body is expected, or send 'Accept-Encoding: identity'",
                requestLabel: label)
        case .failure(.truncated):
            throw TernError(
                .decoding, "the \(coding) body is truncated: the compressed stream ends before its end",
                requestLabel: label)
        case .failure(.corrupt(let reason)):
            throw TernError(
                .decoding, "the \(coding) body is not a valid \(coding) stream (\(reason))", requestLabel: label)
        }
    }
}
