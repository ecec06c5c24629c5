public import Foundation
public import HTTPTypes

/// A response kept by a `StorageManager`: enough to replay it offline, and to say what it answers.
public struct StoredResponse: Sendable, Hashable {
    /// The storage key (see `CacheIdentity.key(for:redactor:)`).
    public var key: String
    /// The status code.
    public var status: Int
    /// The header fields, as the server sent them (less hop-by-hop fields).
    public var headers: HTTPFields
    /// The body in memory (empty when the body lives in `fileURL`).
    public var body: Data
    /// The file holding a downloaded body (owned by the storage once stored).
    public var fileURL: URL?
    /// Where the response originally came from (`live` or `sample`).
    public var source: ResponseSource
    /// When it was stored.
    public var storedAt: Date
    /// Until when it is served in `normal` and `sample` modes.
    public var validUntil: Date
    /// `METHOD` of the request that produced it.
    public var method: String
    /// The resolved URL of the request that produced it, secrets redacted.
    public var url: String
    /// The request it answers, as sent (secrets redacted); `nil` for entries made without one.
    public var request: RequestRecord?
    /// The digest of the request's values for the response's `Vary` header names (`*`: never reused).
    public var varyDigest: String?
    /// When a `304 Not Modified` last confirmed it.
    public var revalidatedAt: Date?
    /// When a live send was last compared with it (`tern verify`), and whether the answers differed.
    public var verification: Verification?
    /// The body's size in bytes, as stored (the file's size for downloads).
    public var byteCount: Int64
    /// Where the answer held the secret values known when it was stored, for exports to mask.
    public var secretMarks: SecretMarks?

    /// The outcome of comparing a stored answer with a live one.
    public struct Verification: Sendable, Hashable, Codable {
        /// When the comparison ran.
        public var date: Date
        /// Whether the live answer differed (outside the ignored paths).
        public var drifted: Bool

        public init(date: Date, drifted: Bool) {
            self.date = date
            self.drifted = drifted
        }
    }

    /// Makes an entry.
    public init(
        key: String, status: Int, headers: HTTPFields, body: Data, fileURL: URL? = nil, source: ResponseSource,
        storedAt: Date, validUntil: Date, method: String, url: String, request: RequestRecord? = nil,
        varyDigest: String? = nil, revalidatedAt: Date? = nil, verification: Verification? = nil,
        byteCount: Int64? = nil, secretMarks: SecretMarks? = nil
    ) {
        self.key = key
        self.status = status
        self.headers = headers
        self.body = body
        self.fileURL = fileURL
        self.source = source
        self.storedAt = storedAt
        self.validUntil = validUntil
        self.method = method
        self.url = url
        self.request = request
        self.varyDigest = varyDigest
        self.revalidatedAt = revalidatedAt
        self.verification = verification
        self.secretMarks = secretMarks
        if let byteCount {
            self.byteCount = byteCount
        } else if let fileURL, body.isEmpty {
            self.byteCount = FileManager.default.sizeOfFile(at: fileURL) ?? 0
        } else {
            self.byteCount = Int64(body.count)
        }
    }

    /// Whether the entry is still valid at `date`.
    public func isValid(at date: Date) -> Bool {
        validUntil > date
    }

    /// The validators a revalidation sends: `ETag` and `Last-Modified`, when the response had them.
    public var validators: (etag: String?, lastModified: String?) {
        (headers[.eTag], headers[.lastModified])
    }

    /// The body bytes, read from the file when the body lives there.
    public func bodyData() throws -> Data {
        if body.isEmpty, let fileURL { return try Data(contentsOf: fileURL) }
        return body
    }
}
