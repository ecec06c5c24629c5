import Foundation
public import HTTPTypes

/// The directives of the `Cache-Control` field lines of a request or a response (RFC 9111 §5.2).
///
/// Names are case-insensitive; a value may be a token or a quoted string (commas inside quotes do
/// not split directives); when a directive appears twice, the first occurrence counts.
public struct CacheControl: Sendable, Hashable {
    /// The directives in order: lower-cased name and value (`nil` when it has none), quotes removed.
    public let directives: [Directive]

    /// One directive.
    public struct Directive: Sendable, Hashable {
        /// The lower-cased name (`max-age`).
        public var name: String
        /// The value, unquoted; `nil` when the directive has none.
        public var value: String?
    }

    /// The most directives read from one message: the rest are ignored.
    static let maximumDirectives = 64

    /// The directives of every `Cache-Control` line of `fields`.
    public init(_ fields: HTTPFields) {
        self.init(lines: fields[values: .cacheControl])
    }

    /// The directives of `lines`, in order.
    public init(lines: [String]) {
        var found: [Directive] = []
        for line in lines {
            for part in Self.split(line) where found.count < Self.maximumDirectives {
                let trimmed = part.trimmingASCIISpaces()
                guard !trimmed.isEmpty else { continue }
                if let equals = trimmed.firstIndex(of: "=") {
                    let name = String(trimmed[..<equals]).trimmingASCIISpaces().lowercased()
                    var value = String(trimmed[trimmed.index(after: equals)...]).trimmingASCIISpaces()
                    if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                        value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\\", with: "")
                    }
                    found.append(Directive(name: name, value: value))
                } else {
                    found.append(Directive(name: trimmed.lowercased(), value: nil))
                }
            }
        }
        directives = found
    }

    /// Whether the directive `name` is present (with or without a value).
    public func contains(_ name: String) -> Bool {
        directives.contains { $0.name == name }
    }

    /// The value of the first `name` directive: `.some(nil)` when it has none, `nil` when absent.
    public func value(_ name: String) -> String?? {
        directives.first { $0.name == name }.map(\.value)
    }

    /// The first `name` directive as delta-seconds (RFC 9111 §1.2.2): `.valid(seconds)`, `.invalid`
    /// (present but not a number of seconds), or `.absent`.
    public func seconds(_ name: String) -> DeltaSeconds {
        guard let directive = directives.first(where: { $0.name == name }) else { return .absent }
        guard let value = directive.value, let seconds = DeltaSeconds.parse(value) else { return .invalid }
        return .valid(seconds)
    }

    /// The header names listed in the first `name` directive's value (`no-cache="Set-Cookie, X-A"`).
    public func fieldNames(_ name: String) -> [String] {
        guard let value = directives.first(where: { $0.name == name })?.value else { return [] }
        return value.split(separator: ",").map { String($0).trimmingASCIISpaces().lowercased() }.filter { !$0.isEmpty }
    }

    /// `line` split at the commas outside quoted strings.
    private static func split(_ line: String) -> [Substring] {
        var parts: [Substring] = []
        var start = line.startIndex
        var quoted = false
        var escaped = false
        for index in line.indices {
            let character = line[index]
            if escaped {
                escaped = false
            } else if quoted && character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == "," && !quoted {
                parts.append(line[start..<index])
                start = line.index(after: index)
            }
        }
        parts.append(line[start...])
        return parts
    }
}

/// A delta-seconds value, as a cache reads it.
public enum DeltaSeconds: Sendable, Hashable {
    /// A number of seconds (capped at 2^31, RFC 9111 §1.2.2).
    case valid(Double)
    /// Present, but not a non-negative whole number.
    case invalid
    /// Not present.
    case absent

    /// The largest delta-seconds a cache keeps: larger values mean this many.
    public static let maximum: Double = 2_147_483_648

    /// `text` as delta-seconds: one or more ASCII digits; `nil` for anything else.
    public static func parse(_ text: String) -> Double? {
        let digits = text.trimmingASCIISpaces()
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= 10, let value = Double(significant.isEmpty ? "0" : String(significant)) else {
            return maximum
        }
        return min(value, maximum)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingASCIISpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
