/// A set of Unicode scalars: ranges and general categories, possibly complemented.
struct ScalarSet: Sendable {
    enum Item: Sendable {
        case range(UInt32, UInt32)
        /// A general category prefix such as "L" or "Lu"; `negated` for `\P{...}`.
        case category(String, negated: Bool)
    }

    var items: [Item]
    var negated: Bool

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        var found = false
        for item in items {
            switch item {
            case .range(let low, let high):
                found = scalar.value >= low && scalar.value <= high
            case .category(let name, let negated):
                found = ScalarSet.categoryCode(of: scalar).hasPrefix(name) != negated
            }
            if found { break }
        }
        return found != negated
    }

    /// The two-letter Unicode general category code of a scalar.
    static func categoryCode(of scalar: Unicode.Scalar) -> String {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter: return "Lu"
        case .lowercaseLetter: return "Ll"
        case .titlecaseLetter: return "Lt"
        case .modifierLetter: return "Lm"
        case .otherLetter: return "Lo"
        case .nonspacingMark: return "Mn"
        case .spacingMark: return "Mc"
        case .enclosingMark: return "Me"
        case .decimalNumber: return "Nd"
        case .letterNumber: return "Nl"
        case .otherNumber: return "No"
        case .connectorPunctuation: return "Pc"
        case .dashPunctuation: return "Pd"
        case .openPunctuation: return "Ps"
        case .closePunctuation: return "Pe"
        case .initialPunctuation: return "Pi"
        case .finalPunctuation: return "Pf"
        case .otherPunctuation: return "Po"
        case .mathSymbol: return "Sm"
        case .currencySymbol: return "Sc"
        case .modifierSymbol: return "Sk"
        case .otherSymbol: return "So"
        case .spaceSeparator: return "Zs"
        case .lineSeparator: return "Zl"
        case .paragraphSeparator: return "Zp"
        case .control: return "Cc"
        case .format: return "Cf"
        case .surrogate: return "Cs"
        case .privateUse: return "Co"
        case .unassigned: return "Cn"
        @unknown default: return "Cn"
        }
    }

    /// The allowed second letters per category (IsCategory in RFC 9485); "" allows the bare letter.
    static let categories: [Character: String] = [
        "L": "lmotu", "M": "cen", "N": "dlo", "P": "cdefios", "Z": "lps", "S": "ckmo", "C": "cfno",
    ]
}

extension IRegexpParser {
    /// SingleCharEsc = "\" ( %x28-2B / "-" / "." / "?" / %x5B-5E / "n" / "r" / "t" / %x7B-7D )
    /// charClassEsc = "\p{" charProp "}" / "\P{" charProp "}"   (the backslash is already consumed)
    mutating func parseEscape(inClass: Bool) throws -> ScalarSet {
        guard let scalar = current else { throw error("unfinished escape") }
        position += 1
        switch scalar {
        case "n": return .single(0x0A)
        case "r": return .single(0x0D)
        case "t": return .single(0x09)
        case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}":
            return .single(scalar.value)
        case "p", "P":
            guard current == "{" else { throw error("expected '{' after \\\(scalar)") }
            position += 1
            var name = ""
            while let next = current, next != "}", name.count < 3 {
                name.unicodeScalars.append(next)
                position += 1
            }
            guard current == "}", let first = name.first,
                let seconds = ScalarSet.categories[first], name.count <= 2,
                name.count == 1 || seconds.contains(name.last ?? " ")
            else {
                throw error("unknown category '\(name)'")
            }
            position += 1
            return ScalarSet(items: [.category(name, negated: scalar == "P")], negated: false)
        default:
            position -= 1
            throw error("invalid escape '\\\(scalar)'")
        }
    }

    /// charClassExpr = "[" [ "^" ] ( "-" / CCE1 ) *CCE1 [ "-" ] "]"
    /// CCE1 = ( CCchar [ "-" CCchar ] ) / charClassEsc ; CCchar excludes "-", "[", "\", "]" unless escaped
    mutating func parseClassExpression() throws -> ScalarSet {
        var set = ScalarSet(items: [], negated: false)
        if current == "^" {
            set.negated = true
            position += 1
        }
        if current == "-" {
            set.items.append(.range(0x2D, 0x2D))
            position += 1
        }
        while true {
            guard let scalar = current else { throw error("unclosed '['") }
            if scalar == "]" {
                guard !set.items.isEmpty else { throw error("empty character class") }
                position += 1
                return set
            }
            if scalar == "-" {
                guard position + 1 < scalars.count, scalars[position + 1] == "]", !set.items.isEmpty else {
                    throw error("'-' must be escaped here")
                }
                set.items.append(.range(0x2D, 0x2D))
                position += 1
                continue
            }
            if scalar == "\\", let next = peek(1), next == "p" || next == "P" {
                position += 1
                set.items.append(contentsOf: try parseEscape(inClass: true).items)
                continue
            }
            let low = try parseClassChar()
            if current == "-", let next = peek(1), next != "]" {
                position += 1
                let high = try parseClassChar()
                guard low <= high else { throw error("range out of order") }
                set.items.append(.range(low, high))
            } else {
                set.items.append(.range(low, low))
            }
        }
    }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    /// CCchar = ( %x00-2C / %x2E-5A / %x5E-D7FF / %xE000-10FFFF ) / SingleCharEsc
    private mutating func parseClassChar() throws -> UInt32 {
        guard let scalar = current else { throw error("unclosed '['") }
        switch scalar {
        case "\\":
            position += 1
            if let next = current, next == "p" || next == "P" { throw error("category escape cannot bound a range") }
            let set = try parseEscape(inClass: true)
            guard case .range(let low, _)? = set.items.first else { throw error("invalid escape") }
            return low
        case "-", "[", "]":
            throw error("'\(scalar)' must be escaped in a class")
        default:
            position += 1
            return scalar.value
        }
    }
}

extension ScalarSet {
    /// A set of exactly one scalar.
    static func single(_ value: UInt32) -> ScalarSet {
        ScalarSet(items: [.range(value, value)], negated: false)
    }
}
