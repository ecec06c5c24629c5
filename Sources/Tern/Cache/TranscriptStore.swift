import Foundation
import HTTPTypes
import Logging

/// Stores what a conversation was — a WebSocket's transcript, a gRPC call's — under its request's key,
/// as the cache keeps an HTTP answer: refused when it carries a secret the handler may not store or is
/// over the cache's limit; valid for the request's `validFor`, else the fallback lifetime (a transcript
/// has no freshness headers of its own).
struct TranscriptStore {
    let handler: Handler

    /// Stores `body` (a transcript of `contentType`, which began at `openedAt`) as an answer of `status`
    /// to `plan`'s request, made with `method`; `what` names it in the reasons (`the conversation`).
    func store(
        _ body: Data, contentType: String, status: HTTPResponse.Status, method: String, openedAt: Date,
        what: String, plan: SendPlan, emitter: EventEmitter
    ) async {
        guard plan.stores, let storage = handler.storage else { return }
        let now = handler.clock.now
        var headers = HTTPFields()
        headers[.contentType] = contentType
        let response = Response(
            status: status, headers: headers, body: body, source: .live, request: plan.request,
            timing: Response.Timing(start: openedAt, duration: .zero), attempts: 1)
        let redactor = plan.redactor
        if !handler.storesSecretAnswers, let secret = redactor.secretCarried(by: response) {
            emitter.emit(.cache(.notStored(key: plan.key, reason: "\(what) carries \(secret)")))
            return
        }
        if let cap = handler.maximumStoredBodyBytes, Int64(body.count) > cap {
            let reason = "\(what) (\(body.count) bytes) is bigger than the cache's limit of \(cap) bytes"
            emitter.emit(.cache(.notStored(key: plan.key, reason: reason)))
            return
        }
        var until = now
        if let seconds = plan.request.validFor {
            until = now.addingTimeInterval(seconds)
        } else if case .responseHeaders(let fallback) = handler.cacheValidity {
            until = now.addingTimeInterval(fallback)
        } else {
            until = handler.cacheValidity.validUntil(for: response, now: now) ?? now
        }
        let entry = StoredResponse(
            key: plan.key, status: status.code, headers: headers, body: body, fileURL: nil, source: .live,
            storedAt: now, validUntil: until, method: method, url: redactor.redact(url: plan.request.cacheURL),
            request: handler.cacheIdentity.record(of: plan.request, redactor: redactor), varyDigest: nil,
            byteCount: Int64(body.count), secretMarks: redactor.marks(headers: headers, body: body))
        do {
            _ = try await storage.adopt(entry)
            emitter.emit(.cache(.stored(key: plan.key, validUntil: until)))
        } catch {
            handler.logger?.warning("storing '\(plan.key)' failed: \(error)")
        }
    }
}
