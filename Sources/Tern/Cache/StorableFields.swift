public import HTTPTypes

/// The response fields a cache keeps: every one the server sent, except those that belong to one
/// connection or to the proxy a request went through (RFC 9111 §3.1, RFC 9110 §7.6.1).
public enum StorableFields {
    /// Fields never stored: hop-by-hop fields and the proxy's authentication fields.
    public static let dropped: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "te", "transfer-encoding", "upgrade",
        "proxy-authenticate", "proxy-authentication-info", "proxy-authorization",
    ]

    /// `fields` without the dropped ones and without those the `Connection` field names.
    public static func of(_ fields: HTTPFields) -> HTTPFields {
        var names = dropped
        for line in fields[values: .connection] {
            for name in line.split(separator: ",") {
                names.insert(name.trimmingASCIISpaces().lowercased())
            }
        }
        return fields.removing(names)
    }
}

extension HTTPFields {
    /// These fields without those whose lower-cased names are in `names` (order and repeats kept).
    package func removing(_ names: Set<String>) -> HTTPFields {
        guard contains(where: { names.contains($0.name.canonicalName) }) else { return self }
        var kept = HTTPFields()
        for field in self where !names.contains(field.name.canonicalName) { kept.append(field) }
        return kept
    }
}
