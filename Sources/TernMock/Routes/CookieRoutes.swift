import Foundation
import NIOCore
import NIOHTTP1

/// httpbin-style cookie routes (`GET /cookies`, `/cookies/set?name=value`, `/cookies/delete?name`) and a
/// cookie sign-in (`POST /session/login`, `GET /session/me`, `POST /session/logout`).
///
/// `/cookies/set` and `/cookies/delete` answer as httpbin does: a `302` to `/cookies` carrying the
/// `Set-Cookie` fields, so a client keeps the cookies of a redirect only if it follows it hop by hop.
enum CookieRoutes {
    /// The password `/session/login` accepts, for any user name.
    static let password = "tern"

    /// The answer for `/cookies[/action]`, or `nil` when no cookie route matches.
    static func cookies(_ request: MockRequest, action: String?) -> MockResponse? {
        guard request.isMethod("GET", "HEAD") else { return nil }
        let sent = received(request)
        switch action {
        case nil:
            return .json(.object([("cookies", object(sent))]))
        case "set":
            let set = request.queryItems.filter { isToken($0.name) && isCookieValue($0.value) }
            return .json(
                .object([("cookies", object(merged(sent, set)))]), status: 302,
                headers: [("Location", "/cookies")] + set.map { ("Set-Cookie", "\($0.name)=\($0.value); Path=/") })
        case "delete":
            let names = Set(request.queryItems.map(\.name).filter(isToken))
            return .json(
                .object([("cookies", object(sent.filter { !names.contains($0.name) }))]), status: 302,
                headers: [("Location", "/cookies")] + names.sorted().map { ("Set-Cookie", "\($0)=; Max-Age=0; Path=/") }
            )
        default:
            return nil
        }
    }

    /// The answer for `/session/{action}`, or `nil` when no session route matches.
    static func session(_ request: MockRequest, action: String, body: ByteBuffer) -> MockResponse? {
        switch action {
        case "login" where request.isMethod("POST"):
            guard let object = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any],
                let user = object["username"] as? String, isToken(user), user.utf8.count <= 64,
                object["password"] as? String == password
            else {
                return .json(.object([("error", .string("wrong user name or password"))]), status: 401)
            }
            return .json(
                .object([("user", .string(user))]),
                headers: [("Set-Cookie", "session=\(user).\(signature(of: user)); Path=/; HttpOnly; SameSite=Lax")])
        case "me" where request.isMethod("GET", "HEAD"):
            guard let user = signedInUser(request) else {
                return .json(.object([("error", .string("not signed in: POST /session/login first"))]), status: 401)
            }
            return .json(.object([("user", .string(user))]))
        case "logout" where request.isMethod("POST"):
            return .json(
                .object([("signedOut", .bool(true))]), headers: [("Set-Cookie", "session=; Max-Age=0; Path=/")])
        default:
            return nil
        }
    }

    /// The user a valid `session` cookie names.
    private static func signedInUser(_ request: MockRequest) -> String? {
        guard let session = received(request).last(where: { $0.name == "session" })?.value,
            let dot = session.lastIndex(of: ".")
        else { return nil }
        let user = String(session[..<dot])
        return session[session.index(after: dot)...] == signature(of: user) ? user : nil
    }

    private static func signature(of user: String) -> String {
        var hash = FNV1a()
        hash.update("tern-mock-session:\(user)".utf8)
        return hash.hex
    }

    /// Every `name=value` of the request's `Cookie` headers, in order.
    private static func received(_ request: MockRequest) -> [(name: String, value: String)] {
        request.headers["cookie"].flatMap { $0.split(separator: ";") }.compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return nil }
            return (name, parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }
    }

    private static func merged(
        _ sent: [(name: String, value: String)], _ set: [(name: String, value: String)]
    ) -> [(name: String, value: String)] {
        let names = Set(set.map(\.name))
        return sent.filter { !names.contains($0.name) } + set
    }

    private static func object(_ pairs: [(name: String, value: String)]) -> MockJSONValue {
        var seen = Set<String>()
        var unique: [(String, MockJSONValue)] = []
        for pair in pairs.reversed() where seen.insert(pair.name).inserted {
            unique.insert((pair.name, .string(pair.value)), at: 0)
        }
        return .object(unique)
    }

    /// Whether `text` is a cookie name (an RFC 7230 token).
    private static func isToken(_ text: String) -> Bool {
        let separators = "()<>@,;:\\\"/[]?={}".unicodeScalars
        return !text.isEmpty && text.utf8.count <= 256
            && text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && !separators.contains($0) }
    }

    /// Whether `text` may be sent as a cookie value unquoted.
    private static func isCookieValue(_ text: String) -> Bool {
        let excluded = ";,\\\"".unicodeScalars
        return text.utf8.count <= 4096
            && text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && !excluded.contains($0) }
    }
}
