import Foundation
import NIOCore
import NIOHTTP1

/// `GET /sse` and `GET /ndjson`: a stream of numbered events, as Server-Sent Events or JSON lines.
///
/// Query options: `count=N` events (default 10, at most 1,000,000), `interval=MS` between events
/// (default 0: as fast as the connection takes them), `rate=R` events per second (paced in 10 ms
/// batches; for benchmarks), `event=NAME` (the SSE `event:` field),
/// `hold=1` (after the last event, keep the connection open until the client leaves, as a live feed
/// does), `ids=first` (only the first connection's events carry `id:`; a reconnection's keep the last
/// one, as WPT's `format-field-id` checks). Each event's data is `{"n": i, "of": N, "text": "event i"}`;
/// SSE events carry `id: i`, and the stream opens with a comment and `retry: 3000` (`retry=MS` for another value).
///
/// Reconnection, as an EventSource server does it: with `chunk=K`, a connection ends after K events;
/// a request with `Last-Event-ID: i` continues after event i, and once every event was sent the
/// answer to it is `204 No Content` (which tells the client to stop).
enum StreamRoutes {
    private static let maximumCount = 1_000_000
    /// Events written at once when there is no interval.
    private static let batch = 256

    /// Streams `count` events in `format`.
    static func respond(to exchange: MockExchange, serverSentEvents: Bool) async throws -> ResponseOutcome {
        let request = exchange.request
        let count = min(maximumCount, max(0, request.queryInt("count") ?? 10))
        let interval = min(60_000, max(0, request.queryInt("interval") ?? 0))
        let rate = min(1_000_000, max(0, request.queryInt("rate") ?? 0))
        let started = ContinuousClock.now
        let name = request.queryValue("event").map(sanitized)
        let contentType = serverSentEvents ? "text/event-stream" : "application/x-ndjson"
        let chunk = request.queryInt("chunk").map { max(1, $0) }
        let after = serverSentEvents ? (request.headers.first(name: "Last-Event-ID").flatMap { Int($0) } ?? 0) : 0
        let retry = min(600_000, max(0, request.queryInt("retry") ?? 3000))
        let idsOnFirst = request.queryValue("ids") == "first"
        if after > 0, after >= count { return try await exchange.send(MockResponse(status: 204)) }
        let last = chunk.map { min(count, after + $0) } ?? count
        let writer = exchange.writer
        try await writer.writeHead(
            status: 200, headers: [("Content-Type", contentType), ("Cache-Control", "no-cache")], contentLength: nil)
        if writer.isHeadRequest { return try await writer.finish() }
        var pending = serverSentEvents ? ": a stream of \(count) events\nretry: \(retry)\n\n" : ""
        var waiting = 0
        for index in stride(from: after + 1, through: last, by: 1) {
            pending +=
                serverSentEvents
                ? event(index, of: count, name: name, id: after > 0 && idsOnFirst ? nil : index)
                : line(index, of: count)
            waiting += 1
            if rate > 0 {
                // Paced: the events due by now leave together, every 10 ms.
                let due = started + .seconds(Double(index) / Double(rate))
                if due > ContinuousClock.now, index < last {
                    try await writer.writeBody(ByteBuffer(string: pending))
                    pending = ""
                    waiting = 0
                    try await Task.sleep(until: max(due, ContinuousClock.now + .milliseconds(10)), clock: .continuous)
                }
                continue
            }
            if interval > 0 || waiting == batch || index == last {
                try await writer.writeBody(ByteBuffer(string: pending))
                pending = ""
                waiting = 0
                if interval > 0, index < last { try await Task.sleep(for: .milliseconds(interval)) }
            }
        }
        if !pending.isEmpty { try await writer.writeBody(ByteBuffer(string: pending)) }
        if request.queryValue("hold") == "1" {
            // A live feed: keep-alive comments until the client goes away (bounded to ten minutes).
            for _ in 0..<600 {
                try await Task.sleep(for: .seconds(1))
                try await writer.writeBody(ByteBuffer(string: serverSentEvents ? ": keep-alive\n\n" : "\n"))
            }
        }
        return try await writer.finish()
    }

    private static func data(_ index: Int, of count: Int) -> String {
        "{\"n\":\(index),\"of\":\(count),\"text\":\"event \(index)\"}"
    }

    private static func event(_ index: Int, of count: Int, name: String?, id: Int?) -> String {
        let field = name.map { "event: \($0)\n" } ?? ""
        let idField = id.map { "id: \($0)\n" } ?? ""
        return "\(field)\(idField)data: \(data(index, of: count))\n\n"
    }

    private static func line(_ index: Int, of count: Int) -> String {
        data(index, of: count) + "\n"
    }

    /// An event name without line breaks (a query value must not inject fields).
    private static func sanitized(_ name: String) -> String {
        String(name.filter { !$0.isNewline }.prefix(64))
    }
}
