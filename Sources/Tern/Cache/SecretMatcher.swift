import Foundation

/// Finds secret values in text in every encoding they can take on their way out: as written,
/// percent-encoded (`%2F` or `%2f`, any mix with literal characters, `+` for a space), JSON-escaped
/// (`\/`, `\"`, `\\`, `\n`…, `\uXXXX` with surrogate pairs), and, for values of at least
/// `minimumBase64Bytes`, base64 (standard and URL-safe, padded or not, at the three alignments a value
/// can take inside a longer encoded text — which may themselves be percent- or JSON-escaped).
///
/// The needles are built once; a search looks at each byte once, trying only the needles that can
/// start with it, so its cost grows with the text, not with the text times the number of forms.
struct SecretMatcher: Sendable {
    /// The shortest value (in UTF-8 bytes) also looked for in base64: the encoding of a shorter one
    /// is too short not to turn up by chance in unrelated base64 text.
    static let minimumBase64Bytes = 8

    /// One character of a needle: its scalar value and UTF-8 bytes.
    private struct Unit: Sendable {
        var scalar: UInt32
        var bytes: [UInt8]
    }

    /// What is searched for: a value, or the part of its base64 encoding that depends on it alone.
    private let needles: [[Unit]]
    /// For each byte value, the needles a match can start with at that byte.
    private let starts: [[Int]]
    /// For each byte value, whether any needle can start with it (a quick test for most bytes).
    private let startsAny: [Bool]

    /// A matcher for `secrets` (empty ones are ignored).
    init(secrets: [String]) {
        var texts: [String] = []
        var seen = Set<String>()
        for secret in secrets where !secret.isEmpty {
            for form in [secret] + Self.base64Cores(of: Array(secret.utf8)) where seen.insert(form).inserted {
                texts.append(form)
            }
        }
        let needles = texts.map { text in
            text.unicodeScalars.map { Unit(scalar: $0.value, bytes: Array(String($0).utf8)) }
        }
        var starts = [[Int]](repeating: [], count: 256)
        for (index, needle) in needles.enumerated() {
            guard let first = needle.first else { continue }
            var bytes: Set<UInt8> = [first.bytes[0], UInt8(ascii: "%"), UInt8(ascii: "\\")]
            if first.scalar == 0x20 { bytes.insert(UInt8(ascii: "+")) }
            for byte in bytes { starts[Int(byte)].append(index) }
        }
        self.needles = needles
        self.starts = starts
        startsAny = starts.map { !$0.isEmpty }
    }

    /// Whether there is anything to look for.
    var isEmpty: Bool { needles.isEmpty }

    /// The parts of `value`'s base64 encodings (standard and URL-safe) that depend on its bytes alone,
    /// at each of the three offsets it can start at within encoded data; none below `minimumBase64Bytes`.
    static func base64Cores(of value: [UInt8]) -> [String] {
        guard value.count >= minimumBase64Bytes else { return [] }
        var cores: [String] = []
        for shift in 0..<3 {
            let data = Data(repeating: 0, count: shift) + value
            let encoded = Array(data.base64EncodedString().utf8.filter { $0 != UInt8(ascii: "=") })
            // Characters mixing bits of what precedes (the first two or three at an offset of one or
            // two) or follows (the last one of an incomplete group) depend on more than the value.
            let dropped = [0, 2, 3][shift]
            let kept = data.count / 3 * 4 + [0, 1, 2][data.count % 3]
            let core = String(decoding: encoded[dropped..<kept], as: UTF8.self)
            // Byte by byte: `replacingOccurrences` goes through NSString (2 M instructions on first use).
            let urlSafe = String(
                decoding: core.utf8.map {
                    $0 == UInt8(ascii: "+") ? UInt8(ascii: "-") : $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0
                },
                as: UTF8.self)
            cores.append(core)
            if urlSafe != core { cores.append(urlSafe) }
        }
        return cores
    }

    /// The byte ranges of `text` that hold a secret in any form, in order, overlapping matches merged;
    /// at most `limit` ranges (the search stops there).
    func ranges(in text: UnsafeBufferPointer<UInt8>, limit: Int = .max) -> [Range<Int>] {
        var steps = 0
        return ranges(in: text, limit: limit, steps: &steps)
    }

