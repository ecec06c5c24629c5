public import Foundation

extension ProxySettings {
    /// The proxy the usual environment variables ask for, for a request to `url`, or `nil` for none.
    ///
    /// Like curl: `http_proxy`/`HTTP_PROXY` for `http` URLs (the lowercase one wins; curl ignores an
    /// uppercase `HTTP_PROXY` for safety only in CGI, Tern reads both), `https_proxy`/`HTTPS_PROXY` for
    /// `https`, then `all_proxy`/`ALL_PROXY` for both; `no_proxy`/`NO_PROXY` lists hosts that go direct.
    public static func fromEnvironment(_ environment: [String: String], for url: URL) -> ProxySettings? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        func value(_ name: String) -> String? {
            for key in [name.lowercased(), name.uppercased()] {
                if let text = environment[key]?.trimmingWhitespace(), !text.isEmpty { return text }
            }
            return nil
        }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        if let noProxy = value("no_proxy"), bypasses(host: host, port: port, noProxy: noProxy) { return nil }
        guard let text = value("\(scheme)_proxy") ?? value("all_proxy") else { return nil }
        return ProxySettings(url: text)
    }

    /// Whether `NO_PROXY` sends `host` direct: `*` matches every host; an entry matches the host itself
    /// and its subdomains (a leading `.` or `*.` is ignored); an entry with `:port` matches that port
    /// only; IP addresses match exactly. Matching ignores case.
    public static func bypasses(host: String, port: Int, noProxy: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        for raw in noProxy.split(separator: ",") {
            var entry = raw.trimmingWhitespace().lowercased()
            if entry == "*" { return true }
            var entryPort: Int?
            if let colon = entry.lastIndex(of: ":"), !entry.hasSuffix("]"),
                entry.firstIndex(of: ":") == colon || entry.hasPrefix("[")
            {
                entryPort = Int(entry[entry.index(after: colon)...])
                entry = String(entry[..<colon])
            }
            entry = entry.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            if entry.hasPrefix("*.") { entry.removeFirst(2) } else if entry.hasPrefix(".") { entry.removeFirst() }
            guard !entry.isEmpty else { continue }
            if let entryPort, entryPort != port { continue }
            if name == entry || name.hasSuffix("." + entry) { return true }
        }
        return false
    }
}
