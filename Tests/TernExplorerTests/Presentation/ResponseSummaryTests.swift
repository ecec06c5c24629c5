import Foundation
import HTTPTypes
import Testing

@testable import Tern
@testable import TernExplorer

@Suite("Response summary and request lines")
struct ResponseSummaryTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func response(source: ResponseSource = .live, cache: Response.CacheInfo? = nil, attempts: Int = 1) -> Response {
        Response(
            status: .notFound, headers: [.contentType: "application/json"], body: Data("{}".utf8), source: source,
            request: Request(url: URL(string: "http://127.0.0.1:1/users/1")!),
            timing: .init(start: now, duration: .milliseconds(38)), attempts: attempts, cache: cache
        )
    }

    @Test("a live answer: status, badge, time and size; retries add the attempts")
    func live() {
        let summary = ResponseSummary(response(), now: now)
        #expect(summary.line == "404 Not Found · LIVE · 38 ms · 2 B")
        #expect(summary.shortLine == "404 Not Found · LIVE · 38 ms · 2 B")
        let retried = ResponseSummary(response(attempts: 3), now: now)
        #expect(retried.line == "404 Not Found · LIVE · 38 ms · 2 B · 3 attempts")
    }

    @Test("a compressed answer shows the coding and both sizes in place of the size")
    func compressed() {
        var gzip = response()
        gzip.contentDecoding = ContentDecoding(encoding: "gzip", encodedByteCount: 3100, decodedByteCount: 48_000)
        #expect(ResponseSummary(gzip, now: now).line == "404 Not Found · LIVE · 38 ms · gzip 3.1 KB → 48.0 KB")
        gzip.contentDecoding?.encodedByteCount = nil
        #expect(ResponseSummary(gzip, now: now).details.last == "gzip → 48.0 KB")
        gzip.contentDecoding = ContentDecoding(
            encoding: "br", encodedByteCount: 2, decodedByteCount: 2, isDecoded: false, note: "n")
        #expect(ResponseSummary(gzip, now: now).details.last == "br 2 B (not decoded)")
    }

    @Test("a live answer's connection is a line of its own; a replayed one has none")
    func connection() {
        var live = response()
        live.connection = ConnectionInfo(
            httpVersion: "HTTP/2", tlsVersion: "TLS 1.3", certificateSubject: "CN=api.example.com",
            certificateNotAfter: Date(timeIntervalSince1970: 1_801_353_600))
        let summary = ResponseSummary(live, now: now)
        #expect(summary.connection == "HTTP/2 · TLS 1.3 · CN=api.example.com · expires 2027-01-31")
        #expect(summary.line == "404 Not Found · LIVE · 38 ms · 2 B")
        var replayed = live
        replayed.source = .sample
        #expect(ResponseSummary(replayed, now: now).connection == nil)
    }

    @Test("a replayed answer carries its state, age and validity; an expired one says so once")
    func replayed() {
        let revalidated = Response.CacheInfo(
            key: "k", storedAt: now.addingTimeInterval(-240), validUntil: now.addingTimeInterval(360),
            state: .revalidated)
        let summary = ResponseSummary(response(source: .cache, cache: revalidated), now: now)
        #expect(summary.line == "404 Not Found · CACHE · revalidated (stored 4m ago, valid 6m) · 38 ms · 2 B")
        #expect(summary.shortLine == "404 Not Found · CACHE · revalidated · 38 ms · 2 B")
        let expired = Response.CacheInfo(
            key: "k", storedAt: now.addingTimeInterval(-900), validUntil: now.addingTimeInterval(-600), isExpired: true)
        let expiredBadge = SourceBadge(response(source: .cache, cache: expired), now: now)
        #expect(expiredBadge.text == "CACHE (stored 15m ago, expired)")
        #expect(SourceBadge(response(source: .sample), now: now).text == "SAMPLE")
    }

    @Test("the badge from a stored entry's parts matches the badge of the response")
    func parts() {
        let badge = SourceBadge(
            source: .cache, state: "stale, offline", storedAt: now.addingTimeInterval(-60),
            validUntil: now.addingTimeInterval(60), now: now)
        #expect(badge.text == "CACHE · stale, offline (stored 1m ago, valid 1m)")
        #expect(badge.isStaleOffline && badge.needsAttention)
        let live = SourceBadge(source: .live, state: "drifted", storedAt: nil, validUntil: now, now: now)
        #expect(live.text == "LIVE")
        #expect(!live.needsAttention)
        let summary = ResponseSummary(
            statusCode: 200, reason: "OK", badge: live, duration: nil, size: 1_500, attempts: 0)
        #expect(summary.line == "200 OK · LIVE · 1.5 KB")
    }

    @Test("request lines mask secrets in the URL and the headers")
    func requestLines() {
        var request = Request(url: URL(string: "http://127.0.0.1:1/users?token=s3cret")!)
        request.headers[.authorization] = "Bearer s3cret"
        request.headers[.accept] = "application/json"
        let lines = RequestLines(request, secretValues: ["s3cret"])
        #expect(lines.requestLine == "GET http://127.0.0.1:1/users?token=••••••")
        #expect(
            lines.lines == [
                "GET http://127.0.0.1:1/users?token=••••••", "Authorization: Bearer ••••••", "Accept: application/json",
            ])
        #expect(RequestLines(request).headers.first?.value == "Bearer s3cret")
    }
}
