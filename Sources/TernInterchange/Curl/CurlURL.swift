import Foundation

/// A URL as curl reads it from the command line, split without validation (it may hold `{{env:…}}`).
///
/// A missing scheme is `http` (curl's guess), user info (`https://u:p@host`) is taken out to become
/// an `Authorization` header, and the fragment is dropped (curl never sends it).
struct CurlURL {
    var scheme: String
    var userInfo: String?
    var host: String
    var path: String
    var query: String?

    /// Splits `text`.
    init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        if let range = rest.range(of: "://") {
            scheme = String(rest[..<range.lowerBound]).lowercased()
            rest = rest[range.upperBound...]
        } else {
            scheme = "http"
        }
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        rest = rest[authorityEnd...]
        if let at = authority.lastIndex(of: "@") {
            userInfo = String(authority[..<at]).removingPercentEncodingIfPossible
            authority = authority[authority.index(after: at)...]
        }
        host = String(authority)
        if let question = rest.firstIndex(of: "?") {
            path = String(rest[..<question])
            query = String(rest[rest.index(after: question)...])
        } else {
            path = String(rest)
        }
    }

    /// The URL again, without user info or fragment.
    var text: String {
        "\(scheme)://\(host)\(path)" + (query.map { "?" + $0 } ?? "")
    }
}

extension String {
    /// The text with `%XX` decoded, or itself when that fails.
    fileprivate var removingPercentEncodingIfPossible: String {
        var bytes: [UInt8] = []
        var iterator = Array(utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? self
    }
}
