/// An RFC 3986 URI reference split into its components, with reference resolution (section 5.2).
struct URIReference: Equatable, Sendable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    /// Splits `text` by the generic syntax (never fails: anything is a relative reference at worst).
    init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        if let colon = rest.firstIndex(of: ":"), Self.isScheme(rest[..<colon]) {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            authority = String(afterSlashes[..<end])
            rest = afterSlashes[end...]
        }
        path = String(rest)
    }

    private init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIILetter else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
        }
    }

    /// The reference written back as text.
    var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// Whether the reference has a scheme (is an absolute URI, possibly with a fragment).
    var isAbsolute: Bool { scheme != nil }

    /// The target of `reference` resolved against this base (RFC 3986 section 5.2.2).
    func resolving(_ reference: URIReference) -> URIReference {
        if reference.scheme != nil {
            return reference.with(path: Self.removeDotSegments(reference.path))
        }
        if reference.authority != nil {
            return URIReference(
                scheme: scheme, authority: reference.authority, path: Self.removeDotSegments(reference.path),
                query: reference.query, fragment: reference.fragment)
        }
        if reference.path.isEmpty {
            return URIReference(
                scheme: scheme, authority: authority, path: path, query: reference.query ?? query,
                fragment: reference.fragment)
        }
        let merged: String
        if reference.path.hasPrefix("/") {
            merged = reference.path
        } else if authority != nil && path.isEmpty {
            merged = "/" + reference.path
        } else if let slash = path.lastIndex(of: "/") {
            merged = path[...slash] + reference.path
        } else {
            merged = reference.path
        }
        return URIReference(
            scheme: scheme, authority: authority, path: Self.removeDotSegments(merged), query: reference.query,
            fragment: reference.fragment)
    }

    private func with(path newPath: String) -> URIReference {
        URIReference(scheme: scheme, authority: authority, path: newPath, query: query, fragment: fragment)
    }

    /// RFC 3986 section 5.2.4; paths without dot segments come back unchanged.
    static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (position, segment) in segments.enumerated() {
            let isLast = position == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if output.count > 1 || (output.count == 1 && !output[0].isEmpty) { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        let joined = output.joined(separator: "/")
        return path.hasPrefix("/") && !joined.hasPrefix("/") ? "/" + joined : joined
    }

    /// `reference` resolved against `base` as text.
    static func resolve(_ reference: String, against base: String) -> String {
        URIReference(base).resolving(URIReference(reference)).text
    }

    /// `uri` without its fragment (an empty fragment included).
    static func removingFragment(_ uri: String) -> String {
        guard let hash = uri.firstIndex(of: "#") else { return uri }
        return String(uri[..<hash])
    }

    /// `uri` split at its first `#`: the part before and the fragment (nil when there is no `#`).
    static func splitFragment(_ uri: String) -> (base: String, fragment: String?) {
        guard let hash = uri.firstIndex(of: "#") else { return (uri, nil) }
        return (String(uri[..<hash]), String(uri[uri.index(after: hash)...]))
    }
}

extension Unicode.Scalar {
    /// Whether this is `A`-`Z` or `a`-`z`.
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
