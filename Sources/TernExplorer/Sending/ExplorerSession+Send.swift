import Foundation
package import Tern
import TernExplorerStorage
import TernWorkspace

extension ExplorerSession {
    /// Sends the spec `name` (or the selected one) with this session's edits, recording history;
    /// the specs it requires go first, and its captures and expectations apply (`sendChecked`).
    package func send(_ name: String?, adjustments: SendAdjustments = SendAdjustments()) async throws(ExplorerError)
        -> Response
    {
        try await sendChecked(name, adjustments: adjustments).response
    }

    /// Sends `entry` with `adjustments`, recording history; nothing else.
    func sendEntry(_ entry: SpecEntry, adjustments: SendAdjustments) async throws(ExplorerError) -> Response {
        var current = entry
        for header in adjustments.headers {
            current.spec.headers.removeAll { $0.name.caseInsensitiveCompare(header.name) == .orderedSame }
            current.spec.headers.append(header)
        }
        for item in adjustments.query {
            current.spec.query.removeAll { $0.name == item.name }
            current.spec.query.append((name: item.name, value: .string(item.value)))
        }
        if let body = adjustments.body { current.spec.body = Self.body(from: body) }
        var request = try withCookies(resolve(current), spec: current.spec)
        if let data = adjustments.bodyData {
            do {
                try request.setBody(.data(data))
            } catch {
                throw ExplorerError(.usage, "the body cannot be sent: \(error)")
            }
            if request.headers[.contentType] == nil { request.headers[.contentType] = "application/octet-stream" }
        }
        if adjustments.streamsBody { request.transaction = .download }
        let started = Date()
        let redactor = handler.redactor(for: request)
        let activity = self.activity
        let observer = adjustments.onEvent
        let onEvent: @Sendable (HandlerEvent) -> Void = { event in
            activity.record(event)
            observer?(event)
        }
        let response: Response
        do {
            if current.spec.isWebSocket {
                response = try await converse(current, request: request, adjustments: adjustments, onEvent: onEvent)
            } else if let onStream = adjustments.onStream, request.transaction != .download {
                let stream = handler.stream(
                    request, mode: mode, stop: adjustments.streamStop ?? StreamStop(), onEvent: onEvent)
                for try await item in stream.items { onStream(item) }
                response = try await stream.response
            } else {
                response = try await handler.send(request, mode: mode, onEvent: onEvent)
            }
            if history != nil {
                let record = response.cache?.request ?? handler.cacheIdentity.record(of: request, redactor: redactor)
                await remember(
                    HistoryEntry(
                        spec: current.id == Self.adHocID ? nil : current.id, method: request.method.rawValue,
                        url: redactor.redact(url: request.url),
                        date: started, status: response.statusCode, source: response.source,
                        duration: response.timing.duration.seconds, request: record, cacheKey: response.cache?.key,
                        phases: response.source == .live ? response.phases : nil
                    ))
            }
        } catch {
            let failure = TernError.wrap(error)
            try? cookieJars.saveIfChanged()
            await remember(
                HistoryEntry(
                    spec: current.id == Self.adHocID ? nil : current.id, method: request.method.rawValue,
                    url: redactor.redact(url: request.url),
                    date: started,
                    duration: Date().timeIntervalSince(started), error: redactor.redact(failure.description),
                    request: history == nil ? nil : handler.cacheIdentity.record(of: request, redactor: redactor)
                ))
            var message = redactor.redact(failure.message)
            if failure.kind == .tooManyRedirects, message.hasSuffix(")") {
                message = String(message.dropLast()) + "; --max-redirects or handler.redirects.max raises it)"
            }
            throw ExplorerError(.request, message, underlying: failure)
        }
        try saveCookies()
        return response
    }

    /// The resolved request of the spec `name` (or the selected one), as it would be sent.
    package func resolvedRequest(_ name: String? = nil) throws(ExplorerError) -> Request {
        try resolve(try entry(name))
    }

    private func remember(_ entry: HistoryEntry) async {
        try? await history?.recordHistory(entry)
    }
}
