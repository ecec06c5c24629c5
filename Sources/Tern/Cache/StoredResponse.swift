import Foundation
import HTTPTypes

/// A response kept by a `StorageManager`: enough to replay it offline.
public struct StoredResponse: Sendable, Hashable {
    /// The storage key.
    public var key: String
    /// The status code.
    public var status: Int
    /// The header fields.
    public var headers: HTTPFields
    /// The body in memory (empty when the body lives in `fileURL`).
    public var body: Data
    /// The file holding a downloaded body.
    public var fileURL: URL?
    /// Where the response originally came from (`live` or `sample`).
    public var source: ResponseSource
    /// When it was stored.
    public var storedAt: Date
    /// Until when it is served in `normal` and `sample` modes.
    public var validUntil: Date
    /// `METHOD` of the request that produced it.
    public var method: String
    /// The resolved URL of the request that produced it.
    public var url: String

    /// Makes an entry.
    public init(
        key: String, status: Int, headers: HTTPFields, body: Data, fileURL: URL? = nil, source: ResponseSource,
        storedAt: Date, validUntil: Date, method: String, url: String
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
    }

    /// Whether the entry is still valid at `date`.
    public func isValid(at date: Date) -> Bool {
        validUntil > date
    }

    /// The size of the stored body.
    public var byteCount: Int64 {
        if let fileURL, body.isEmpty { return FileManager.default.sizeOfFile(at: fileURL) ?? 0 }
        return Int64(body.count)
    }
}
