package import Foundation
import HTTPTypes
package import Tern
package import TernExplorer

/// A response as the response pane shows it: the summary, the header and request lines, and the
/// body prepared for virtual scrolling. Made off the UI task (`make` formats the body).
package struct ResponseView: Sendable {
    /// The spec id, or the cache key for an opened cache entry.
    package var title: String
    package var status: Int
    package var reason: String
    package var source: ResponseSource
    package var duration: Duration?
    package var size: Int64
    package var storedAt: Date?
    package var validUntil: Date?
    package var attempts: Int
    package var headers: [String]
    package var requestLines: [String]
    package var body: BodyDocument
    /// The stored answer's state after `CACHE · ` (`revalidated`, `stale, offline`, `drifted`), if any.
    package var cacheState: String?
    /// The spec's expectations and how they fared (empty: the spec declares none, or a cache entry).
    package var checks: [ExpectationResult] = []
    /// Whether the user ended the streamed body before the server did.
    package var stoppedEarly = false
    /// How a compressed body was decoded (`gzip 3.1 KB → 48.0 KB` in the summary).
    package var contentDecoding: ContentDecoding? = nil
    /// What the connection was (`HTTP/2 · TLS 1.3 · CN=… · expires …`) for a live answer, if known.
    package var connection: String? = nil
    /// What a capture of the send (or of a spec it required) could not read, shown as warnings.
    package var warnings: [String] = []
    /// The spec's explicit `storageKey` when it answered from the cache: the key does not change with
    /// the query or headers, so an edit to them is not what was answered.
    package var pinnedBy: String? = nil
    /// For a WebSocket conversation, how many messages it had (the body tab then lists them).
    package var conversationMessages: Int? = nil
    /// For a GraphQL subscription, how many results it had (the body tab then shows them as JSON).
    package var subscriptionResults: Int? = nil
    /// The expectations that did not hold.
    package var failedChecks: [ExpectationResult] { checks.filter { !$0.passed } }

    /// The response of a send, with the results of the spec's expectations.
    package static func make(_ response: Response, title: String, checks: [ExpectationResult] = []) -> ResponseView {
        // Secrets read from {{env:…}} are masked here as `show` masks them.
        var request = RequestLines(response.request, secretValues: response.request.secretValues).lines
        switch response.request.body {
        case .none: break
        case .data(let data):
            request.append("")
            let text = BodyRendering.asSent(data, contentType: response.request.headers[.contentType])
            request += text.prefix(64 * 1024).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        case .file(let url): request += ["", "(the file \(url.path))"]
        case .multipart: request += ["", "(a multipart form)"]
        }
        // The redirects followed come first: each hop's status, the request it answered, where it led.
        if !response.redirects.isEmpty {
            let hops = response.redirects.map { hop in
                let reason = HTTPResponse.Status(standardCode: hop.status).reasonPhrase
                return "↪ \(hop.status) \(reason): \(hop.from) → \(hop.method) \(hop.to)"
            }
            request = hops + [""] + request
        }
        // Where a live answer's time went, on top: a small waterfall of the measured phases.
        if response.source == .live, let phases = response.phases {
            request = TimingSummary.waterfall(phases) + [""] + request
        }
        var view = ResponseView(
            title: title, status: response.statusCode, reason: response.status.reasonPhrase, source: response.source,
            duration: response.timing.duration, size: response.byteCount,
            storedAt: response.cache?.storedAt, validUntil: response.cache?.validUntil, attempts: response.attempts,
            headers: response.headers.map { "\($0.name.rawName): \($0.value)" }, requestLines: request,
            body: BodyDocument.make(response.body, contentType: response.headers[.contentType], file: response.fileURL),
            cacheState: response.source == .live ? nil : response.cache?.badge, checks: checks,
            stoppedEarly: response.stoppedEarly
        )
        if response.source == .cache, let key = response.request.storageKey {
            view.pinnedBy = key
            view.requestLines.insert(
                contentsOf: [
                    "⚠ Answered from the cache under the fixed key '\(key)' the spec gives its answers (its "
                        + "storageKey:). That key stays the same whatever the query and headers, so the request below "
                        + "was not sent: mode live (m) sends it.",
                    "",
                ], at: 0)
        }
        view.contentDecoding = response.contentDecoding
        view.connection = ResponseSummary(response).connection
        if let results = GraphQLAnswer.subscriptionResults(of: response) {
            // A GraphQL subscription: its results (each `next` payload, the errors) as JSON; the protocol's
            // messages are in `--events json` and the REPL's.
            view.subscriptionResults = results
        } else if let conversation = response.conversation {
            view.show(conversation, redactor: SecretBook.redactor(hiding: response.request.secretValues))
        }
        return view
    }

    /// Shows `transcript` in the body tab: a line per message, direction, time and size, newest last.
    mutating func show(_ transcript: WebSocketTranscript, redactor: Redactor = .none) {
        let text = ConversationLines.lines(of: transcript, redactor: redactor).joined(separator: "\n")
        body = BodyDocument.make(Data(text.utf8), contentType: "text/plain; charset=utf-8", file: nil)
        conversationMessages = transcript.frames.count
    }

    /// Shows a gRPC call as `record` saw it: its status in the summary (`200 OK · gRPC NOT_FOUND`); the
    /// status, initial metadata and trailers in the Headers tab; in the body tab, a call that was not one
    /// message each way as its Conversation (a line per message), the messages sent with the secret
    /// values `redactor` knows masked.
    package mutating func show(_ record: GRPCCallRecord, redactor: Redactor = .none) {
        headers = record.headerLines
        // The summary says how the call ended, not only that HTTP/2 answered it.
        if let status = record.status { reason += " · gRPC \(status.code.name)" }
        guard record.received != 1 || record.messages.count != 2 || record.dropped > 0 else { return }
        let text = record.conversationLines(redactor: redactor).joined(separator: "\n")
        body = BodyDocument.make(Data(text.utf8), contentType: "text/plain; charset=utf-8", file: nil)
        conversationMessages = record.messages.count
    }

    /// A conversation held open (`:connect`), as it stands.
    package static func make(conversation: ConversationSnapshot) -> ResponseView {
        var view = ResponseView(
            title: conversation.spec + (conversation.transcript.close == nil ? " (open)" : ""), status: 101,
            reason: "Switching Protocols", source: .live, duration: nil,
            size: conversation.transcript.frames.reduce(Int64(0)) { $0 + Int64($1.message.byteCount) },
            storedAt: nil, validUntil: nil, attempts: 1, headers: [],
            requestLines: ["GET \(conversation.transcript.url)"],
            body: BodyDocument.make(Data(), contentType: nil, file: nil))
        view.show(conversation.transcript)
        return view
    }

    /// A stored cache entry opened from the cache pane.
    package static func make(_ entry: StoredResponse) -> ResponseView {
        var view = stored(entry)
        if entry.headers[.contentType] == WebSocketTranscript.contentType,
            let transcript = try? WebSocketTranscript.decode(entry.body)
        {
            view.show(transcript)
        }
        return view
    }

    private static func stored(_ entry: StoredResponse) -> ResponseView {
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
            cacheState: [
                entry.revalidatedAt != nil ? "revalidated" : nil, entry.verification?.drifted == true ? "drifted" : nil,
            ]
            .compactMap { $0 }.joined(separator: ", ").nilIfEmpty
        )
    }

    /// The summary the faces share (status, badge, time, size, attempts) at `now`.
    package func summary(now: Date) -> ResponseSummary {
        let badge = SourceBadge(source: source, state: cacheState, storedAt: storedAt, validUntil: validUntil, now: now)
        var summary = ResponseSummary(
            statusCode: status, reason: reason, badge: badge, duration: duration, size: size, attempts: attempts)
        if stoppedEarly { summary.stopped = ResponseSummary.stoppedText }
        summary.encoding = contentDecoding.map(ResponseSummary.encoding)
        summary.connection = connection
        return summary
    }
}

extension String {
    /// `nil` for an empty string.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
