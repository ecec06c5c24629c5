package import Foundation
import HTTPTypes
package import Tern

/// The summary of a response as every face shows it: `200 OK · LIVE · 38 ms · 229 B`, with the source
/// badge (cache state, age, validity) and the attempts when there were retries.
package struct ResponseSummary: Sendable, Hashable {
    /// The status code.
    package var statusCode: Int
    /// `200 OK`.
    package var status: String
    /// Where the answer came from.
    package var badge: SourceBadge
    /// `38 ms`, when the answer was timed (a cache entry opened from a list was not).
    package var duration: String?
    /// `229 B`: the body's size.
    package var size: String
    /// `3 attempts` when the send was retried, else `nil`.
    package var attempts: String?
    /// `stream stopped` when the user ended a streamed body before the server did.
    package var stopped: String?
    /// `gzip 3.1 KB → 48.0 KB` when the body came compressed; shown in place of the size.
    package var encoding: String? = nil
    /// `HTTP/2 · TLS 1.3 · CN=api.example.com · expires 2027-01-31` for a live answer whose transport
    /// said what the connection was; `nil` otherwise (a line of its own under the summary).
    package var connection: String? = nil

    /// The summary of `response` at `now`.
    package init(_ response: Response, now: Date = Date()) {
        self.init(
            statusCode: response.statusCode, reason: response.status.reasonPhrase,
            badge: SourceBadge(response, now: now), duration: response.timing.duration, size: response.byteCount,
            attempts: response.attempts)
        if response.stoppedEarly { stopped = Self.stoppedText }
        encoding = response.contentDecoding.map(Self.encoding)
        connection = response.source == .live ? response.connection?.summary : nil
    }

    /// `gzip 3.1 KB → 48.0 KB`; `gzip → 48.0 KB` when the transport did not say the encoded size;
    /// `br 3.1 KB (not decoded)` for a coding left as received.
    package static func encoding(_ decoding: ContentDecoding) -> String {
        let decoded = HumanUnits.bytes(decoding.decodedByteCount)
        guard decoding.isDecoded else { return "\(decoding.encoding) \(decoded) (not decoded)" }
        guard let encoded = decoding.encodedByteCount else { return "\(decoding.encoding) → \(decoded)" }
        return "\(decoding.encoding) \(HumanUnits.bytes(encoded)) → \(decoded)"
    }

    /// What a stream the user ended early says.
    package static let stoppedText = "stream stopped"

    /// The summary from its parts.
    package init(statusCode: Int, reason: String, badge: SourceBadge, duration: Duration?, size: Int64, attempts: Int) {
        self.statusCode = statusCode
        status = "\(statusCode) \(reason)"
        self.badge = badge
        self.duration = duration.map(HumanUnits.duration)
        self.size = HumanUnits.bytes(size)
        self.attempts = attempts > 1 ? "\(attempts) attempts" : nil
    }

    /// The parts after the status and the badge: duration, size (or the encoding and both sizes) and attempts.
    package var details: [String] {
        [duration, encoding ?? size, attempts, stopped].compactMap { $0 }
    }

    /// `200 OK · CACHE (stored 4m ago, valid 6m) · 38 ms · 229 B · 3 attempts`, uncoloured.
    package var line: String {
        ([status, badge.text] + details).joined(separator: " · ")
    }

    /// `200 OK · CACHE · revalidated · 38 ms · 229 B`: the badge's title without age and validity.
    package var shortLine: String {
        ([status, badge.title] + details).joined(separator: " · ")
    }
}
