import Foundation

/// The built-in routes (`/status`, `/delay`, `/bytes`, `/echo`, ...) and the 404 fallback.
enum BuiltinRoutes {
    /// Dispatches on the first path segment; anything unknown is 404.
    static func respond(to exchange: MockExchange) async throws -> ResponseOutcome {
        let request = exchange.request
        let segments = request.segments
        let first = segments.first ?? ""
        let second = segments.count == 2 ? segments[1] : nil

        switch first {
        case "status" where second != nil:
            if let code = second.flatMap({ Int($0) }), (100...999).contains(code) {
                return try await exchange.send(status(code))
            }
        case "delay" where second != nil:
            if let milliseconds = second.flatMap({ Int($0) }), milliseconds >= 0 {
                try await Task.sleep(for: .milliseconds(milliseconds))
                return try await exchange.send(.json(.object([("delayedMs", .int(milliseconds))])))
            }
        case "bytes" where second != nil && request.isMethod("GET", "HEAD"):
            if let count = second.flatMap({ Int($0) }), count >= 0 {
                return try await BytesRoute.respond(to: exchange, count: count)
            }
        case "flaky" where second.map({ !$0.isEmpty }) == true:
            return try await exchange.send(FlakyRoute.response(to: request, key: segments[1], state: exchange.state))
        case "auth" where segments.count == 2:
            if let response = try await AuthRoutes.response(
                to: request, action: segments[1], body: exchange.body, state: exchange.state)
            {
                return try await exchange.send(response)
            }
        case "cookies" where segments.count <= 2:
            if let response = CookieRoutes.cookies(request, action: second) {
                return try await exchange.send(response)
            }
        case "session" where segments.count == 2:
            if let response = CookieRoutes.session(request, action: segments[1], body: exchange.body) {
                return try await exchange.send(response)
            }
        case "redirect" where second != nil && request.isMethod("GET", "HEAD"):
            if let hops = second.flatMap({ Int($0) }), hops >= 0 {
                let location = hops == 0 ? "/echo" : "/redirect/\(hops - 1)"
                return try await exchange.send(redirect(status: 302, location: location))
            }
        case "redirect-to" where segments.count == 1:
            return try await exchange.send(redirectTo(request))
        case "cache" where second != nil && request.isMethod("GET", "HEAD"):
            if let seconds = second.flatMap({ Int($0) }), seconds >= 0 {
                let served = exchange.state.nextCacheServe(path: request.path)
                let headers = [("Cache-Control", "max-age=\(seconds)")]
                return try await exchange.send(.json(.object([("served", .int(served))]), headers: headers))
            }
        case "etag" where second.flatMap({ Int($0) }).map({ $0 >= 0 }) == true && request.isMethod("GET", "HEAD"):
            let response = ConditionalRoute.response(
                to: request, seconds: second.flatMap { Int($0) } ?? 0, state: exchange.state)
            return try await exchange.send(response)
        case "sse" where segments.count == 1 && request.isMethod("GET", "HEAD"):
            return try await StreamRoutes.respond(to: exchange, serverSentEvents: true)
        case "ndjson" where segments.count == 1 && request.isMethod("GET", "HEAD"):
            return try await StreamRoutes.respond(to: exchange, serverSentEvents: false)
        case "digest-auth":
            if let response = DigestAuthRoutes.digest(request, body: exchange.body, state: exchange.state) {
                return try await exchange.send(response)
            }
        case "basic-auth":
            if let response = DigestAuthRoutes.basic(request) { return try await exchange.send(response) }
        case "oauth":
            if let response = OAuthRoutes.response(to: request, body: exchange.body, state: exchange.state.oauth) {
                return try await exchange.send(response)
            }
        case "bearer":
            if let response = DigestAuthRoutes.bearer(request) { return try await exchange.send(response) }
        case "users":
            if let response = UsersRoutes.response(to: request, body: exchange.body) {
                return try await exchange.send(response)
            }
        case "graphql" where segments.count == 1:
            return try await exchange.send(GraphQLRoute.response(to: request, body: exchange.body))
        case "gzip", "deflate", "negotiated", "encoded", "gzip-bomb":
            if let response = CompressionRoutes.response(to: request) {
                return try await exchange.send(response)
            }
        default:
            break
        }
        return try await exchange.send(notFound(request.path))
    }

    /// `{"error":"not found","path":...}` with status 404.
    static func notFound(_ path: String) -> MockResponse {
        .json(.object([("error", .string("not found")), ("path", .string(path))]), status: 404)
    }

    private static func status(_ code: Int) -> MockResponse {
        if MockResponse.statusForbidsBody(code) {
            return MockResponse(status: code)
        }
        return .json(.object([("status", .int(code))]), status: code)
    }

    private static func redirect(status: Int, location: String) -> MockResponse {
        let body = MockJSONValue.object([("status", .int(status)), ("location", .string(location))])
        return .json(body, status: status, headers: [("Location", location)])
    }

    private static func redirectTo(_ request: MockRequest) -> MockResponse {
        guard let url = request.queryValue("url"), !url.isEmpty else {
            return .json(.object([("error", .string("missing url")), ("path", .string(request.path))]), status: 400)
        }
        let status = request.queryInt("status") ?? 302
        guard (300...399).contains(status) else {
            return .json(.object([("error", .string("status must be 3xx"))]), status: 400)
        }
        return redirect(status: status, location: url)
    }
}