    /// `ranges(in:limit:)`, adding to `steps` the needle steps the search took: the measure of its cost,
    /// which grows with the text alone (each start tries a bounded number of steps per needle).
    func ranges(in text: UnsafeBufferPointer<UInt8>, limit: Int = .max, steps: inout Int) -> [Range<Int>] {
        guard !needles.isEmpty, limit > 0 else { return [] }
        var merged: [Range<Int>] = []
        var current: Range<Int>?
        for position in text.indices {
            guard startsAny[Int(text[position])] else { continue }
            let candidates = starts[Int(text[position])]
            var end = position
            for index in candidates {
                if let found = match(needles[index], in: text, at: position, steps: &steps), found > end {
                    end = found
                }
            }
            guard end > position else { continue }
            if let open = current, position < open.upperBound {
                current = open.lowerBound..<max(open.upperBound, end)
                continue
            }
            if let open = current {
                merged.append(open)
                if merged.count >= limit { return merged }
            }
            current = position..<end
        }
        if let open = current { merged.append(open) }
        return merged
    }

    /// The end of a match of `needle` starting at `start`, or `nil`. Each character matches as written,
    /// JSON-escaped, as `+` for a space, or byte by byte as written or percent-encoded; where two ways
    /// fit (`%` against `%25`…), the other is tried when the first leads nowhere, within a step budget.
    private func match(
        _ needle: [Unit], in text: UnsafeBufferPointer<UInt8>, at start: Int, steps: inout Int
    ) -> Int? {
        var alternatives: [(unit: Int, byte: Int, position: Int)] = []
        var unit = 0
        var byte = 0
        var position = start
        var budget = 16 * (needle.count + 4)
        while true {
            if unit == needle.count { return position }
            budget -= 1
            steps += 1
            if budget < 0 { return nil }
            let character = needle[unit]
            if byte == 0 {
                if let end = Self.jsonEscape(of: character.scalar, in: text, at: position) {
                    alternatives.append((unit + 1, 0, end))
                }
                if character.scalar == 0x20, position < text.count, text[position] == UInt8(ascii: "+") {
                    alternatives.append((unit + 1, 0, position + 1))
                }
            }
            let wanted = character.bytes[byte]
            let literal = position < text.count && text[position] == wanted
            let encoded =
                position + 2 < text.count && text[position] == UInt8(ascii: "%")
                && Self.hexByte(text[position + 1], text[position + 2]) == wanted
            var next: Int?
            if literal {
                next = position + 1
                if encoded { alternatives.append(Self.after(unit, byte, in: needle, at: position + 3)) }
            } else if encoded {
                next = position + 3
            }
            if let next {
                (unit, byte, position) = Self.after(unit, byte, in: needle, at: next)
            } else if let other = alternatives.popLast() {
                (unit, byte, position) = other
            } else {
                return nil
            }
        }
    }

    /// The state after matching byte `byte` of character `unit`, the text at `position`.
    private static func after(
        _ unit: Int, _ byte: Int, in needle: [Unit], at position: Int
    ) -> (unit: Int, byte: Int, position: Int) {
        byte + 1 < needle[unit].bytes.count ? (unit, byte + 1, position) : (unit + 1, 0, position)
    }

    /// The end of a JSON escape of `scalar` at `position` (`\uXXXX`, a surrogate pair, or a short
    /// escape such as `\/` or `\n`), or `nil`.
    private static func jsonEscape(of scalar: UInt32, in text: UnsafeBufferPointer<UInt8>, at position: Int) -> Int? {
        guard position + 1 < text.count, text[position] == UInt8(ascii: "\\") else { return nil }
        let kind = text[position + 1]
        let short: UInt32? =
            switch kind {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): UInt32(kind)
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let short { return short == scalar ? position + 2 : nil }
        guard kind == UInt8(ascii: "u"), let high = hexQuad(in: text, at: position + 2) else { return nil }
        if (0xD800...0xDBFF).contains(high) {
            guard position + 7 < text.count, text[position + 6] == UInt8(ascii: "\\"),
                text[position + 7] == UInt8(ascii: "u"), let low = hexQuad(in: text, at: position + 8),
                (0xDC00...0xDFFF).contains(low)
            else { return nil }
            return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00) == scalar ? position + 12 : nil
        }
        return high == scalar ? position + 6 : nil
    }

    /// The value of four hex digits at `position`, or `nil`.
    private static func hexQuad(in text: UnsafeBufferPointer<UInt8>, at position: Int) -> UInt32? {
        guard position + 3 < text.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = hexDigit(text[position + offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The byte two hex digits (either case) spell, or `nil`.
    private static func hexByte(_ high: UInt8, _ low: UInt8) -> UInt8? {
        guard let high = hexDigit(high), let low = hexDigit(low) else { return nil }
        return high << 4 | low
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
