package import HTTPTypes

/// A HAR entry's header pairs as HTTP fields: what `cache import` and `import har --into-cache` store.
package enum HARFields {
    /// HAR response headers as fields: pseudo-headers and invalid names dropped, and the framing
    /// headers (`Content-Length`, `Content-Encoding`, `Transfer-Encoding`) too, as the body is decoded.
    package static func response(_ pairs: [HARPair]) -> HTTPFields {
        let framing: Set<String> = ["content-length", "content-encoding", "transfer-encoding"]
        return fields(pairs.filter { !framing.contains($0.name.lowercased()) })
    }

    /// HAR request headers as fields (pseudo-headers and invalid names dropped).
    package static func request(_ pairs: [HARPair]) -> HTTPFields {
        fields(pairs.filter { $0.name.lowercased() != "content-length" })
    }

    private static func fields(_ pairs: [HARPair]) -> HTTPFields {
        var fields = HTTPFields()
        for pair in pairs where !pair.name.hasPrefix(":") {
            guard let name = HTTPField.Name(pair.name) else { continue }
            fields.append(HTTPField(name: name, value: pair.value))
        }
        return fields
    }
}
