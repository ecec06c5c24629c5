import Foundation

/// An HTTP proxy that requests go through (`HTTPClientTransport` tunnels `http` and `https` alike with `CONNECT`).
public struct ProxySettings: Sendable, Hashable {
    /// The proxy's host name or address.
    public var host: String
    /// The proxy's port.
    public var port: Int
    /// Basic credentials sent as `Proxy-Authorization`, if the proxy asks for them.
    public var credentials: Credentials?

    /// A user name and password for a proxy.
    public struct Credentials: Sendable, Hashable {
        /// The user name.
        public var username: String
        /// The password.
        public var password: String

        /// Makes credentials.
        public init(username: String, password: String) {
            self.username = username
            self.password = password
        }
    }

    /// Makes proxy settings.
    public init(host: String, port: Int, credentials: Credentials? = nil) {
        self.host = host
        self.port = port
        self.credentials = credentials
    }

    /// Reads a proxy URL such as `http://user:pass@proxy.local:3128` (a bare `host:port` also works;
    /// the port defaults to 1080 like curl's). Returns `nil` for text that is not a usable proxy URL.
    public init?(url text: String) {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        let withScheme = trimmed.contains("://") ? trimmed : "http://" + trimmed
        guard let components = URLComponents(string: withScheme), let host = components.host, !host.isEmpty,
            components.scheme?.lowercased() == "http"
        else { return nil }
        let port = components.port ?? 1080
        guard (1...65_535).contains(port) else { return nil }
        self.host = host
        self.port = port
        if let user = components.user, !user.isEmpty {
            credentials = Credentials(
                username: user.removingPercentEncoding ?? user,
                password: components.password.map { $0.removingPercentEncoding ?? $0 } ?? "")
        } else {
            credentials = nil
        }
    }

    /// `host:port`, without credentials (safe to show and log).
    public var address: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

extension ProxySettings: CustomStringConvertible {
    /// The address, with `user:***@` when there are credentials: never the password.
    public var description: String {
        guard let credentials else { return address }
        return "\(credentials.username):***@\(address)"
    }
}
