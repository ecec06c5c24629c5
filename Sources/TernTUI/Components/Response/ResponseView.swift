import Foundation
import HTTPTypes
import Tern

/// A response as the response pane shows it: the summary, the header and request lines, and the
/// body prepared for virtual scrolling. Made off the UI task (`make` formats the body).
public struct ResponseView: Sendable {
    /// The spec id, or the cache key for an opened cache entry.
    public var title: String
    public var status: Int
    public var reason: String
    public var source: ResponseSource
    public var duration: Duration?
    public var size: Int64
    public var storedAt: Date?
    public var validUntil: Date?
    public var attempts: Int
    public var headers: [String]
    public var requestLines: [String]
    public var body: BodyDocument
    /// The stored answer's state after `CACHE · ` (`revalidated`, `stale, offline`, `drifted`), if any.
    public var cacheState: String?

    /// The response of a send.
    public static func make(_ response: Response, title: String) -> ResponseView {
        // Secrets read from {{env:…}} are masked here as `show` masks them.
        let redactor = Redactor(secretValues: response.request.secretValues)
        let url = redactor.redact(url: response.request.url).replacingOccurrences(of: Redactor.encodedMask, with: Redactor.mask)
        var request = ["\(response.request.method.rawValue) \(url)"]
        for field in response.request.headers { request.append("\(field.name.rawName): \(redactor.redact(field.value))") }
        switch response.request.body {
        case .none: break
        case .data(let data):
            request.append("")
            if let text = String(data: data.prefix(64 * 1024), encoding: .utf8) {
                request += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            } else {
                request.append("(\(Format.bytes(Int64(data.count))) of binary data)")
            }
        case .file(let url): request += ["", "(the file \(url.path))"]
        case .multipart: request += ["", "(a multipart form)"]
        }
        return ResponseView(
            title: title, status: response.statusCode, reason: response.status.reasonPhrase, source: response.source,
            duration: response.timing.duration, size: response.byteCount,
            storedAt: response.cache?.storedAt, validUntil: response.cache?.validUntil, attempts: response.attempts,
            headers: response.headers.map { "\($0.name.rawName): \($0.value)" }, requestLines: request,
            body: BodyDocument.make(response.body, contentType: response.headers[.contentType], file: response.fileURL),
            cacheState: response.source == .live ? nil : response.cache?.badge
        )
    }

    /// A stored cache entry opened from the cache pane.
    public static func make(_ entry: StoredResponse) -> ResponseView {
        ResponseView(
            title: entry.key, status: entry.status,
            reason: HTTPResponse.Status(standardCode: entry.status).reasonPhrase, source: .cache, duration: nil,
            size: entry.byteCount, storedAt: entry.storedAt, validUntil: entry.validUntil, attempts: 0,
            headers: entry.headers.map { "\($0.name.rawName): \($0.value)" },
            requestLines: entry.request.map { record in
                ["\(record.method) \(record.url)"] + record.headers.map { "\($0.name): \($0.value)" }
                    + ["", "(stored under the key '\(entry.key)')"]
            } ?? ["\(entry.method) (stored under the key '\(entry.key)')"],
            body: BodyDocument.make(entry.body, contentType: entry.headers[.contentType], file: entry.fileURL),
            cacheState: [entry.revalidatedAt != nil ? "revalidated" : nil, entry.verification?.drifted == true ? "drifted" : nil]
                .compactMap { $0 }.joined(separator: ", ").nilIfEmpty
        )
    }

    /// The badge: `LIVE`, `CACHE` or `SAMPLE`, with the stored answer's state (`CACHE · revalidated`).
    public var badge: String { source.rawValue.uppercased() + (cacheState.map { " · \($0)" } ?? "") }
}

extension String {
    /// `nil` for an empty string.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
