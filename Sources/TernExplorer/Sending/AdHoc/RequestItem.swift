import Foundation

/// One request item of an ad-hoc command line (`tern get URL ITEM...`), in HTTPie's syntax, so that
/// its users need nothing new:
///
/// | item | meaning |
/// |---|---|
/// | `Name:Value` | a header; `Name:` leaves out a header Tern would send (`Accept`, `User-Agent`) |
/// | `Name;` | a header sent with an empty value |
/// | `Name:@FILE` | a header whose value is the file's text |
/// | `name==value` | a query parameter (`name==@FILE`: the file's text) |
/// | `field=value` | a JSON string field (a form field with `--form`); `field=@FILE` the file's text |
/// | `field:=json` | a raw JSON field; `field:=@FILE` the file's JSON |
/// | `field@FILE` | a file upload (multipart); `field@FILE;type=MIME` names its type |
///
/// The separator is the first one in the item (the longest when several start at the same place); a
/// backslash before a separator's character makes it literal (`a\=b=c` is the field `a=b`).
package struct RequestItem: Sendable, Hashable {
    /// What the item is.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case header = ":"
        case emptyHeader = ";"
        case headerFromFile = ":@"
        case query = "=="
        case queryFromFile = "==@"
        case field = "="
        case fieldFromFile = "=@"
        case rawJSON = ":="
        case rawJSONFromFile = ":=@"
        case fileUpload = "@"

        /// Whether the item is data (it makes a body, and a request without a method a POST).
        package var isData: Bool {
            switch self {
            case .field, .fieldFromFile, .rawJSON, .rawJSONFromFile, .fileUpload: true
            case .header, .emptyHeader, .headerFromFile, .query, .queryFromFile: false
            }
        }
    }

    /// The key (a header name, a query parameter, a field; a field may be a nested path, `user[name]`).
    package var key: String
    /// The value, or the file path for the `…FromFile` kinds and uploads.
    package var value: String
    /// What the item is.
    package var kind: Kind

    package init(key: String, value: String, kind: Kind) {
        self.key = key
        self.value = value
        self.kind = kind
    }

    /// Why an argument is not a request item: the sentence, and the forms it could take.
    package struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        package var argument: String
        package var description: String {
            "'\(argument)' is not a request item; items are Name:Value (header), Name; (empty header), "
                + "name==value (query), field=value (JSON string or form field), field:=json (raw JSON), "
                + "field=@FILE and field:=@FILE (from a file), field@FILE (a file upload); "
                + "a backslash makes a separator literal (a\\=b=c)"
        }
    }

    /// The item `argument` stands for.
    package static func parse(_ argument: String) throws(Failure) -> RequestItem {
        let tokens = tokenize(argument)
        // The longest separators first, so that one starting where a shorter one does wins.
        let separators = Kind.allCases.sorted { $0.rawValue.count > $1.rawValue.count }
        for (index, token) in tokens.enumerated() {
            guard case .text(let text) = token else { continue }
            var best: (offset: Int, kind: Kind)?
            for kind in separators {
                guard let range = text.range(of: kind.rawValue) else { continue }
                let offset = text.distance(from: text.startIndex, to: range.lowerBound)
                if offset < best?.offset ?? Int.max { best = (offset, kind) }
            }
            guard let (offset, kind) = best else { continue }
            let split = text.index(text.startIndex, offsetBy: offset)
            let key = tokens[..<index].map(\.text).joined() + text[..<split]
            let valueStart = text.index(split, offsetBy: kind.rawValue.count)
            let value = String(text[valueStart...]) + tokens[(index + 1)...].map(\.text).joined()
            guard !key.isEmpty else { throw Failure(argument: argument) }
            return RequestItem(key: key, value: value, kind: kind)
        }
        throw Failure(argument: argument)
    }

    /// A piece of an argument: plain text, or one character a backslash made literal.
    private enum Token {
        case text(String)
        case escaped(Character)

        var text: String {
            switch self {
            case .text(let text): text
            case .escaped(let character): String(character)
            }
        }
    }

    /// The characters separators are made of: only these can be escaped; any other backslash stays.
    private static let specialCharacters: Set<Character> = [":", ";", "=", "@"]

    private static func tokenize(_ argument: String) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var characters = argument.makeIterator()
        while let character = characters.next() {
            guard character == "\\" else {
                current.append(character)
                continue
            }
            guard let next = characters.next() else {
                current.append("\\")
                break
            }
            if specialCharacters.contains(next) {
                tokens.append(.text(current))
                tokens.append(.escaped(next))
                current = ""
            } else {
                current.append("\\")
                current.append(next)
            }
        }
        tokens.append(.text(current))
        return tokens
    }
}
