import Foundation
import NIOCore
import NIOHTTP1

/// `POST /auth/login` (a JSON `{"username", "password"}` gives the current token), `GET /auth/protected`
/// (bearer token check) and `POST /auth/refresh` (token rotation).
enum AuthRoutes {
    /// The password `/auth/login` accepts, for any user name.
    static let password = "tern"

    /// The answer for `/auth/{action}`, or `nil` when no auth route matches.
    static func response(
        to request: MockRequest, action: String, body: ByteBuffer, state: MockServerState
    ) async throws -> MockResponse? {
        switch action {
        case "login" where request.isMethod("POST"):
            return login(body, state: state)
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

    /// The current token and a `session` cookie for the right password; 401 otherwise.
    private static func login(_ body: ByteBuffer, state: MockServerState) -> MockResponse {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any],
            let user = object["username"] as? String, !user.isEmpty, object["password"] as? String == password
        else {
            return .json(.object([("error", .string("wrong user name or password"))]), status: 401)
        }
        let token = state.currentToken
        return .json(
            .object([("token", .string(token)), ("user", .string(user)), ("expiresIn", .int(3600))]),
            headers: [("Set-Cookie", "session=\(token); Path=/; HttpOnly")]
        )
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
