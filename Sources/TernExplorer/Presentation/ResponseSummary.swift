package import Foundation
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
    /// `HTTP/2 · TLS 1.3 · CN=api.example.com · expires 2027-01-31` for a live answer whose transport
    /// said what the connection was; `nil` otherwise (a line of its own under the summary).
    package var connection: String? = nil

    /// The summary of `response` at `now`.
    package init(_ response: Response, now: Date = Date()) {
        self.init(
            statusCode: response.statusCode, reason: response.status.reasonPhrase,
            badge: SourceBadge(response, now: now), duration: response.timing.duration, size: response.byteCount,
            attempts: response.attempts)
        connection = response.source == .live ? response.connection?.summary : nil
    }

    /// The summary from its parts.
    package init(statusCode: Int, reason: String, badge: SourceBadge, duration: Duration?, size: Int64, attempts: Int) {
        self.statusCode = statusCode
        status = "\(statusCode) \(reason)"
        self.badge = badge
        self.duration = duration.map(HumanUnits.duration)
        self.size = HumanUnits.bytes(size)
        self.attempts = attempts > 1 ? "\(attempts) attempts" : nil
    }

    /// The parts after the status and the badge: duration, size and attempts.
    package var details: [String] {
        [duration, size, attempts].compactMap { $0 }
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
