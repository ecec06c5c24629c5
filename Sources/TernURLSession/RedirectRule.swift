import Foundation
import Tern

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What to do with one redirect URLSession proposes: pure, so it is tested without a network.
enum RedirectRule {
    /// The decision for one redirect.
    enum Decision {
        /// Send this request (already stripped of credentials when the origin changes).
        case follow(URLRequest)
        /// Return the 3xx response as it is.
        case stop
        /// Fail: the redirect cannot be followed faithfully.
        case refuse(TernError)
    }

    /// Fields a redirect to another origin never carries.
    static let credentialFields = ["Authorization", "Proxy-Authorization", "Cookie"]

    /// Decides the redirect from `from` to `proposed`, the `followed`-th one of the task plus one.
    ///
    /// FoundationNetworking re-sends a redirected request without its body, even when the method
    /// is kept (307/308, or 301/302 of anything but POST): a request with a body is refused with
    /// `.unsupported` instead of silently arriving empty.
    static func decide(
        proposed: URLRequest, from: URL?, sendsBody: Bool, followed: Int, maximum: Int, label: String
    ) -> Decision {
        guard followed < maximum else { return .stop }
        var request = proposed
        let method = request.httpMethod ?? "GET"
        if sendsBody {
            guard method == "GET" || method == "HEAD" else {
                return .refuse(
                    TernError(
                        .unsupported,
                        "URLSession on Linux re-sends a redirected \(method) without its body; "
                            + "use HTTPClientTransport or the final URL", requestLabel: label))
            }
            // The body is dropped (POST turned into GET): its length and type go with it.
            request.setValue(nil, forHTTPHeaderField: "Content-Length")
            request.setValue(nil, forHTTPHeaderField: "Content-Type")
        }
        if let from, let to = request.url, !sameOrigin(from, to) {
            for name in credentialFields { request.setValue(nil, forHTTPHeaderField: name) }
        }
        return .follow(request)
    }

    /// Whether two URLs share scheme, host and port (default ports made explicit).
    static func sameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
        lhs.hasSameOrigin(as: rhs)
    }
}
