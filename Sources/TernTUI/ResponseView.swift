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

    /// The response of a send.
    public static func make(_ response: Response, title: String) -> ResponseView {
        var request = ["\(response.request.method.rawValue) \(response.request.url.absoluteString)"]
        for field in response.request.headers { request.append("\(field.name.rawName): \(field.value)") }
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
            body: BodyDocument.make(response.body, contentType: response.headers[.contentType], file: response.fileURL)
        )
    }

    /// A stored cache entry opened from the cache pane.
    public static func make(_ entry: StoredResponse) -> ResponseView {
        ResponseView(
            title: entry.key, status: entry.status,
            reason: HTTPResponse.Status(standardCode: entry.status).reasonPhrase, source: .cache, duration: nil,
            size: Int64(entry.body.count), storedAt: entry.storedAt, validUntil: entry.validUntil, attempts: 0,
            headers: entry.headers.map { "\($0.name.rawName): \($0.value)" },
            requestLines: ["\(entry.method) (stored under the key '\(entry.key)')"],
            body: BodyDocument.make(entry.body, contentType: entry.headers[.contentType], file: entry.fileURL)
        )
    }

    /// The badge: `LIVE`, `CACHE` or `SAMPLE`.
    public var badge: String { source.rawValue.uppercased() }
}
