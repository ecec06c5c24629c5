import Foundation
import HTTPTypes

/// The request a redirect leads to, worked out from the request that was redirected and the 3xx
/// that answered it (RFC 9110 §15.4, with the Fetch standard's method changes).
///
/// - `303` becomes `GET` (a `HEAD` stays `HEAD`), and so do `301` and `302` after a `POST`, as
///   browsers do; the body and its `Content-*` fields go with the method change.
/// - `307` and `308` keep the method and the body.
/// - To another origin, `Authorization`, `Proxy-Authorization` and `Cookie` are dropped and auth
///   interceptors do not sign the request; the cookie jar still adds the cookies that match it.
enum RedirectStep {
    /// The statuses that redirect.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Fields that describe a body, dropped with it.
    static let bodyFields: Set<String> = [
        "content-type", "content-length", "content-encoding", "content-language", "content-location",
    ]

    /// Fields that are credentials for one origin.
    static let credentialFields: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    /// The next request when `response` redirects `request` somewhere Tern can go, else `nil`.
    static func next(after request: Request, status: Int, headers: HTTPFields) -> Request? {
        guard redirectStatuses.contains(status), let location = headers[values: .location].first,
            let target = URL(string: location.trimmingWhitespace(), relativeTo: request.url)?
                .absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https", target.host != nil
        else { return nil }
        var next = request
        next.url = target
        let changesToGET =
            (status == 303 && request.method != .head) || ((status == 301 || status == 302) && request.method == .post)
        if changesToGET {
            next.method = .get
            next.body = .none
            next.headers = request.headers.removing(bodyFields)
        }
        if !target.hasSameOrigin(as: request.url) {
            next.headers = next.headers.removing(credentialFields)
            next.requiresAuthentication = false
        }
        return next
    }

}
