import Foundation

/// Joins a base URL and a path the way users write them, and checks the result.
enum URLJoining {
    /// `base` + `path` with exactly one slash between them; a path that is a full URL wins.
    static func join(base: String, path: String) -> String {
        if path.contains("://") || base.isEmpty { return path }
        if path.isEmpty { return base }
        let trimmedBase = base.hasSuffix("/") ? String(base.dropLast()) : base
        let trimmedPath = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return trimmedBase + "/" + trimmedPath
    }

    /// The URL when `text` is an absolute http(s) URL with a host, else `nil`.
    static func parse(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }
}
