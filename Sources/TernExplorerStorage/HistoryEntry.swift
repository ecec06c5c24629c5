package import Foundation
package import Tern

/// One request sent from the explorer, as the `history` command and the TUI list it.
package struct HistoryEntry: Sendable, Hashable {
    /// The row id; `nil` until the entry is recorded.
    package var id: Int64?
    /// The spec id (`users/get-user`) when the request was sent from a workspace.
    package var spec: String?
    /// The HTTP method (`GET`).
    package var method: String
    /// The resolved URL.
    package var url: String
    /// When the request was sent.
    package var date: Date
    /// The response status; `nil` when no response arrived.
    package var status: Int?
    /// Where the response came from; `nil` when no response arrived.
    package var source: ResponseSource?
    /// How long the send took, in seconds.
    package var duration: Double
    /// Why the send failed, when it did.
    package var error: String?
    /// The request as it was sent, secrets redacted: what a history view shows.
    package var request: RequestRecord?
    /// The storage key of the response in the cache, when it was stored (or answered from there).
    package var cacheKey: String?
    /// Where a live send's time went (connect, first byte, transfer), when the transport measured it.
    package var phases: TransferPhases?

    /// Makes an entry; only the request and its timing are required.
    package init(
        id: Int64? = nil, spec: String? = nil, method: String, url: String, date: Date, status: Int? = nil,
        source: ResponseSource? = nil, duration: Double, error: String? = nil, request: RequestRecord? = nil,
        cacheKey: String? = nil, phases: TransferPhases? = nil
    ) {
        self.id = id
        self.spec = spec
        self.method = method
        self.url = url
        self.date = date
        self.status = status
        self.source = source
        self.duration = duration
        self.error = error
        self.request = request
        self.cacheKey = cacheKey
        self.phases = phases
    }
}
