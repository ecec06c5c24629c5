import Foundation

/// The canonical request of AWS Signature Version 4: method, URI, query, headers, signed headers and
/// payload hash, each in the one form AWS and the client agree on.
public struct AWSCanonicalRequest: Sendable, Hashable {
    /// The whole text, lines joined with `\n`.
    public let text: String
    /// `host;x-amz-date;…`: the lower-cased names of the signed headers, sorted.
    public let signedHeaders: String

    /// Builds the canonical request.
    ///
    /// - Parameters:
    ///   - path: the path as sent on the wire (percent-encoded as the URL has it).
    ///   - query: the query as sent, without `?`.
    ///   - headers: every header to sign, `host` included; repeated names are joined with `,`.
    ///   - normalizesPath: removes `.`/`..` segments and repeated slashes (every service but S3).
    ///   - doubleEncodesPath: encodes the wire path once more (every service but S3); without it the path is
    ///     decoded, then encoded once.
    public init(
        method: String, path: String, query: String, headers: [(name: String, value: String)], payloadHash: String,
        normalizesPath: Bool = true, doubleEncodesPath: Bool = true
    ) {
        var path = path.isEmpty ? "/" : path
        if normalizesPath { path = Self.normalized(path) }
        if !doubleEncodesPath { path = path.removingPercentEncoding ?? path }
        let uri = Self.encode(path, keepingSlash: true)
        var grouped: [String: [String]] = [:]
        for header in headers {
            grouped[header.name.lowercased(), default: []].append(Self.trimmed(header.value))
        }
        let names = grouped.keys.sorted()
        let canonicalHeaders = names.map { "\($0):\(grouped[$0, default: []].joined(separator: ","))\n" }.joined()
        signedHeaders = names.joined(separator: ";")
        text = [method, uri, Self.canonicalQuery(query), canonicalHeaders, signedHeaders, payloadHash]
            .joined(separator: "\n")
    }

    /// The query's items decoded, re-encoded strictly and sorted by name, then value.
    static func canonicalQuery(_ query: String) -> String {
        var items: [(name: String, value: String)] = []
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let value = parts.count > 1 ? String(parts[1]) : ""
            let decodedName = name.removingPercentEncoding ?? name
            let decodedValue = value.removingPercentEncoding ?? value
            items.append((encode(decodedName, keepingSlash: false), encode(decodedValue, keepingSlash: false)))
        }
        items.sort { lhs, rhs in lhs.name != rhs.name ? lhs.name < rhs.name : lhs.value < rhs.value }
        return items.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    /// RFC 3986 unreserved characters kept, every other byte `%XX` (upper-case hex).
    static func encode(_ text: String, keepingSlash: Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if isUnreserved(byte) || (keepingSlash && byte == 0x2F) {
                bytes.append(byte)
            } else {
                bytes.append(0x25)  // %
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0f)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `A-Z a-z 0-9 - _ . ~`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        let isDigit = byte >= 0x30 && byte <= 0x39
        return isLetter || isDigit || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x7E
    }

    /// The path without `.`, `..` and empty segments, keeping a trailing slash.
    static func normalized(_ path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        var kept: [Substring] = []
        for segment in segments {
            switch segment {
            case "", ".": continue
            case "..": _ = kept.popLast()
            default: kept.append(segment)
            }
        }
        let last = segments.last ?? ""
        let trailing = (last.isEmpty || last == "." || last == "..") && !kept.isEmpty
        return "/" + kept.joined(separator: "/") + (trailing ? "/" : "")
    }

    /// A header value trimmed, with every run of whitespace (folded lines included) made one space.
    static func trimmed(_ value: String) -> String {
        value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ")
    }
}
