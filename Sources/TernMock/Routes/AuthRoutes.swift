/// `GET /auth/protected` (bearer token check) and `POST /auth/refresh` (token rotation).
enum AuthRoutes {
    /// The answer for `/auth/{action}`, or `nil` when no auth route matches.
    static func response(to request: MockRequest, action: String, state: MockServerState) async throws -> MockResponse? {
        switch action {
        case "protected" where request.isMethod("GET", "HEAD"):
            return protected(request, state: state)
        case "refresh" where request.isMethod("POST"):
            if let delay = request.queryInt("delayMs"), delay > 0 {
                try await Task.sleep(for: .milliseconds(delay))
            }
            if request.queryValue("fail") == "1" {
                return .json(.object([("error", .string("refresh failed"))]), status: 500)
            }
            return .json(.object([("token", .string(state.refreshToken()))]))
        default:
            return nil
        }
    }

    private static func protected(_ request: MockRequest, state: MockServerState) -> MockResponse {
        if request.headers.first(name: "authorization") == "Bearer \(state.currentToken)" {
            return .json(.object([("ok", .bool(true))]))
        }
        return .json(
            .object([("error", .string("unauthorized"))]),
            status: 401,
            headers: [("WWW-Authenticate", "Bearer")]
        )
    }
}
