import Foundation
import TernJSONPath

/// RFC 6901 JSON pointers: escaping reference tokens, writing pointers, and following them into a value.
enum JSONPointer {
    /// A token escaped for a pointer (`~` as `~0`, `/` as `~1`).
    static func escape(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The pointer text for `tokens` ("" for none).
    static func text(_ tokens: [String]) -> String {
        tokens.reduce(into: "") { result, token in result += "/" + escape(token) }
    }

    /// The tokens of a URI fragment holding a pointer (percent-decoded first); nil when it is not a pointer.
    static func tokens(fromFragment fragment: String) -> [String]? {
        guard let decoded = fragment.removingPercentEncoding else { return nil }
        return tokens(from: decoded)
    }

    /// The tokens of pointer text; nil when it is neither empty nor starts with `/`.
    static func tokens(from pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// The value `tokens` lead to inside `value`, or nil when one of them names nothing.
    static func resolve(_ tokens: some Sequence<String>, in value: JSONPathValue) -> JSONPathValue? {
        var current = value
        for token in tokens {
            switch current {
            case .object(let object):
                guard let member = object[token] else { return nil }
                current = member
            case .array(let elements):
                guard let index = arrayIndex(token), index < elements.count else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    private static func arrayIndex(_ token: String) -> Int? {
        guard !token.isEmpty, token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        guard token == "0" || !token.hasPrefix("0") else { return nil }
        return Int(token)
    }
}
