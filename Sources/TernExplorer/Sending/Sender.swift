import Foundation
import HTTPTypes
import Tern
import TernExplorerStorage
import TernWorkspace

/// Sends one spec as the session has it: through the handler in the session's mode, with the cookie jar,
/// a WebSocket spec as a conversation, every attempt on the activity log and the send in the history. The
/// sending concept; what a spec requires and checks is `ChainedSend`'s.
struct Sender {
    /// The session as it was when the send began.
    let context: ExplorerContext

    /// A sender in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// Sends `entry` with `adjustments`, recording history; nothing else.
    func send(_ entry: SpecEntry, adjustments: SendAdjustments) async throws(ExplorerError) -> Response {
        var current = entry
        for header in adjustments.headers {
            current.spec.headers.removeAll { $0.name.caseInsensitiveCompare(header.name) == .orderedSame }
            current.spec.headers.append(header)
        }
        for item in adjustments.query {
            current.spec.query.removeAll { $0.name == item.name }
            current.spec.query.append((name: item.name, value: .string(item.value)))
        }
        if let body = adjustments.body { current.spec.body = BodyText.body(from: body) }
        var request = try context.withCookies(context.resolve(current), spec: current.spec)
        if let data = adjustments.bodyData {
            do {
                try request.setBody(.data(data))
            } catch {
                throw ExplorerError(.usage, "the body cannot be sent: \(error)")
            }
            if request.headers[.contentType] == nil { request.headers[.contentType] = "application/octet-stream" }
        }
        if adjustments.streamsBody { request.transaction = .download }
        if let timeout = adjustments.timeout { request.timeout = timeout }
        if let connection = adjustments.connection { request.connectionSettings = connection }
        let started = Date()
        let handler = context.handler
        let redactor = handler.redactor(for: request)
        let activity = context.services.activity
        let observer = adjustments.onEvent
        let onEvent: @Sendable (HandlerEvent) -> Void = { event in
            activity.record(event)
            observer?(event)
        }
        // A GraphQL operation that does not fit its schema is refused here: nothing reaches the server.
        if case .graphql(let body)? = current.spec.body, body.check, adjustments.checksGraphQL {
            try await GraphQLCheck(context).check(current, request: request)
        }
        // A gRPC spec is a call: its own errors (a method the descriptors lack, a message that does not fit)
        // are the spec's, not a failed send's.
        if current.spec.isGRPC {
            return try await GRPCDesk(context).send(current, request: request, adjustments: adjustments)
        }
        let response: Response
        do {
            if GraphQLSubscription.applies(to: current.spec, url: request.url) {
                response = try await GraphQLSubscription(context).exchange(
                    current, request: request, adjustments: adjustments, onEvent: onEvent)
            } else if current.spec.isWebSocket {
                response = try await context.conversations.exchange(
                    current, request: request, adjustments: adjustments, context: context, onEvent: onEvent)
            } else if let onStream = adjustments.onStream, request.transaction != .download {
                let stream = handler.stream(
                    request, mode: context.mode, stop: adjustments.streamStop ?? StreamStop(), onEvent: onEvent)
                for try await item in stream.items { onStream(item) }
                response = try await stream.response
            } else {
                response = try await handler.send(request, mode: context.mode, onEvent: onEvent)
            }
            if context.services.history != nil {
                let record = response.cache?.request ?? handler.cacheIdentity.record(of: request, redactor: redactor)
                await remember(
                    HistoryEntry(
                        spec: current.id == AdHocSpec.id ? nil : current.id, method: request.method.rawValue,
                        url: redactor.redact(url: request.url),
                        date: started, status: response.statusCode, source: response.source,
                        duration: response.timing.duration.seconds, request: record, cacheKey: response.cache?.key,
                        phases: response.source == .live ? response.phases : nil
                    ))
            }
        } catch {
            let failure = TernError.wrap(error)
            try? context.services.cookieJars.saveIfChanged()
            await remember(
                HistoryEntry(
                    spec: current.id == AdHocSpec.id ? nil : current.id, method: request.method.rawValue,
                    url: redactor.redact(url: request.url),
                    date: started,
                    duration: Date().timeIntervalSince(started), error: redactor.redact(failure.description),
                    request: context.services.history == nil
                        ? nil : handler.cacheIdentity.record(of: request, redactor: redactor)
                ))
            var message = redactor.redact(failure.message)
            if failure.kind == .tooManyRedirects, message.hasSuffix(")") {
                message = String(message.dropLast()) + "; --max-redirects or handler.redirects.max raises it)"
            }
            throw ExplorerError(.request, message, underlying: failure)
        }
        try CookieDesk(context).save()
        return response
    }

    private func remember(_ entry: HistoryEntry) async {
        try? await context.services.history?.recordHistory(entry)
    }
}
