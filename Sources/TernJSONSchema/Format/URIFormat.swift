/// RFC 3986 `uri` / `uri-reference`, RFC 3987 `iri` / `iri-reference`, and RFC 6570 `uri-template`.
enum URIFormat {
    /// RFC 3986 `unreserved` besides letters and digits.
    private static let unreservedSymbols = Set("-._~".unicodeScalars)
    /// RFC 3986 `sub-delims`.
    private static let subDelimiters = Set("!$&'()*+,;=".unicodeScalars)
    /// Characters RFC 6570 forbids in template literals (besides controls and space).
    private static let forbiddenInLiterals = Set("\"<>\\^`|".unicodeScalars)
    /// RFC 6570 expression operators.
    private static let templateOperators = Set("+#./;?&=,!@|".unicodeScalars)

    /// Whether `text` is a URI (or IRI) reference; `requireScheme` asks for an absolute one.
    static func isValid(_ text: String, requireScheme: Bool, international: Bool) -> Bool {
        let reference = URIReference(text)
        if requireScheme && reference.scheme == nil { return false }
        if reference.scheme == nil, reference.authority == nil,
            reference.path.split(separator: "/", omittingEmptySubsequences: false).first?.contains(":") == true
        {
            return false
        }
        if let authority = reference.authority, !isAuthority(authority, international: international) { return false }
        if reference.authority == nil && reference.path.hasPrefix("//") { return false }
        let pathExtras: Set<Unicode.Scalar> = [":", "@", "/"]
        let queryExtras: Set<Unicode.Scalar> = [":", "@", "/", "?"]
        return isMade(of: reference.path, extras: pathExtras, international: international)
            && isMade(of: reference.query ?? "", extras: queryExtras, international: international)
            && isMade(of: reference.fragment ?? "", extras: queryExtras, international: international)
    }

    private static func isAuthority(_ authority: String, international: Bool) -> Bool {
        var host = Substring(authority)
        if let at = host.lastIndex(of: "@") {
            guard isMade(of: String(host[..<at]), extras: [":"], international: international) else { return false }
            host = host[host.index(after: at)...]
        }
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let literal = host[host.index(after: host.startIndex)..<close]
            let rest = host[host.index(after: close)...]
            guard NetworkFormat.isIPv6(String(literal)) || literal.lowercased().hasPrefix("v") else { return false }
            return rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().utf8.allSatisfy(FormatChecker.isDigit))
        }
        if let colon = host.lastIndex(of: ":") {
            guard host[host.index(after: colon)...].utf8.allSatisfy(FormatChecker.isDigit) else { return false }
            host = host[..<colon]
        }
        return isMade(of: String(host), extras: [], international: international)
    }

    /// Whether `text` has only unreserved characters, sub-delimiters, `extras` and valid percent-escapes.
    private static func isMade(of text: String, extras: Set<Unicode.Scalar>, international: Bool) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "%" {
                guard index + 2 < scalars.count, isHex(scalars[index + 1]), isHex(scalars[index + 2]) else {
                    return false
                }
                index += 3
                continue
            }
            let allowed =
                scalar.isASCIILetter || ("0"..."9").contains(scalar) || unreservedSymbols.contains(scalar)
                || subDelimiters.contains(scalar) || extras.contains(scalar)
                || (international && scalar.value >= 0xA0 && !(0xFFF0...0xFFFF).contains(scalar.value))
            guard allowed else { return false }
            index += 1
        }
        return true
    }

    private static func isHex(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && FormatChecker.isHexDigit(UInt8(scalar.value))
    }

    /// Whether `text` is an RFC 6570 URI template: literals and well-formed `{op var:3,list*}` expressions.
    static func isTemplate(_ text: String) -> Bool {
        let literalsAreValid = text.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x20 && scalar.value != 0x7F && !forbiddenInLiterals.contains(scalar)
        }
        guard literalsAreValid else { return false }
        var rest = Substring(text)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            guard rest[open] == "{", let close = rest[open...].firstIndex(of: "}") else { return false }
            var expression = rest[rest.index(after: open)..<close]
            if let first = expression.unicodeScalars.first, templateOperators.contains(first) {
                expression = expression.dropFirst()
            }
            let variables = expression.split(separator: ",", omittingEmptySubsequences: false)
            guard variables.allSatisfy(isVariable) else { return false }
            rest = rest[rest.index(after: close)...]
        }
        return true
    }

    private static func isVariable(_ spec: Substring) -> Bool {
        var name = spec
        if name.hasSuffix("*") {
            name = name.dropLast()
        } else if let colon = name.firstIndex(of: ":") {
            let length = name[name.index(after: colon)...]
            guard (1...4).contains(length.count), length.utf8.allSatisfy(FormatChecker.isDigit),
                !length.hasPrefix("0")
            else { return false }
            name = name[..<colon]
        }
        guard !name.isEmpty, !name.hasPrefix("."), !name.hasSuffix("."), !name.contains("..") else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" || $0 == "." || $0 == "%"
        }
    }
}
