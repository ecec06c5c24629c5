import Foundation

/// How an array parameter is written in a query string.
public enum ArrayEncoding: String, Sendable, Hashable, CaseIterable {
    /// One pair per element: `tags=a&tags=b`.
    case individual
    /// One pair, elements joined by commas: `tags=a,b`.
    case comma
}

/// Ordered query parameters, written as a dictionary literal (`["page": 2, "tags": ["a", "b"]]`).
///
/// Order is kept as written. `null` values are left out; nested objects use brackets
/// (`filter[name]=Ada`, sent percent-encoded as `filter%5Bname%5D=Ada`); arrays follow the
/// parameter's `ArrayEncoding` (STRV's `ArrayParameter`).
public struct QueryParameters: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// One parameter: a name, a value and an optional array encoding of its own.
    public struct Item: Sendable, Hashable {
        public var name: String
        public var value: JSONValue
        public var arrayEncoding: ArrayEncoding?
    }

    /// The parameters in order.
    public private(set) var items: [Item] = []

    /// Makes empty parameters.
    public init() {}

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        items = elements.map { Item(name: $0.0, value: $0.1, arrayEncoding: nil) }
    }

    /// Whether there are no parameters.
    public var isEmpty: Bool { items.isEmpty }

    /// Sets `name` (replacing every earlier value, in the first one's place), optionally with its own array
    /// encoding.
    public mutating func set(_ name: String, _ value: JSONValue, arrayEncoding: ArrayEncoding? = nil) {
        let item = Item(name: name, value: value, arrayEncoding: arrayEncoding)
        if let index = items.firstIndex(where: { $0.name == name }) {
            items[index] = item
            items = items.enumerated().filter { $0.offset <= index || $0.element.name != name }.map(\.element)
        } else {
            items.append(item)
        }
    }

    /// Adds another value for `name` right after the ones it has, as a multi-valued form does (HTTPie's
    /// `tag==a page==1 tag==b` is `tag=a&tag=b&page=1`).
    public mutating func add(_ name: String, _ value: JSONValue, arrayEncoding: ArrayEncoding? = nil) {
        let item = Item(name: name, value: value, arrayEncoding: arrayEncoding)
        if let last = items.lastIndex(where: { $0.name == name }) {
            items.insert(item, at: last + 1)
        } else {
            items.append(item)
        }
    }

    /// Removes `name`.
    public mutating func remove(_ name: String) {
        items.removeAll { $0.name == name }
    }

    /// Appends the parameters of `other` that are not set here yet.
    public func merging(defaults other: QueryParameters) -> QueryParameters {
        var merged = self
        for item in other.items where !items.contains(where: { $0.name == item.name }) {
            merged.items.append(item)
        }
        return merged
    }

    /// The name/value pairs, flattened and unescaped, in order (a comma-joined array is one pair).
    public func pairs(arrayEncoding: ArrayEncoding) -> [(name: String, value: String)] {
        pieces(arrayEncoding).map { ($0.name, $0.values.joined(separator: ",")) }
    }

    /// The percent-encoded query string (without `?`).
    public func encoded(arrayEncoding: ArrayEncoding) -> String {
        pieces(arrayEncoding)
            .map { piece in
                // Commas inside a value are escaped, so a comma-joined list stays unambiguous.
                let value = piece.values.map { Self.escape($0, allowing: Self.valueCharacters) }.joined(separator: ",")
                return "\(Self.escape(piece.name))=\(value)"
            }
            .joined(separator: "&")
    }

    /// One flattened parameter: a name and one value, or several values to be joined by commas.
    private struct Piece {
        var name: String
        var values: [String]
    }

    private func pieces(_ arrayEncoding: ArrayEncoding) -> [Piece] {
        var result: [Piece] = []
        for item in items {
            Self.flatten(
                name: item.name, value: item.value, encoding: item.arrayEncoding ?? arrayEncoding, into: &result)
        }
        return result
    }

    private static func flatten(name: String, value: JSONValue, encoding: ArrayEncoding, into result: inout [Piece]) {
        switch value {
        case .null:
            return
        case .array(let elements):
            let scalars = elements.compactMap(\.scalarText)
            if encoding == .comma, scalars.count == elements.count {
                result.append(Piece(name: name, values: scalars))
            } else {
                for (index, element) in elements.enumerated() {
                    if case .object = element {
                        flatten(name: "\(name)[\(index)]", value: element, encoding: encoding, into: &result)
                    } else {
                        flatten(name: name, value: element, encoding: encoding, into: &result)
                    }
                }
            }
        case .object(let fields):
            for key in fields.keys.sorted() {
                if let field = fields[key] {
                    flatten(name: "\(name)[\(key)]", value: field, encoding: encoding, into: &result)
                }
            }
        default:
            if let text = value.scalarText { result.append(Piece(name: name, values: [text])) }
        }
    }

    /// Characters left as they are in names and values: RFC 3986 unreserved. Everything else is
    /// percent-encoded, brackets too (`filter[name]` is sent as `filter%5Bname%5D`, which servers
    /// decode back): URLComponents rejects a raw `[` or `]` in a query.
    private static let valueCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"
    )
    /// Characters a percent-encoded query may hold as they are: RFC 3986 `query` minus the brackets.
    static let encodedQueryCharacters = valueCharacters.union(CharacterSet(charactersIn: "!$&'()*+,;=:@/?"))

    /// `query` made safe for `URLComponents.percentEncodedQuery`: every other character
    /// (brackets, spaces, non-ASCII, a `%` not followed by two hex digits) is percent-encoded.
    static func sanitizedEncodedQuery(_ query: String) -> String {
        var result = ""
        var bytes = Array(query.utf8)[...]
        while let byte = bytes.first {
            if byte == UInt8(ascii: "%"), bytes.count >= 3, isHexDigit(bytes[bytes.startIndex + 1]),
                isHexDigit(bytes[bytes.startIndex + 2])
            {
                result += String(decoding: bytes.prefix(3), as: UTF8.self)
                bytes = bytes.dropFirst(3)
                continue
            }
            if byte < 0x80, let scalar = Unicode.Scalar(UInt32(byte)),
                encodedQueryCharacters.contains(scalar)
            {
                result.unicodeScalars.append(scalar)
            } else {
                result += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0xF)
            }
            bytes = bytes.dropFirst()
        }
        return result
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    private static func hexDigit(_ nibble: UInt8) -> String {
        String(nibble, radix: 16, uppercase: true)
    }

    /// `text` percent-encoded as a query or form value is (an export writes what Tern sends).
    package static func escapedValue(_ text: String) -> String { escape(text) }

    static func escape(_ text: String, allowing allowed: CharacterSet = valueCharacters) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
