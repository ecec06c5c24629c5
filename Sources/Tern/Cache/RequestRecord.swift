import Foundation

/// The request a stored response answers, as it was sent, with every secret redacted: what the cache
/// pane, `cache show` and a miss's explanation show, and what a HAR export writes.
public struct RequestRecord: Sendable, Hashable, Codable {
    /// One header field as sent (a redacted value reads `••••••`).
    public struct Field: Sendable, Hashable, Codable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The request's name (a workspace spec id), when it has one.
    public var name: String?
    /// The cache partition (a workspace environment), when there is one.
    public var partition: String?
    /// The method as sent.
    public var method: String
    /// The URL as sent, secrets redacted.
    public var url: String
    /// The header fields as sent, secrets redacted.
    public var headers: [Field]
    /// The body's size in bytes, when it has one and it is known.
    public var bodyBytes: Int64?
    /// The body as text when it is short UTF-8 (secrets redacted), for display and export.
    public var bodyText: String?
    /// Keyed digests of each part that tells requests apart (`method`, `partition`, `path`, `query:NAME`,
    /// `header:name`, `body`): comparing them says what differs without storing any secret.
    public var fingerprints: [String: String]

    public init(
        name: String? = nil, partition: String? = nil, method: String, url: String, headers: [Field] = [],
        bodyBytes: Int64? = nil, bodyText: String? = nil, fingerprints: [String: String] = [:]
    ) {
        self.name = name
        self.partition = partition
        self.method = method
        self.url = url
        self.headers = headers
        self.bodyBytes = bodyBytes
        self.bodyText = bodyText
        self.fingerprints = fingerprints
    }

    /// The record with the secrets `redactor` knows masked once more (a record is redacted when it is
    /// stored; this catches what the redactor of its day missed, before it leaves Tern again).
    public func redacted(by redactor: Redactor) -> RequestRecord {
        guard redactor.hasSecretValues else { return self }
        var record = self
        record.url = redactor.redact(urlText: url)
        record.headers = headers.map { Field(name: $0.name, value: redactor.redact($0.value)) }
        record.bodyText = bodyText.map { redactor.redact($0) }
        return record
    }

    /// `METHOD URL`, secrets redacted.
    public var label: String { "\(method) \(url)" }

    /// What differs between this stored request and `other` (the one being sent), as clauses that read
    /// as sentences, most telling first: the environment, the method, the server (scheme, host and
    /// port), the path, each query parameter, each header, the body.
    public func differences(from other: RequestRecord) -> [String] {
        var found: [String] = []
        if partition != other.partition {
            found.append("the environment is '\(other.partition ?? "none")' (stored: '\(partition ?? "none")')")
        }
        if method != other.method { found.append("the method is \(other.method) (stored: \(method))") }
        let stored = URLComponents(string: url)
        let sent = URLComponents(string: other.url)
        let (storedOrigin, sentOrigin) = (Self.origin(of: stored), Self.origin(of: sent))
        if storedOrigin != sentOrigin {
            found.append("the server is \(sentOrigin ?? "unknown") (stored: \(storedOrigin ?? "unknown"))")
        }
        if fingerprints["path"] != other.fingerprints["path"] {
            if let storedPath = stored?.percentEncodedPath, let sentPath = sent?.percentEncodedPath,
                storedPath != sentPath
            {
                found.append("the path is \(sentPath) (stored: \(storedPath))")
            } else {
                found.append("the path differs")
            }
        }
        let keys = Set(fingerprints.keys).union(other.fingerprints.keys).sorted()
        for prefix in ["query:", "header:"] {
            for key in keys where key.hasPrefix(prefix) && fingerprints[key] != other.fingerprints[key] {
                let name = String(key.dropFirst(prefix.count))
                let kind = prefix == "query:" ? "the query parameter" : "the header"
                switch (fingerprints[key], other.fingerprints[key]) {
                case (nil, _): found.append("\(kind) '\(name)' is new (the stored request had none)")
                case (_, nil): found.append("\(kind) '\(name)' is missing (the stored request had one)")
                default: found.append("\(kind) '\(name)' has another value")
                }
            }
        }
        if fingerprints["body"] != other.fingerprints["body"] { found.append("the body differs") }
        return found
    }

    /// `scheme://host:port` of a URL, the port spelled out.
    private static func origin(of components: URLComponents?) -> String? {
        guard let components, let scheme = components.scheme?.lowercased(), let host = components.host?.lowercased()
        else { return nil }
        let port = components.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
        return "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
    }
}
