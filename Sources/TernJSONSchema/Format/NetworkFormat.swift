import Foundation

/// `email`, `hostname` (and their internationalized forms), `ipv4` and `ipv6`.
enum NetworkFormat {
    /// RFC 5322 `atext` besides letters and digits.
    private static let atextSymbols = Set("!#$%&'*+-/=?^_`{|}~".unicodeScalars)
    /// The longest host name (RFC 1123).
    private static let maximumHostnameLength = 253
    /// The longest label of a host name (RFC 1034).
    private static let maximumLabelLength = 63

    /// Whether `text` is `local@domain`: a dot-atom or quoted local part, and a host name or address literal.
    static func isEmail(_ text: String, international: Bool) -> Bool {
        guard let at = text.lastIndex(of: "@") else { return false }
        let local = text[..<at]
        let domain = text[text.index(after: at)...]
        guard !local.isEmpty, !domain.isEmpty else { return false }
        if local.hasPrefix("\"") {
            guard local.count >= 2, local.hasSuffix("\"") else { return false }
            var escaped = false
            for scalar in local.unicodeScalars.dropFirst().dropLast() {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" || scalar.value < 0x20 || (!international && scalar.value > 0x7E) {
                    return false
                }
            }
            if escaped { return false }
        } else {
            let atoms = local.split(separator: ".", omittingEmptySubsequences: false)
            for atom in atoms {
                guard !atom.isEmpty else { return false }
                for scalar in atom.unicodeScalars {
                    let allowed =
                        scalar.isASCIILetter || ("0"..."9").contains(scalar) || atextSymbols.contains(scalar)
                        || (international && scalar.value > 0x7F)
                    guard allowed else { return false }
                }
            }
        }
        if domain.hasPrefix("[") && domain.hasSuffix("]") {
            let literal = domain.dropFirst().dropLast()
            if literal.hasPrefix("IPv6:") { return isIPv6(String(literal.dropFirst(5))) }
            return isIPv4(String(literal))
        }
        return isHostname(String(domain), international: international)
    }

    /// Whether `text` is an RFC 1123 host name (letters, digits and inner hyphens; labels of 1-63 characters).
    static func isHostname(_ text: String, international: Bool) -> Bool {
        let separators: Set<Unicode.Scalar> = international ? [".", "\u{3002}", "\u{FF0E}", "\u{FF61}"] : ["."]
        let labels = text.unicodeScalars.split(omittingEmptySubsequences: false) { separators.contains($0) }
        guard !text.isEmpty, text.utf8.count <= maximumHostnameLength else { return false }
        for label in labels {
            let scalars = Array(label)
            guard !scalars.isEmpty, scalars.count <= maximumLabelLength, scalars.first != "-", scalars.last != "-"
            else { return false }
            for scalar in scalars {
                let allowed =
                    scalar.isASCIILetter || ("0"..."9").contains(scalar) || scalar == "-"
                    || (international && scalar.value > 0x7F && scalar.properties.isAlphabetic)
                guard allowed else { return false }
            }
            if scalars.count >= 4, scalars[2] == "-", scalars[3] == "-" {
                let prefix = String(String.UnicodeScalarView(scalars[0..<2])).lowercased()
                guard prefix == "xn", scalars.count > 4 else { return false }
            }
        }
        return true
    }

    /// Whether `text` is a dotted-quad IPv4 address (no leading zeros, ASCII digits only).
    static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        return parts.allSatisfy { part in
            guard (1...3).contains(part.utf8.count), part.utf8.allSatisfy(FormatChecker.isDigit),
                part == "0" || !part.hasPrefix("0"), let value = Int(part)
            else { return false }
            return value <= 255
        }
    }

    /// Whether `text` is an RFC 4291 IPv6 address (optionally ending in an IPv4 address; no zone).
    static func isIPv6(_ text: String) -> Bool {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        var groups = 0
        for (index, half) in halves.enumerated() where !half.isEmpty {
            let pieces = half.split(separator: ":", omittingEmptySubsequences: false)
            for (position, piece) in pieces.enumerated() {
                let isLast = index == halves.count - 1 && position == pieces.count - 1
                if isLast && piece.contains(".") {
                    guard isIPv4(String(piece)) else { return false }
                    groups += 2
                    continue
                }
                guard (1...4).contains(piece.utf8.count), piece.utf8.allSatisfy(FormatChecker.isHexDigit) else {
                    return false
                }
                groups += 1
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }
}
