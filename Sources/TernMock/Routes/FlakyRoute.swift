import Foundation

/// `ANY /flaky/{key}`: fails the first N requests per key, then succeeds.
///
/// Query options: `failures=N` (default 2), `status=S` (default 503), `retryAfter=SECONDS`
/// (fractional allowed), `retryAfterDate=1` (send `Retry-After` as an HTTP-date instead).
enum FlakyRoute {
    /// Counts the attempt for `key` and answers failure or success.
    static func response(to request: MockRequest, key: String, state: MockServerState) -> MockResponse {
        let attempt = state.nextFlakyAttempt(key: key)
        let failures = request.queryInt("failures") ?? 2
        guard attempt <= failures else {
            return .json(.object([("key", .string(key)), ("attempts", .int(attempt))]))
        }
        let status = request.queryInt("status").flatMap { (400...599).contains($0) ? $0 : nil } ?? 503
        var headers: [(String, String)] = []
        if let retryAfter = request.queryValue("retryAfter") {
            if request.queryValue("retryAfterDate") == "1" {
                let seconds = Double(retryAfter) ?? 0
                headers.append(("Retry-After", httpDate(Date().addingTimeInterval(seconds.rounded(.up)))))
            } else {
                headers.append(("Retry-After", retryAfter))
            }
        }
        return .json(.object([("attempt", .int(attempt)), ("failing", .bool(true))]), status: status, headers: headers)
    }

    /// An IMF-fixdate such as `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
